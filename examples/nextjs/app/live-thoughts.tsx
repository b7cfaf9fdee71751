'use client'
// #region reasoning-ui
import { ReasoningStream } from 'reasoning-ui'

/** Streams the run of app/api/agent/route.ts (a client component: it fetches in the browser). */
export function LiveThoughts() {
  return <ReasoningStream source="/api/agent" visibility="full" />
}
// #endregion
