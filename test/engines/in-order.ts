import type { TestProjectInlineConfiguration } from 'vitest/config'

/**
 * One project after another (Vitest runs projects in parallel unless each has a group order):
 * one browser of an engine at a time, so that the two engine lanes `npm test` runs side by
 * side hold one browser each on a 2-core machine. Shared by firefox.config.ts and webkit.config.ts.
 */
export function inOrder(projects: TestProjectInlineConfiguration[]): TestProjectInlineConfiguration[] {
  return projects.map((p, groupOrder) => ({ ...p, test: { ...p.test, sequence: { ...p.test?.sequence, groupOrder } } }))
}
