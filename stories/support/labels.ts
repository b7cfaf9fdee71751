import type { ReasoningLabels } from 'reasoning-ui'

/**
 * Every label in German. Durations arrive already worded by `Intl` for the
 * locale ("1 Sekunde", "12 Sekunden", narrow "4 Sek."), so no label counts itself.
 */
export const germanLabels: ReasoningLabels = {
  thinking: 'Denkt nach…',
  thinkingFor: (elapsed) => `Denkt nach · ${elapsed}`,
  thoughtFor: (duration) => `${duration} lang nachgedacht`,
  thoughtBriefly: 'Weniger als eine Sekunde nachgedacht',
  thought: 'Nachgedacht',
  interrupted: 'Gedankengang unterbrochen',
  interruptedAfter: (duration) => `Gedankengang nach ${duration} unterbrochen`,
  stopped: 'Nachdenken angehalten',
  stoppedAfter: (duration) => `Nachdenken nach ${duration} angehalten`,
  cutShort: 'Gedankengang abgeschnitten',
  cutShortAfter: (duration) => `Gedankengang nach ${duration} abgeschnitten`,
  disconnected: 'Verbindung beim Nachdenken verloren',
  disconnectedAfter: (duration) => `Verbindung nach ${duration} Nachdenken verloren`,
  encrypted: 'Gedankengang vom Anbieter verborgen',
  noSummary: 'Keine Zusammenfassung verfügbar',
  summary: 'Zusammenfassung',
  content: 'Gedankengang',
  steps: (count, formatted) => `${formatted} ${count === 1 ? 'Schritt' : 'Schritte'}`,
  toolCall: (name) => `${name} aufgerufen`,
  toolCallRunning: (name) => `${name} wird aufgerufen…`,
  toolCallInterrupted: (name) => `${name} wurde nicht beendet`,
  confidence: (percent) => `Konfidenz ${percent}`,
  keyFactors: 'Ausschlaggebende Faktoren',
  conclusion: 'Schlussfolgerung',
  subagent: (name) => `Subagent ${name}`,
  reasoningTokens: (count, formatted) => `${formatted} Denk-Token${count === 1 ? '' : 's'}`,
  copyCode: 'Code kopieren',
  copied: 'Kopiert',
}

/** Every label in Arabic (durations from `Intl` with locale `ar`). */
export const arabicLabels: ReasoningLabels = {
  thinking: 'جارٍ التفكير…',
  thinkingFor: (elapsed) => `جارٍ التفكير · ${elapsed}`,
  thoughtFor: (duration) => `فكّر لمدة ${duration}`,
  thoughtBriefly: 'فكّر لأقل من ثانية',
  thought: 'فكّر',
  interrupted: 'انقطع التفكير',
  interruptedAfter: (duration) => `انقطع التفكير بعد ${duration}`,
  stopped: 'توقف التفكير',
  stoppedAfter: (duration) => `توقف التفكير بعد ${duration}`,
  cutShort: 'اقتُطع التفكير',
  cutShortAfter: (duration) => `اقتُطع التفكير بعد ${duration}`,
  disconnected: 'انقطع الاتصال أثناء التفكير',
  disconnectedAfter: (duration) => `انقطع الاتصال بعد ${duration} من التفكير`,
  encrypted: 'أخفى المزوّد التفكير',
  noSummary: 'لا يتوفر ملخص',
  summary: 'الملخص',
  content: 'التفكير',
  steps: (_count, formatted) => `الخطوات: ${formatted}`,
  toolCall: (name) => `استُدعيت ${name}`,
  toolCallRunning: (name) => `جارٍ استدعاء ${name}…`,
  toolCallInterrupted: (name) => `لم تكتمل ${name}`,
  confidence: (percent) => `الثقة ${percent}`,
  keyFactors: 'العوامل الحاسمة',
  conclusion: 'الاستنتاج',
  subagent: (name) => `الوكيل الفرعي ${name}`,
  reasoningTokens: (_count, formatted) => `رموز التفكير: ${formatted}`,
  copyCode: 'نسخ الرمز',
  copied: 'تم النسخ',
}

/** Labels and `lang` per locale of the Storybook locale switch. */
export const localeLabels: Readonly<Record<string, ReasoningLabels | undefined>> = {
  en: undefined,
  de: germanLabels,
  ar: arabicLabels,
}
