import { useCallback, useEffect, useRef, useState } from 'react'
import type { ReasoningStatus } from '../../core/model'

/** When a panel collapses on its own. */
export type AutoCollapse = 'complete' | 'answer' | 'never'

/** When a panel opens and collapses without the user asking. A user's toggle always wins for that panel. */
export interface OpenPolicy {
  /** Open when the block starts (or resumes) streaming. */
  readonly autoOpen: boolean
  /**
   * `complete`: collapse `collapseDelay` ms after the block completes, or at once
   * when the answer starts; `answer`: only when the answer starts; `never`.
   * Interrupted blocks never collapse on their own, so what was kept stays in view.
   */
  readonly autoCollapse: AutoCollapse
  /** Milliseconds between completion and collapse (`autoCollapse: 'complete'`). */
  readonly collapseDelay: number
  /** Open on mount even when the block is not streaming (e.g. history). */
  readonly startOpen: boolean
}

/** `'auto'` (default): open while streaming, collapse after completion; `'stay-open'`; `'stay-closed'`; or your own. */
export type OpenPolicyOption = 'auto' | 'stay-open' | 'stay-closed' | Partial<OpenPolicy>

export const autoOpenPolicy: OpenPolicy = { autoOpen: true, autoCollapse: 'complete', collapseDelay: 1000, startOpen: false }

export function resolveOpenPolicy(option: OpenPolicyOption | undefined): OpenPolicy {
  if (option === undefined || option === 'auto') return autoOpenPolicy
  if (option === 'stay-open') return { autoOpen: true, autoCollapse: 'never', collapseDelay: 0, startOpen: true }
  if (option === 'stay-closed') return { autoOpen: false, autoCollapse: 'never', collapseDelay: 0, startOpen: false }
  return { ...autoOpenPolicy, ...option }
}

export interface OpenStateInput {
  readonly status: ReasoningStatus
  /** False for `none` visibility and encrypted-only blocks: the panel stays closed. */
  readonly expandable: boolean
  /** An answer (assistant text) has started after this block. */
  readonly answerStarted: boolean
  readonly policy: OpenPolicy
  /** Controlled open state. */
  readonly open?: boolean
  /** Uncontrolled initial state; overrides the policy's initial choice. */
  readonly defaultOpen?: boolean
  /** Called for every change: the user's toggles and the policy's (also when controlled). */
  readonly onOpenChange?: (open: boolean) => void
}

export interface OpenState {
  readonly open: boolean
  /** A user's toggle: wins over the policy for the rest of this panel's life. */
  readonly setOpen: (open: boolean) => void
}

interface Machine {
  readonly status: ReasoningStatus
  readonly answerStarted: boolean
  /** What the policy wants. */
  readonly auto: boolean
  /** Counts the policy's own changes, so a controlled parent hears about each once. */
  readonly autoChanges: number
  /** Completed while open under `autoCollapse: 'complete'`: collapse after the delay. */
  readonly collapsePending: boolean
  /** The user's choice, once they made one. */
  readonly user: boolean | undefined
}

function initial(input: OpenStateInput): Machine {
  const { status, policy, defaultOpen, answerStarted } = input
  const auto = defaultOpen ?? (policy.startOpen || (status === 'streaming' && policy.autoOpen))
  return { status, answerStarted, auto, autoChanges: 0, collapsePending: false, user: undefined }
}

/** The policy's reaction to a status or answer change. Pure. */
export function step(machine: Machine, status: ReasoningStatus, answerStarted: boolean, policy: OpenPolicy): Machine {
  let { auto, collapsePending } = machine
  if (status !== machine.status) {
    collapsePending = false
    if (status === 'streaming') {
      if (policy.autoOpen) auto = true
    } else if (status === 'complete' && auto) {
      if (policy.autoCollapse !== 'never' && answerStarted) auto = false
      else if (policy.autoCollapse === 'complete') {
        if (policy.collapseDelay <= 0) auto = false
        else collapsePending = true
      }
    }
  }
  if (answerStarted && !machine.answerStarted && status === 'complete' && policy.autoCollapse !== 'never') {
    auto = false
    collapsePending = false
  }
  const autoChanges = machine.autoChanges + (auto !== machine.auto ? 1 : 0)
  return { ...machine, status, answerStarted, auto, collapsePending, autoChanges }
}

/**
 * The open state of one panel: the open policy (open while streaming, collapse
 * after completion or when the answer starts) under the user's last word.
 * Works controlled (`open` + `onOpenChange`, which also hears the policy's
 * changes until the user toggles) and uncontrolled (`defaultOpen`).
 */
export function useReasoningOpenState(input: OpenStateInput): OpenState {
  const { status, answerStarted, policy, expandable, open: controlled, onOpenChange } = input
  const [stored, setMachine] = useState(() => initial(input))
  let machine = stored
  if (stored.status !== status || stored.answerStarted !== answerStarted) {
    // Status changes are props; react to them while rendering (no effect, no flash of the old state).
    machine = step(stored, status, answerStarted, policy)
    setMachine(machine)
  }

  const { collapsePending, user } = machine
  useEffect(() => {
    if (!collapsePending || user !== undefined) return
    const timer = setTimeout(() => {
      setMachine((m) => (m.collapsePending ? { ...m, auto: false, collapsePending: false, autoChanges: m.autoChanges + 1 } : m))
    }, policy.collapseDelay)
    return () => clearTimeout(timer)
  }, [collapsePending, user, policy.collapseDelay])

  // Tell the parent about the policy's own changes (a controlled parent owns the state).
  const heard = useRef(0)
  const onChange = useRef(onOpenChange)
  useEffect(() => {
    onChange.current = onOpenChange
  })
  const { autoChanges, auto } = machine
  useEffect(() => {
    if (autoChanges === heard.current) return
    heard.current = autoChanges
    if (user === undefined && expandable) onChange.current?.(auto)
  }, [autoChanges, auto, user, expandable])

  const open = expandable && (controlled ?? user ?? machine.auto)
  const setOpen = useCallback(
    (next: boolean) => {
      if (!expandable) return
      setMachine((m) => ({ ...m, user: next, collapsePending: false }))
      onChange.current?.(next)
    },
    [expandable],
  )
  return { open, setOpen }
}
