import type { ReasoningLabels } from 'reasoning-ui'
import { localeLabels as productLabels } from 'reasoning-ui/locales'

/** The stories' label sets are the product's own (`reasoning-ui/locales`). */
export { arabicLabels, germanLabels } from 'reasoning-ui/locales'

/** Labels per locale of the Storybook locale switch (by its `locale` global). */
export const localeLabels: Readonly<Record<string, ReasoningLabels | undefined>> = productLabels
