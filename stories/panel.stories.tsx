import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { ReasoningPanel } from 'reasoning-ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { PanelStory, type PanelStoryArgs } from './support/panels'
import { settled } from './support/play'
import { documents, eventArgTypes, openPolicyArgType } from './support/scripted-store'
import {
  codeEvents,
  completeEvents,
  encryptedOnlyEvents,
  interruptedEvents,
  longTraceEvents,
  opaqueReasoning,
  severalBlocksEvents,
  stoppedEvents,
  streamingEvents,
} from './support/reasoning-scripts'
import { recordedModel } from './support/scripts'
import { snippet } from './support/snippets'

const meta = {
  title: 'Components/ReasoningPanel',
  component: documents<PanelStoryArgs>(ReasoningPanel),
  render: (args) => <PanelStory {...args} />,
  args: { events: completeEvents, live: false, visibility: 'full' },
  argTypes: { ...eventArgTypes, ...openPolicyArgType },
  parameters: snippet('panel'),
} satisfies Meta<PanelStoryArgs>

export default meta
type Story = StoryObj<typeof meta>

const raw = 'Two trains leave stations'
const titles = ['Reading the question', 'Setting up the equation', 'Checking the units']

// ── Streaming ───────────────────────────────────────────────────────────

/** Still thinking under `full`: open while streaming, the text arriving paragraph by paragraph. */
export const StreamingFull: Story = {
  args: { events: streamingEvents, visibility: 'full' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /Thinking · 7s/ })).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByText(new RegExp(raw))).toBeVisible()
  },
}

/** Still thinking under `summary`: open while streaming, showing the titles so far, never the text. */
export const StreamingSummary: Story = {
  args: { events: streamingEvents, visibility: 'summary' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /Thinking · 7s/ })).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByText('Reading the question')).toBeVisible()
    await expect(canvasElement).not.toHaveTextContent(raw)
  },
}

/** Still thinking, 7 seconds in, under `none`: the status row only, nothing to open. */
export const StreamingNone: Story = {
  args: { events: streamingEvents, visibility: 'none' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Thinking · 7s')).toBeVisible()
    await expect(canvas.queryByRole('button')).toBeNull()
    await expect(canvasElement).not.toHaveTextContent(raw)
  },
}

// ── Complete ────────────────────────────────────────────────────────────

/**
 * Done, under `full`, opened (a stored block with `defaultOpen`): the whole text. Closing hides it (kept in
 * the page as `hidden="until-found"`, so find-in-page still reaches it); the play function opens it again.
 */
export const CompleteFull: Story = {
  args: { visibility: 'full', defaultOpen: true },
  parameters: snippet('panel-stored'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = canvas.getByRole('button', { name: /Thought for 12 seconds/ })
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await settled(canvasElement)
    await expect(canvas.getByText(new RegExp(raw))).toBeVisible()
    await expect(canvas.getByRole('group', { name: 'Reasoning' })).toBeVisible()
    await userEvent.click(trigger)
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    const content = canvasElement.querySelector('[data-slot="reasoning-content"]')!
    await waitFor(() => expect(content).toHaveAttribute('hidden', 'until-found'), { timeout: 10_000 })
    await expect(canvas.getByText(new RegExp(raw))).not.toBeVisible()
    await expect(canvasElement.querySelector('[data-slot="reasoning-content"]:not([hidden])')).toBeNull()
    await userEvent.click(trigger)
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await settled(canvasElement)
    await expect(canvas.getByText(new RegExp(raw))).toBeVisible()
  },
}

/** Done, under `summary`, opened (a stored block with `defaultOpen`): the reasoning's titles, never its text. */
export const CompleteSummary: Story = {
  args: { visibility: 'summary', defaultOpen: true },
  parameters: snippet('panel-stored'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = canvas.getByRole('button', { name: /Thought for 12 seconds/ })
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await settled(canvasElement)
    // The first title is also the block's title on the status row: look in the body.
    const body = canvas.getByRole('group', { name: 'Reasoning' })
    for (const title of titles) await expect(within(body).getByText(title)).toBeVisible()
    await expect(canvasElement).not.toHaveTextContent(raw)
  },
}

/** Done, under `none`: "Thought for 12 seconds" and nothing else. */
export const CompleteNone: Story = {
  args: { visibility: 'none' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Thought for 12 seconds')).toBeVisible()
    await expect(canvas.queryByRole('button')).toBeNull()
  },
}

// ── Stopped and interrupted ─────────────────────────────────────────────────────────

/** The run failed 9 seconds in, under `full`, opened: the text that arrived is kept. */
export const InterruptedFull: Story = {
  args: { events: interruptedEvents, visibility: 'full', defaultOpen: true },
  parameters: snippet('panel-stored'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /Reasoning interrupted after 9 seconds/ })).toHaveAttribute('aria-expanded', 'true')
    await settled(canvasElement)
    await expect(canvas.getByText(/The gap closes at 80 \+ 70 = 150 km\/h,/)).toBeVisible()
    // Where the text stops, and why, after its last words; the block has ended, so the whole of it may be copied.
    await expect(canvas.getByText('Reasoning interrupted', { exact: true })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Copy' })).toBeVisible()
  },
}

/** The run failed 9 seconds in, under `summary`, opened: the titles that arrived. */
export const InterruptedSummary: Story = {
  args: { events: interruptedEvents, visibility: 'summary', defaultOpen: true },
  parameters: snippet('panel-stored'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /Reasoning interrupted after 9 seconds/ })).toHaveAttribute('aria-expanded', 'true')
    await settled(canvasElement)
    await expect(canvas.getByText('Setting up the equation')).toBeVisible()
    await expect(canvasElement).not.toHaveTextContent(raw)
  },
}

/** The run failed 9 seconds in, under `none`. */
export const InterruptedNone: Story = {
  args: { events: interruptedEvents, visibility: 'none' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Reasoning interrupted after 9 seconds')).toBeVisible()
  },
}

/**
 * The user pressed Stop 4 seconds in (the app calls `store.streamEnded(undefined, 'stopped')`):
 * neutral wording and the bulb, no alert (a stop is no failure); what arrived is kept.
 */
export const StoppedByUser: Story = {
  args: { events: stoppedEvents, endStream: 'stopped', visibility: 'full' },
  parameters: snippet('panel-stop'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const panel = canvasElement.querySelector('[data-slot="reasoning-panel"]')!
    await expect(panel).toHaveAttribute('data-status', 'interrupted')
    const trigger = canvas.getByRole('button', { name: /^Stopped after 4 seconds/ })
    await expect(trigger).not.toHaveTextContent(/interrupted|cut short|failed/i)
    await expect(trigger.querySelector('[data-slot="reasoning-icon"]')).toHaveAttribute('data-end-reason', 'stopped')
    if (trigger.getAttribute('aria-expanded') === 'false') await userEvent.click(trigger)
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await settled(canvasElement)
    await expect(canvas.getByText(/The gap closes at 80 \+ 70 = 150 km\/h,/)).toBeVisible()
    await expect(canvas.getByText('Stopped thinking', { exact: true })).toBeVisible()
  },
}

// ── Variants ────────────────────────────────────────────────────────────

/** The provider returned only an encrypted value: a lock and how long it thought, in the words every row uses, at every level, nothing to open. */
export const EncryptedOnly: Story = {
  args: { events: encryptedOnlyEvents, visibility: 'full' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Reasoning hidden by the provider')).toBeVisible()
    await expect(canvas.getByText('Thought for 6 seconds')).toBeVisible()
    await expect(canvas.queryByRole('button')).toBeNull()
    await expect(canvasElement.innerHTML).not.toContain(opaqueReasoning)
  },
}

/** 200 KB of reasoning (over four minutes, dozens of bold heading lines), opened: the body is capped, scrolls, fades at its end and offers "Show all". */
export const LongTrace: Story = {
  args: { events: longTraceEvents, visibility: 'full', defaultOpen: true },
  parameters: snippet('panel-stored'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /Thought for 4 minutes, 18 seconds/ })).toHaveAttribute('aria-expanded', 'true')
    const body = canvas.getByRole('group', { name: 'Reasoning' })
    // Past the door to the huge-trace machinery (200 KB): it shows once that has loaded, the next tick
    // (a hang guard, not a timing: the default 1 s passed with nothing shown, both cores busy, 2026-12-07).
    await waitFor(() => expect(body.textContent!.length).toBeGreaterThan(190_000), { timeout: 30_000 })
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight * 10)
    // The first bold line is also the block's title on the status row: look in the body.
    await expect(within(body).getByText(/^Step 1: checking /)).toBeInTheDocument()
    await waitFor(() => expect(body).toHaveAttribute('data-overflowing'), { timeout: 10_000 })
    await expect(canvas.getByRole('button', { name: 'Show all' })).toBeVisible()
  },
}

/**
 * Done, under `full`: reasoning with code blocks and a table. What fits its box sits unclipped and
 * is no tab stop; the long log line scrolls sideways, and Tab reaches it so a keyboard can scroll it.
 */
export const CodeAndTables: Story = {
  args: { events: codeEvents, visibility: 'full', defaultOpen: true },
  parameters: snippet('panel-stored'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await settled(canvasElement)
    const body = canvas.getByRole('group', { name: 'Reasoning' })
    await expect(within(body).getByRole('table')).toBeVisible()
    const table = body.querySelector('[data-slot="reasoning-table"]')!
    const log = body.querySelector('[data-slot="reasoning-code"][data-language="text"] pre')!
    await waitFor(() => expect(table).toHaveAttribute('data-fits'), { timeout: 10_000 })
    await expect(table).not.toHaveAttribute('tabindex')
    await expect(log).toHaveAttribute('tabindex', '0')
    await expect(log.scrollWidth).toBeGreaterThan(log.clientWidth)
    const copy = within(body.querySelector('[data-slot="reasoning-code"][data-language="text"]')!).getByRole('button', { name: 'Copy code' })
    copy.focus()
    await userEvent.tab()
    await expect(log).toHaveFocus()
  },
}

/** The recorded gpt-5-mini stream replayed live: opens while it thinks, collapses when the answer starts. */
export const RecordedModel: Story = {
  args: { events: recordedModel, live: true, intervalMs: 12, visibility: 'full' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = await canvas.findByRole('button', { name: /^(Thinking|Thought for)/ }, { timeout: 5_000 })
    await waitFor(() => expect(canvas.getByText(/I need to solve/)).toBeVisible(), { timeout: 5_000 })
    await waitFor(() => expect(trigger).toHaveTextContent(/^Thought for/), { timeout: 10_000 })
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'), { timeout: 5_000 })
    await settled(canvasElement)
  },
}

/** The 12-second block replayed live on its own clock: the counter runs, then it collapses after the answer starts. */
export const LiveReplay: Story = {
  args: { events: completeEvents, live: true, intervalMs: 15, visibility: 'full' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = await canvas.findByRole('button', { name: /Thinking/ }, { timeout: 5_000 })
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(trigger).toHaveTextContent('Thought for 12 seconds'), { timeout: 10_000 })
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'), { timeout: 5_000 })
    await settled(canvasElement)
  },
}

function ControlledPanel(args: PanelStoryArgs) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <button type="button" className="story-button" onClick={() => setOpen(true)}>
          Open
        </button>
        <button type="button" className="story-button" onClick={() => setOpen(false)}>
          Close
        </button>
        <output aria-label="Panel state">{open ? 'open' : 'closed'}</output>
      </div>
      <PanelStory {...args} open={open} onOpenChange={setOpen} />
    </>
  )
}

/** Controlled: `open` + `onOpenChange` held by the app, driven by buttons outside the panel and by the panel's own trigger. */
export const ControlledOpen: Story = {
  args: { visibility: 'full' },
  parameters: snippet('panel-controlled'),
  render: (args) => <ControlledPanel {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const trigger = canvas.getByRole('button', { name: /Thought for 12 seconds/ })
    const state = canvas.getByRole('status', { name: 'Panel state' })
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }))
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(state).toHaveTextContent('closed')
    await userEvent.click(canvas.getByRole('button', { name: 'Open' }))
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(trigger)
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(state).toHaveTextContent('closed')
    await settled(canvasElement)
  },
}

/**
 * A design system's brand, set only by overriding `--reasoning-*` custom
 * properties on an ancestor (plus one plain rule that boxes the panel): see
 * `.acme-brand` in stories/support/themes.css.
 */
export const CustomTheme: Story = {
  args: { events: severalBlocksEvents, visibility: 'full' },
  parameters: snippet('panel-brand'),
  render: (args) => (
    <div className="acme-brand" style={{ padding: '1rem', borderRadius: 16 }}>
      <PanelStory {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const panel = canvasElement.querySelector('[data-slot="reasoning-panel"]')!
    await expect(getComputedStyle(panel).borderTopStyle).toBe('solid')
    await expect(getComputedStyle(panel).getPropertyValue('--reasoning-accent').trim()).toBe('#c2185b')
  },
}

/** The dark theme (`data-theme="dark"` on an ancestor): every state of a run with several blocks. */
export const Dark: Story = {
  args: { events: severalBlocksEvents, visibility: 'full' },
  globals: { theme: 'dark' },
  parameters: snippet('panel-dark'),
  play: async ({ canvasElement }) => {
    const panel = canvasElement.querySelector('[data-slot="reasoning-panel"]')!
    await expect(getComputedStyle(panel).color).toBe('rgb(230, 237, 243)')
  },
}
