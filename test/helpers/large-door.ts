/**
 * The huge-trace machinery (src/react/text/large/) serves only texts past its door (`LARGE_CHARS`,
 * about 64 KB). Its tests send every client text through it, so that each behaviour shows on a
 * text a test can build quickly: the door at 0, and the machinery loaded before the first render,
 * as a page has it once one text passed the door.
 */
import { afterAll, beforeAll } from 'vitest'
import { LARGE_CHARS, largeDoor, loadLargeText } from '../../src/react/text/text'

export function throughLargeDoor(): void {
  beforeAll(async () => {
    await loadLargeText()
    largeDoor.threshold = 0
  })
  afterAll(() => {
    largeDoor.threshold = LARGE_CHARS
  })
}

/**
 * The two paths a client's text renders on, for behaviour both share (catching up with a flood,
 * a backlog on mount): the common path (the door closed) and text/large/ (the door at 0).
 */
export const textPaths = [
  ['on the common path', Infinity],
  ['through text/large/', 0],
] as const

/** Renders every client text in the enclosing `describe` on the path whose door is at `threshold` (see `textPaths`). */
export function onTextPath(threshold: number): void {
  beforeAll(async () => {
    await loadLargeText()
    largeDoor.threshold = threshold
  })
  afterAll(() => {
    largeDoor.threshold = LARGE_CHARS
  })
}
