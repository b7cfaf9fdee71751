import type { KnownStepType } from '../core/wording'
import { stepTypeWord } from '../core/wording'
import type { ReasoningLabels } from '../react/state/labels'

const stepTypes: Readonly<Record<KnownStepType, string>> = {
  tool_call: 'Werkzeugaufruf',
  tool_result: 'Werkzeugergebnis',
  analysis: 'Analyse',
  hypothesis: 'Hypothese',
  reflection: 'Reflexion',
  planning: 'Planung',
  search: 'Suche',
  verification: 'Überprüfung',
  observation: 'Beobachtung',
  decision: 'Entscheidung',
  evaluation: 'Bewertung',
}

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
  stepType: (type) => stepTypeWord(type, stepTypes),
  toolCall: (name) => `${name} aufgerufen`,
  toolCallRunning: (name) => `${name} wird aufgerufen…`,
  toolCallInterrupted: (name) => `${name} wurde nicht beendet`,
  confidence: (percent) => `Konfidenz ${percent}`,
  keyFactors: 'Ausschlaggebende Faktoren',
  conclusion: 'Schlussfolgerung',
  subagent: (name) => `Subagent ${name}`,
  reasoningTokens: (count, formatted) => `${formatted} Denk-Token${count === 1 ? '' : 's'}`,
  copyCode: 'Code kopieren',
  copy: 'Kopieren',
  copied: 'Kopiert',
  showAll: 'Alles anzeigen',
  showLess: 'Weniger anzeigen',
  toolArguments: 'Argumente',
  toolResult: 'Ergebnis',
}
