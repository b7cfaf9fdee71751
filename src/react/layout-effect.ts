import { useEffect, useLayoutEffect } from 'react'

/** useLayoutEffect in the browser, useEffect on a server (where React 18 warns about the layout one). */
export const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect
