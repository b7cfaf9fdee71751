/// <reference types="vite/client" />
/**
 * The code each Docs page shows: short, paste-able files in stories/snippets/
 * that use the real components through the package's public names. They are
 * ordinary modules of this project, so `tsc` type-checks exactly what a reader
 * copies; here they are read as text (Vite `?raw`) for `parameters.docs.source`.
 */
import type { Visibility } from 'reasoning-ui'
import { harnessArgs } from './scripted-store'

const files = import.meta.glob<string>('../snippets/*.tsx', { query: '?raw', import: 'default', eager: true })

/** Every snippet by name (its file name without `.tsx`). */
export const snippets: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(files).map(([path, code]) => [path.replace(/^.*\/(.+)\.tsx$/, '$1'), code.trimEnd()]),
)

const levels: readonly Visibility[] = ['none', 'summary', 'full']
const isLevel = (value: unknown): value is Visibility => levels.includes(value as Visibility)
const policies: readonly string[] = ['auto', 'stay-open', 'stay-closed']
const isPolicy = (value: unknown): value is string => policies.includes(value as string)

/**
 * The snippet as a story with these args shows it: its `visibility="…"` says the
 * story's level, and a named `openPolicy` of the story's args is written beside it
 * (so the Docs page's code follows the Controls); the rest as written. Every
 * element a snippet gives `visibility` also takes `openPolicy` (panel, stream,
 * timeline, headless root, provider).
 */
export function snippetFor(name: string, args: Readonly<Record<string, unknown>>): string {
  let code = snippets[name]
  if (code === undefined) throw new Error(`No snippet stories/snippets/${name}.tsx`)
  if (isLevel(args.visibility)) code = code.replace(/\bvisibility="(?:none|summary|full)"/g, `visibility="${args.visibility}"`)
  if (isPolicy(args.openPolicy)) {
    code = /\bopenPolicy="/.test(code)
      ? code.replace(/\bopenPolicy="[a-z-]+"/g, `openPolicy="${args.openPolicy}"`)
      : code.replace(/\bvisibility="[a-z]+"/, `$& openPolicy="${args.openPolicy}"`)
  }
  return code
}

/**
 * `parameters` showing the snippet `name` as a story's (or, on `meta`, every
 * story's) code, instead of the JSX Storybook would write out for the story
 * harness (hundreds of events); and keeping the harness's args (`events`,
 * `live`, …) out of the Docs page's prop table, which documents the component.
 */
export function snippet(name: string) {
  if (snippets[name] === undefined) throw new Error(`No snippet stories/snippets/${name}.tsx`)
  return {
    docs: {
      source: {
        // 'code': never render the harness to JSX (slow for big scripts, and not the API).
        type: 'code',
        language: 'tsx',
        transform: (_code: string, context: { readonly args: Readonly<Record<string, unknown>> }) => snippetFor(name, context.args),
        snippet: name,
      },
      // The props a component cannot do without (e.g. a panel's `block`) first.
      controls: { exclude: [...harnessArgs], sort: 'requiredFirst' },
    },
  } as const
}
