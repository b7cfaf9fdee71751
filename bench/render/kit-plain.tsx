/** Contender kit-plain: the kit's panel with `renderText={plainText}` (see kit.tsx). */
import { plainText } from 'reasoning-ui'
import { kitContender } from './kit'
import type { Contender } from './protocol'

export function createContender(): Contender {
  return kitContender(plainText)
}
