import type { AsyncRouteComponent } from "@tanstack/react-router"
import { useEffect } from "react"
import { markPageAdopted } from "../ssr/pageAdopted.ts"

/**
 * The screen of a page the server draws (the landing, src/ssr/contract.ts's SSR_PAGES), which tells
 * src/main.tsx when the browser has adopted it. Its effect runs after every effect of the screen
 * below it, that is once the screen's own HTML is React's. The screen's preload is kept, so the
 * router still loads its chunk before the first render.
 */
export function serverDrawn<P extends object>(Screen: AsyncRouteComponent<P>): AsyncRouteComponent<P> {
  function ServerDrawnScreen(props: P) {
    useEffect(markPageAdopted, [])
    return <Screen {...props} />
  }
  return Object.assign(ServerDrawnScreen, { preload: Screen.preload })
}
