import { createRouter, type RouterHistory } from "@tanstack/react-router"
import type { RouterContext } from "./routes/context.ts"
import { routeTree } from "./routes/tree.ts"

/** The server renderer draws one address from memory, and leaves scroll restoration to the browser (it would add an inline script). */
export interface ServerRouterOptions {
  readonly history: RouterHistory
}

export function createAppRouter(context: RouterContext, server?: ServerRouterOptions) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    // Loaders warm React Query; the router itself keeps nothing stale.
    defaultPreloadStaleTime: 0,
    scrollRestoration: !server,
    ...(server ? { history: server.history } : {}),
  })
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
