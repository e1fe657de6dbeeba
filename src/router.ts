import { createRouter } from "@tanstack/react-router"
import type { RouterContext } from "./routes/context.ts"
import { routeTree } from "./routes/tree.ts"

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: "intent",
    // Loaders warm React Query; the router itself keeps nothing stale.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  })
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
