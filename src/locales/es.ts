import type { KnownStepType } from '../core/wording'
import { stepTypeWord } from '../core/wording'
import type { ReasoningLabels } from '../react/labels'

const stepTypes: Readonly<Record<KnownStepType, string>> = {
  tool_call: 'Llamada a herramienta',
  tool_result: 'Resultado de herramienta',
  analysis: 'Análisis',
  hypothesis: 'Hipótesis',
  reflection: 'Reflexión',
  planning: 'Planificación',
  search: 'Búsqueda',
  verification: 'Verificación',
  observation: 'Observación',
  decision: 'Decisión',
  evaluation: 'Evaluación',
}

/** Every label in Spanish. Durations arrive worded by `Intl` ("1 segundo", "12 segundos", narrow "4s"). */
export const spanishLabels: ReasoningLabels = {
  thinking: 'Pensando…',
  thinkingFor: (elapsed) => `Pensando · ${elapsed}`,
  thoughtFor: (duration) => `Pensó durante ${duration}`,
  thoughtBriefly: 'Pensó menos de un segundo',
  thought: 'Pensó',
  interrupted: 'Razonamiento interrumpido',
  interruptedAfter: (duration) => `Razonamiento interrumpido tras ${duration}`,
  stopped: 'Dejó de pensar',
  stoppedAfter: (duration) => `Dejó de pensar tras ${duration}`,
  cutShort: 'Razonamiento truncado',
  cutShortAfter: (duration) => `Razonamiento truncado tras ${duration}`,
  disconnected: 'Se perdió la conexión mientras pensaba',
  disconnectedAfter: (duration) => `Se perdió la conexión tras ${duration} de razonamiento`,
  encrypted: 'Razonamiento oculto por el proveedor',
  noSummary: 'No hay resumen disponible',
  summary: 'Resumen',
  content: 'Razonamiento',
  steps: (count, formatted) => `${formatted} ${count === 1 ? 'paso' : 'pasos'}`,
  stepType: (type) => stepTypeWord(type, stepTypes),
  toolCall: (name) => `Se llamó a ${name}`,
  toolCallRunning: (name) => `Llamando a ${name}…`,
  toolCallInterrupted: (name) => `${name} no terminó`,
  confidence: (percent) => `Confianza: ${percent}`,
  keyFactors: 'Factores clave',
  conclusion: 'Conclusión',
  subagent: (name) => `Subagente ${name}`,
  reasoningTokens: (count, formatted) => `${formatted} ${count === 1 ? 'token' : 'tokens'} de razonamiento`,
  copyCode: 'Copiar código',
  copy: 'Copiar',
  copied: 'Copiado',
  showAll: 'Mostrar todo',
  showLess: 'Mostrar menos',
}
