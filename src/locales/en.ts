import { defaultLabels, type ReasoningLabels } from '../react/state/labels'

/** Every label in English: the kit's defaults, for a lookup or a locale switch that lists English beside the others. */
export const englishLabels: ReasoningLabels = defaultLabels
