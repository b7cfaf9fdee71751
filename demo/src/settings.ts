/**
 * The page's switches, read from and written back to the URL query, so a view
 * can be shared or opened directly (`/?agent=private&visibility=summary&theme=dark`).
 */
import type { ReasoningLabels, Visibility } from 'reasoning-ui'
import { localeLabels } from 'reasoning-ui/locales'
import type { Wire } from './chat'

/** `system`: the page follows `prefers-color-scheme` (light or dark) until a theme is picked. */
export type Theme = 'system' | 'light' | 'dark' | 'brand'

export interface Settings {
  readonly agent: string
  readonly visibility: Visibility
  readonly theme: Theme
  readonly locale: string
  readonly wire: Wire
}

export const visibilities: readonly Visibility[] = ['full', 'summary', 'none']
export const themes: readonly Theme[] = ['system', 'light', 'dark', 'brand']
export const wires: readonly Wire[] = ['sse', 'protobuf']

export interface LocaleOption {
  readonly id: string
  readonly name: string
  readonly dir: 'ltr' | 'rtl'
  readonly labels?: ReasoningLabels
}

/** Every language `reasoning-ui/locales` ships, named in itself. */
export const locales: readonly LocaleOption[] = [
  { id: 'en', name: 'English', dir: 'ltr' },
  { id: 'de', name: 'Deutsch', dir: 'ltr', labels: localeLabels.de },
  { id: 'fr', name: 'Français', dir: 'ltr', labels: localeLabels.fr },
  { id: 'es', name: 'Español', dir: 'ltr', labels: localeLabels.es },
  { id: 'ja', name: '日本語', dir: 'ltr', labels: localeLabels.ja },
  { id: 'zh', name: '中文（简体）', dir: 'ltr', labels: localeLabels.zh },
  { id: 'ar', name: 'العربية', dir: 'rtl', labels: localeLabels.ar },
]

const defaults: Settings = { agent: 'reasoner', visibility: 'full', theme: 'system', locale: 'en', wire: 'sse' }

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((a) => a === value) ?? fallback
}

export function readSettings(search: string): Settings {
  const query = new URLSearchParams(search)
  return {
    agent: query.get('agent') || defaults.agent,
    visibility: pick(query.get('visibility'), visibilities, defaults.visibility),
    theme: pick(query.get('theme'), themes, defaults.theme),
    locale: pick(query.get('locale'), locales.map((l) => l.id), defaults.locale),
    wire: pick(query.get('wire'), wires, defaults.wire),
  }
}

/** The query string for `settings`, leaving defaults out. */
export function writeSettings(settings: Settings): string {
  const query = new URLSearchParams()
  for (const key of Object.keys(defaults) as (keyof Settings)[]) {
    if (settings[key] !== defaults[key]) query.set(key, settings[key])
  }
  const text = query.toString()
  return text === '' ? '' : `?${text}`
}

export function localeOption(id: string): LocaleOption {
  return locales.find((l) => l.id === id) ?? locales[0]!
}
