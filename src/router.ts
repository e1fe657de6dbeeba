import { createRouter, type RouterHistory } from "@tanstack/react-router"
import type { RouterContext } from "./routes/context.ts"
import { routeTree } from "./routes/tree.ts"

/** The server renderer draws one address from memory, and leaves scroll restoration to the browser (it would add an inline script). */
export interface ServerRouterOptions {
  readonly history: RouterHistory
}

/**
 * `takesOverPage`, asked at the first render: whether that render adopts a page the server drew, which the visitor may
 * have scrolled already (a slow phone shows it seconds before the app runs). The router's first
 * scroll restoration would jump it to the top under their finger, and a tap then lands on whatever
 * moved there: that one is skipped.
 */
export function createAppRouter(context: RouterContext, server?: ServerRouterOptions, takesOverPage: () => boolean = () => false) {
  let first = true
  const restoreScroll = () => {
    const keep = first && takesOverPage()
    first = false
    return !keep
  }
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    // Loaders warm React Query; the router itself keeps nothing stale.
    defaultPreloadStaleTime: 0,
    scrollRestoration: server ? false : restoreScroll,
    ...(server ? { history: server.history } : {}),
  })
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
