/**
 * Scrolls a panel's scroll area makes to follow its text (`ReasoningScrollArea` records them), as
 * against a reader's: the huge-trace machinery (text/large/freeze.tsx) waits for a reader's to end.
 */

/** Where each panel's scroll area last scrolled itself to follow its text (`ReasoningScrollArea`). */
export const followedTops = new WeakMap<Element, number>()

/**
 * The scroller is where its panel last scrolled it to follow the text: its own scroll, however
 * far the text has grown by the time the event comes. The area follows once the frame has laid
 * the text out, and the store's next commit, in the task after that frame, grows it before the
 * scroll's event in the next frame.
 */
export function followedBySelf(element: Element): boolean {
  const top = followedTops.get(element)
  return top !== undefined && Math.abs(element.scrollTop - top) < 1
}
