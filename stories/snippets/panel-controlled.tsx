import 'reasoning-ui/styles.css'
import { useState } from 'react'
import { ReasoningPanel, type ReasoningBlock } from 'reasoning-ui'

/** The app holds the open state: its own buttons and the panel's trigger both change it. */
export function ControlledThought({ block }: { block: ReasoningBlock }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setOpen(!open)}>{open ? 'Close' : 'Open'}</button>
      <ReasoningPanel block={block} visibility="full" open={open} onOpenChange={setOpen} />
    </>
  )
}
