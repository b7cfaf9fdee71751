import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react'

/** useLayoutEffect in the browser, useEffect on a server (where React 18 warns about the layout one). */
export const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

const subscribeNever = () => () => {}
const clientSnapshot = () => true
const serverSnapshot = () => false

/**
 * Whether this render is a client's own: false on a server and in the hydration that adopts its
 * HTML (which must render what the server did), true in a client mount and every render after.
 */
export const useClientRender = (): boolean => useSyncExternalStore(subscribeNever, clientSnapshot, serverSnapshot)
