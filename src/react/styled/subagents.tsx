import * as Collapsible from '@radix-ui/react-collapsible'
import type { ReactNode } from 'react'
import type { SubagentInfo } from '../../core/model'
import { ChevronIcon } from './icons'
import type { ReasoningLabels } from '../state/labels'

/** One item of a stream or timeline, or a subagent's group holding its items and its own subagents. */
export type SubagentTree<T> =
  | { readonly kind: 'item'; readonly item: T }
  | { readonly kind: 'subagent'; readonly info: SubagentInfo; readonly children: SubagentTree<T>[] }

/**
 * Nests items under the subagent that produced them (`laneOf`), and each subagent
 * under its parent (`parentSubagentRunId`), keeping the order in which things first
 * appeared: a group stands where its first item (or first nested group) does. A
 * subagent the stream never announced still gets a group, named by its run id; a
 * parent chain that loops is cut where it repeats.
 */
export function groupBySubagent<T>(
  items: readonly T[],
  laneOf: (item: T) => string | undefined,
  subagents: readonly SubagentInfo[],
): SubagentTree<T>[] {
  const root: SubagentTree<T>[] = []
  const infos = new Map(subagents.map((s) => [s.subagentRunId, s]))
  const groups = new Map<string, SubagentTree<T>[]>()
  const groupOf = (id: string, seen: Set<string>): SubagentTree<T>[] => {
    const existing = groups.get(id)
    if (existing) return existing
    const info = infos.get(id) ?? { subagentRunId: id, status: 'running' as const }
    const children: SubagentTree<T>[] = []
    groups.set(id, children)
    seen.add(id)
    const parent = info.parentSubagentRunId
    const home = parent !== undefined && !seen.has(parent) ? groupOf(parent, seen) : root
    home.push({ kind: 'subagent', info, children })
    return children
  }
  for (const item of items) {
    const lane = laneOf(item)
    ;(lane === undefined ? root : groupOf(lane, new Set())).push({ kind: 'item', item })
  }
  return root
}

interface SubagentGroupProps {
  readonly info: SubagentInfo
  readonly labels: ReasoningLabels
  /** The element around the group's children (`div` in a stream, `ol` in a timeline). */
  readonly list: 'div' | 'ol'
  readonly children: ReactNode
}

/**
 * A subagent's reasoning, nested under its parent: a button with the subagent's
 * name that collapses the group (open by default), then its blocks and tool
 * calls. State in `data-state` / `data-status`; styled through `data-slot`.
 */
export function SubagentGroup({ info, labels, list: List, children }: SubagentGroupProps) {
  const name = labels.subagent(info.name ?? info.subagentRunId)
  return (
    <Collapsible.Root defaultOpen data-slot="reasoning-subagent-group" data-status={info.status}>
      <Collapsible.Trigger data-slot="reasoning-subagent-trigger" data-status={info.status}>
        <span data-slot="reasoning-subagent-name">{name}</span>
        <ChevronIcon data-slot="reasoning-chevron" />
      </Collapsible.Trigger>
      <Collapsible.Content asChild>
        <List data-slot="reasoning-subagent-content" aria-label={name} {...(List === 'div' && { role: 'group' })}>
          {children}
        </List>
      </Collapsible.Content>
    </Collapsible.Root>
  )
}
