import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningProvider, ReasoningStream, ReasoningTimeline, type Visibility } from 'reasoning-ui'
import { expect, userEvent, within } from 'storybook/test'
import { germanLabels, localeLabels, type LabelsLanguage } from 'reasoning-ui/locales'
import { agentLoopEvents, germanEvents, severalBlocksEvents } from './support/reasoning-scripts'
import { settled } from './support/play'
import { documents, type EventArgs, eventArgTypes, ScriptedStream } from './support/scripted-store'
import { snippet } from './support/snippets'

interface ProviderStoryArgs extends EventArgs {
  /** Given to the provider, so every component below inherits it. */
  readonly visibility?: Visibility
}

const meta = {
  title: 'Components/ReasoningProvider',
  component: documents<ProviderStoryArgs>(ReasoningProvider),
  args: { events: severalBlocksEvents, live: false, visibility: 'summary' },
  argTypes: eventArgTypes,
  parameters: snippet('provider'),
} satisfies Meta<ProviderStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/**
 * German: `ReasoningProvider locale="de" labels={germanLabels}` (from `reasoning-ui/locales`). Durations
 * come from `Intl` with correct plurals: "1 Sekunde", "12 Sekunden", narrow "4 Sek.".
 */
export const German: Story = {
  args: { events: germanEvents, visibility: 'full' },
  globals: { locale: 'de' },
  parameters: snippet('provider-german'),
  render: ({ events, live, intervalMs, visibility }) => (
    <ReasoningProvider locale="de" labels={germanLabels} {...(visibility !== undefined && { visibility })}>
      <ScriptedStream events={events} live={live} {...(intervalMs !== undefined && { intervalMs })}>
        {(state) => <ReasoningTimeline state={state} />}
      </ScriptedStream>
    </ReasoningProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /^1 Sekunde lang nachgedacht/ })).toBeVisible()
    const twelve = canvas.getByRole('button', { name: /^12 Sekunden lang nachgedacht/ })
    await expect(twelve).toHaveTextContent('2 Schritte')
    await expect(canvas.getByText('wetter_abrufen aufgerufen')).toBeVisible()
    await expect(canvas.getByRole('button', { name: /^Denkt nach · 4 Sek\./ })).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(twelve)
    await settled(canvasElement)
    await expect(canvas.getByText(/12 °C sind für Mitte Januar mild/)).toBeVisible()
  },
}

/** App-wide defaults: the provider's `visibility` applies to every panel below it (here `summary`). */
export const VisibilityFromProvider: Story = {
  render: ({ events, live, intervalMs, visibility }) => (
    <ReasoningProvider {...(visibility !== undefined && { visibility })}>
      <ScriptedStream events={events} live={live} {...(intervalMs !== undefined && { intervalMs })}>
        {(state) => <ReasoningStream state={state} />}
      </ScriptedStream>
    </ReasoningProvider>
  ),
  play: async ({ canvasElement }) => {
    const panels = [...canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')]
    await expect(panels.map((p) => p.getAttribute('data-visibility'))).toEqual(['summary', 'summary', 'summary', 'summary'])
    await expect(canvasElement).not.toHaveTextContent('Day one: Alfama')
  },
}

const languageNames: Readonly<Record<LabelsLanguage, string>> = {
  en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', ja: '日本語', zh: '中文（简体）', ar: 'العربية',
}

/**
 * Every language of `reasoning-ui/locales`, one agent loop each: the status, the
 * step types, the tool calls and the outcome in that language, numbers in its
 * digits (Latin for all seven, `ar` included, in every engine).
 */
export const EveryLocale: Story = {
  args: { events: agentLoopEvents, visibility: 'full' },
  parameters: snippet('provider-locales'),
  render: ({ events, live, intervalMs, visibility }) => (
    <div style={{ display: 'grid', gap: '1.5rem' }}>
      {(Object.keys(localeLabels) as LabelsLanguage[]).map((locale) => (
        <section key={locale} lang={locale} dir={locale === 'ar' ? 'rtl' : 'ltr'} aria-label={languageNames[locale]}>
          <ReasoningProvider locale={locale} labels={localeLabels[locale]} openPolicy="stay-open" {...(visibility !== undefined && { visibility })}>
            <ScriptedStream events={events} live={live} {...(intervalMs !== undefined && { intervalMs })}>
              {(state) => <ReasoningTimeline state={state} />}
            </ScriptedStream>
          </ReasoningProvider>
        </section>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await settled(canvasElement)
    for (const locale of Object.keys(localeLabels) as LabelsLanguage[]) {
      const labels = localeLabels[locale]
      const section = within(canvasElement).getByRole('region', { name: languageNames[locale] })
      await expect(within(section).getByText(labels.toolCall('get_departures'))).toBeVisible()
      const button = section.querySelector<HTMLElement>('[data-slot="reasoning-trigger"]')!
      if (button.getAttribute('aria-expanded') !== 'true') await userEvent.click(button)
      await settled(canvasElement)
      const types = [...section.querySelectorAll('[data-slot="reasoning-step-type"]')].map((t) => t.textContent)
      await expect(types.slice(0, 2)).toEqual([labels.stepType('analysis'), labels.stepType('hypothesis')])
      await expect(section).not.toHaveTextContent(/[٠-٩]/)
    }
  },
}
