import type { KnownStepType } from '../core/wording'
import { stepTypeWord } from '../core/wording'
import type { ReasoningLabels } from '../react/state/labels'

const stepTypes: Readonly<Record<KnownStepType, string>> = {
  tool_call: 'Appel d’outil',
  tool_result: 'Résultat d’outil',
  analysis: 'Analyse',
  hypothesis: 'Hypothèse',
  reflection: 'Réflexion',
  planning: 'Planification',
  search: 'Recherche',
  verification: 'Vérification',
  observation: 'Observation',
  decision: 'Décision',
  evaluation: 'Évaluation',
}

/** French counts 0 and 1 in the singular ("0 étape", "1 étape", "2 étapes"). */
const singular = (count: number) => count >= 0 && count < 2

/**
 * Every label in French. Durations arrive worded by `Intl` ("1 seconde",
 * "12 secondes", narrow "4s"); a colon takes the no-break space French typography puts before it.
 */
export const frenchLabels: ReasoningLabels = {
  thinking: 'Réflexion en cours…',
  thinkingFor: (elapsed) => `Réflexion en cours · ${elapsed}`,
  thoughtFor: (duration) => `Réflexion de ${duration}`,
  thoughtBriefly: 'Réflexion de moins d’une seconde',
  thought: 'Réflexion terminée',
  interrupted: 'Réflexion interrompue',
  interruptedAfter: (duration) => `Réflexion interrompue après ${duration}`,
  stopped: 'Réflexion arrêtée',
  stoppedAfter: (duration) => `Réflexion arrêtée après ${duration}`,
  cutShort: 'Réflexion écourtée',
  cutShortAfter: (duration) => `Réflexion écourtée après ${duration}`,
  disconnected: 'Connexion perdue pendant la réflexion',
  disconnectedAfter: (duration) => `Connexion perdue après ${duration} de réflexion`,
  encrypted: 'Réflexion masquée par le fournisseur',
  noSummary: 'Aucun résumé disponible',
  summary: 'Résumé',
  content: 'Raisonnement',
  steps: (count, formatted) => `${formatted} ${singular(count) ? 'étape' : 'étapes'}`,
  stepType: (type) => stepTypeWord(type, stepTypes),
  toolCall: (name) => `${name} appelé`,
  toolCallRunning: (name) => `Appel de ${name}…`,
  toolCallInterrupted: (name) => `${name} n’a pas abouti`,
  confidence: (percent) => `Confiance\u00a0: ${percent}`,
  keyFactors: 'Facteurs déterminants',
  conclusion: 'Conclusion',
  subagent: (name) => `Sous-agent ${name}`,
  reasoningTokens: (count, formatted) => `${formatted} ${singular(count) ? 'jeton' : 'jetons'} de raisonnement`,
  copyCode: 'Copier le code',
  copy: 'Copier',
  copied: 'Copié',
  showAll: 'Tout afficher',
  showLess: 'Afficher moins',
  toolArguments: 'Arguments',
  toolResult: 'Résultat',
}
