import { QueryClientProvider, type QueryClient } from "@tanstack/react-query"
import { RouterProvider, type AnyRouter } from "@tanstack/react-router"
import { StrictMode } from "react"
import { AppActorsProvider, type AppActors } from "./appContext.tsx"

/** The whole app around a router: the browser's (src/main.tsx) and the prerender's (scripts/prerenderEntry.tsx). */
export function AppRoot({ actors, queryClient, router }: { actors: AppActors; queryClient: QueryClient; router: AnyRouter }) {
  return (
    <StrictMode>
      <AppActorsProvider actors={actors}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppActorsProvider>
    </StrictMode>
  )
}
