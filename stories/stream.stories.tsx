import type { Meta, StoryObj } from '@storybook/react-vite'
import { ReasoningStream } from 'reasoning-ui'
import { expect, waitFor, within } from 'storybook/test'
import { runStarted } from './support/events'
import { settled } from './support/play'
import { arabicEvents, opaqueReasoning, severalBlocksEvents, usageEvents } from './support/reasoning-scripts'
import { StreamStory, type StreamStoryArgs } from './support/stream-story'
import { documents, eventArgTypes, openPolicyArgType } from './support/scripted-store'
import { snippet } from './support/snippets'

const meta = {
  title: 'Components/ReasoningStream',
  component: documents<StreamStoryArgs>(ReasoningStream),
  render: (args) => <StreamStory {...args} />,
  args: { events: severalBlocksEvents, live: false, visibility: 'full' },
  argTypes: { ...eventArgTypes, ...openPolicyArgType },
  parameters: snippet('stream'),
} satisfies Meta<StreamStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Several blocks of one run, replayed live: a plan, a subagent's research (nested
 * under its name), hidden reasoning (lock), and a block that is still streaming.
 */
export const SeveralBlocks: Story = {
  args: { live: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')).toHaveLength(4), { timeout: 10_000 })
    await expect(canvas.getByText('Subagent researcher')).toBeVisible()
    await expect(canvas.getByText('Reasoning hidden by the provider')).toBeVisible()
    const panels = canvasElement.querySelectorAll('[data-slot="reasoning-panel"]')
    await waitFor(() => expect(panels[3]).toHaveAttribute('data-state', 'open'), { timeout: 5_000 })
    await expect(panels[3]).toHaveAttribute('data-status', 'streaming')
    await expect(canvasElement.innerHTML).not.toContain(opaqueReasoning)
    // Let the earlier blocks finish: none streaming, every complete one collapsed by the open
    // policy (axe runs after the play function; a panel caught mid-collapse fails its contrast check).
    // The last block stays streaming: the script leaves it open.
    await waitFor(
      () => {
        for (const panel of [...panels].slice(0, -1)) {
          expect(panel).not.toHaveAttribute('data-status', 'streaming')
          if (panel.getAttribute('data-status') === 'complete') expect(panel).toHaveAttribute('data-state', 'closed')
        }
        // Closed content at `full` stays in the page as hidden="until-found": count only what is shown.
        expect(canvasElement.querySelectorAll('[data-slot="reasoning-content"]:not([hidden])').length).toBe(
          canvasElement.querySelectorAll('[data-slot="reasoning-panel"][data-state="open"]').length,
        )
      },
      { timeout: 10_000 },
    )
    await settled(canvasElement)
  },
}

/** The same run where it ends (not replayed): earlier blocks closed with their durations, the last one open and streaming. */
export const SeveralBlocksAtOnce: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /Thought for 5 seconds/ })).toHaveAttribute('aria-expanded', 'false')
    // The subagent's block nests under its name, in a group that collapses.
    const researcher = canvas.getByRole('button', { name: 'Subagent researcher' })
    await expect(researcher).toHaveAttribute('aria-expanded', 'true')
    await expect(researcher.closest('[data-slot="reasoning-subagent-group"]')).toContainElement(canvas.getByRole('button', { name: /Thought for 3 seconds/ }))
    await expect(canvas.getByRole('button', { name: /Thinking · 4s/ })).toHaveAttribute('aria-expanded', 'true')
  },
}

/** A run that started but has not reasoned yet: the pending "Thinking…" row, a panel row replaced in place by the first block. */
export const Pending: Story = {
  args: { events: [runStarted()] },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByText('Thinking…')
    await expect(status).toBeVisible()
    await expect(status.closest('[data-slot="reasoning-pending"] [data-slot="reasoning-header"]')).not.toBeNull()
  },
}

/**
 * Runs that report their usage: each run's reasoning tokens once, after its last block,
 * compact for the locale — at every visibility level (a count is not reasoning text),
 * beside the lock of hidden reasoning too. `showTokens={false}` turns it off.
 */
export const ReasoningTokens: Story = {
  args: { events: usageEvents },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /Thought for 12 seconds/ })).toHaveTextContent('1.2K reasoning tokens')
    await expect(canvas.getByText('594 reasoning tokens')).toBeVisible()
    await expect(canvasElement.querySelectorAll('[data-slot="reasoning-tokens"]')).toHaveLength(2)
  },
}

/** Right to left (`dir="rtl"`), in Arabic with Arabic labels: the layout mirrors with logical properties only. */
export const RightToLeft: Story = {
  args: { events: arabicEvents },
  globals: { dir: 'rtl', locale: 'ar' },
  parameters: snippet('stream-arabic'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelector('[dir="rtl"]')).not.toBeNull()
    await expect(canvas.getByRole('button', { name: /^فكّر لمدة/ })).toHaveAttribute('aria-expanded', 'false')
    const streaming = canvas.getByRole('button', { name: /^جارٍ التفكير/ })
    await expect(streaming).toHaveAttribute('aria-expanded', 'true')
    // The latest section's title shows on the status row while it streams, and in the open text.
    await expect(within(streaming).getByText('التحقق من النتيجة')).toBeVisible()
    const shown = canvasElement.querySelector<HTMLElement>('[data-slot="reasoning-content"]:not([hidden])')!
    await expect(within(shown).getByText('التحقق من النتيجة')).toBeVisible()
  },
}
