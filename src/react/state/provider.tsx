import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { Visibility } from '../../core/model'
import { localeTag } from '../../core/wording'
import type { ReasoningLabels } from './labels'
import type { OpenPolicyOption } from './open-state'
import type { RenderText } from '../text/text'

/** App-wide defaults. Every one of them can also be set per component, which wins. */
export interface ReasoningConfig {
  /** What panels may show. Default `'full'`. */
  readonly visibility?: Visibility
  /** Label overrides, merged over the English defaults. */
  readonly labels?: Partial<ReasoningLabels>
  /** BCP 47 locale for durations, numbers and plurals. Default: the runtime's. */
  readonly locale?: string
  /** When panels open and collapse on their own. Default `'auto'`. */
  readonly openPolicy?: OpenPolicyOption
  /** Renders one paragraph of reasoning text. Default: markdown (`markdownText`) in the styled components, plain text in the headless parts; `plainText` opts the styled ones out. Keep it stable (module scope or `useCallback`). */
  readonly renderText?: RenderText
  /** The clock live counters read. Default `Date.now`; must match the clock of the block timestamps. */
  readonly now?: () => number
}

const ConfigContext = /* @__PURE__ */ createContext<ReasoningConfig>({})

export interface ReasoningProviderProps extends ReasoningConfig {
  readonly children?: ReactNode
}

/**
 * Optional app-wide defaults for every reasoning component below it. Nested
 * providers merge: the inner one wins per setting, labels merge per label.
 */
export function ReasoningProvider({ children, visibility, labels, locale, openPolicy, renderText, now }: ReasoningProviderProps) {
  const outer = useContext(ConfigContext)
  const value = useMemo<ReasoningConfig>(
    () => ({
      ...outer,
      ...(visibility !== undefined && { visibility }),
      ...(labels !== undefined && { labels: { ...outer.labels, ...labels } }),
      ...(locale !== undefined && { locale }),
      ...(openPolicy !== undefined && { openPolicy }),
      ...(renderText !== undefined && { renderText }),
      ...(now !== undefined && { now }),
    }),
    [outer, visibility, labels, locale, openPolicy, renderText, now],
  )
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>
}

/** The defaults set by the nearest `ReasoningProvider` (empty without one). */
export function useReasoningConfig(): ReasoningConfig {
  return useContext(ConfigContext)
}

/** A locale `Intl` accepts (a POSIX name such as `C` or `en_US.UTF-8` as its tag: `und`, `en-US`), or undefined (the runtime's) for a malformed one: a bad prop must not crash a chat. */
export function safeLocale(locale: string | undefined): string | undefined {
  if (locale === undefined) return undefined
  try {
    return Intl.getCanonicalLocales(localeTag(locale))[0]
  } catch {
    return undefined
  }
}
