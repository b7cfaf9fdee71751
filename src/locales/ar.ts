import type { KnownStepType } from '../core/wording'
import { stepTypeWord } from '../core/wording'
import type { ReasoningLabels } from '../react/state/labels'

const stepTypes: Readonly<Record<KnownStepType, string>> = {
  tool_call: 'استدعاء أداة',
  tool_result: 'نتيجة أداة',
  analysis: 'تحليل',
  hypothesis: 'فرضية',
  reflection: 'تأمّل',
  planning: 'تخطيط',
  search: 'بحث',
  verification: 'تحقّق',
  observation: 'ملاحظة',
  decision: 'قرار',
  evaluation: 'تقييم',
}

/**
 * Every label in Arabic. Durations arrive worded by `Intl` in Arabic's plural
 * forms ("ثانيتان", "3 ثوان", "12 ثانية"); the labels that count put the
 * number after a colon ("الخطوات: 3") so that none needs those forms itself.
 * Digits are Latin for `ar` (CLDR's default); `ar-EG` or `ar-u-nu-arab` gives Arabic-Indic.
 */
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
  stepType: (type) => stepTypeWord(type, stepTypes),
  toolCall: (name) => `استُدعيت ${name}`,
  toolCallRunning: (name) => `جارٍ استدعاء ${name}…`,
  toolCallInterrupted: (name) => `لم تكتمل ${name}`,
  confidence: (percent) => `الثقة ${percent}`,
  keyFactors: 'العوامل الحاسمة',
  conclusion: 'الاستنتاج',
  subagent: (name) => `الوكيل الفرعي ${name}`,
  reasoningTokens: (_count, formatted) => `رموز التفكير: ${formatted}`,
  copyCode: 'نسخ الرمز',
  copy: 'نسخ',
  copied: 'تم النسخ',
  showAll: 'عرض الكل',
  showLess: 'عرض أقل',
  toolArguments: 'المعطيات',
  toolResult: 'النتيجة',
}
