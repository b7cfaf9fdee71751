import type { Decorator } from '@storybook/react-vite'
import { ReasoningProvider } from 'reasoning-ui'
import { localeLabels } from './labels'

export type StoryTheme = 'light' | 'dark' | 'brand'

/**
 * Wraps every story in a surface carrying the toolbar's choices: `data-theme`
 * (light, dark, or the Acme brand's custom properties), `dir`, and `lang` with
 * a `ReasoningProvider` giving that locale's labels and `Intl` wording.
 */
export const withStorySurface: Decorator = (Story, context) => {
  const theme = String(context.globals.theme ?? 'light')
  const dir = context.globals.dir === 'rtl' ? 'rtl' : 'ltr'
  const locale = String(context.globals.locale ?? 'en')
  const labels = localeLabels[locale]
  return (
    <div className="story-surface" data-theme={theme} dir={dir} lang={locale}>
      <div className="story-column">
        <ReasoningProvider locale={locale} {...(labels && { labels })}>
          <Story />
        </ReasoningProvider>
      </div>
    </div>
  )
}
