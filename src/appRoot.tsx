import { QueryClientProvider, type QueryClient } from "@tanstack/react-query"
import { RouterProvider, type AnyRouter } from "@tanstack/react-router"
import i18next, { type i18n } from "i18next"
import { StrictMode } from "react"
import { I18nextProvider } from "react-i18next"
import { AppActorsProvider, type AppActors } from "./appContext.tsx"

interface AppRootProps {
  actors: AppActors
  queryClient: QueryClient
  router: AnyRouter
  /** The request's language on the server; the browser has the one i18next that initI18n sets up. */
  i18n?: i18n
}

/** The whole app around a router: the browser's (src/main.tsx) and the server's (src/ssr/serverEntry.tsx). */
export function AppRoot({ actors, queryClient, router, i18n }: AppRootProps) {
  const app = (
    <AppActorsProvider actors={actors}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppActorsProvider>
  )
  // The same tree on both sides, so the browser can hydrate what the server drew.
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n ?? i18next}>{app}</I18nextProvider>
    </StrictMode>
  )
}
