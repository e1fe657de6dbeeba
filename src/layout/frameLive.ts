import { createContext, startTransition, useContext, useEffect, useState } from "react"

/**
 * Whether the app's first render draws a page for the server or adopts the one it drew (src/main.tsx,
 * canHydrate), rather than drawing its own. The server's renders are of this kind, hence the default.
 */
export const AdoptsServerPage = createContext(true)

/**
 * Whether the frame's controls work: at once in a page the browser draws itself; in the server's
 * page, once the browser has adopted it. The switch is a transition: React's own hydration-aware
 * store (useHydrated) re-renders the whole frame in one synchronous task right after the takeover,
 * which a slow phone spends 40 ms of main thread on, answering no tap meanwhile.
 */
export function useFrameLive(): boolean {
  const adopts = useContext(AdoptsServerPage)
  const [live, setLive] = useState(!adopts)
  useEffect(() => {
    if (!live) startTransition(() => setLive(true))
  }, [live])
  return live
}
