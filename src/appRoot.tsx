import { QueryClientProvider, type QueryClient } from "@tanstack/react-query"
import { RouterProvider, type AnyRouter } from "@tanstack/react-router"
import i18next, { type i18n } from "i18next"
import { StrictMode, useEffect } from "react"
import { I18nextProvider } from "react-i18next"
import { AppActorsProvider, type AppActors } from "./appContext.tsx"
import { CookieQuestionDrawn } from "./layout/cookieQuestion.ts"
import { AdoptsServerPage } from "./layout/frameLive.ts"

interface AppRootProps {
  actors: AppActors
  queryClient: QueryClient
  router: AnyRouter
  /** The request's language on the server; the browser has the one i18next that initI18n sets up. */
  i18n?: i18n
  /** Whether the page has the cookie banner in the server's HTML (drawn for a visitor who has not answered it). */
  cookieQuestionDrawn?: boolean
  /** Whether the first render draws the server's page or adopts it (src/layout/frameLive.ts); the server's, by default. */
  adoptsServerPage?: boolean
  /** Called once the first render (or the takeover of the server's page) is committed. */
  onFirstCommit?: () => void
}

function FirstCommit({ onCommit }: { onCommit: () => void }) {
  useEffect(() => onCommit(), [onCommit])
  return null
}

/** The whole app around a router: the browser's (src/main.tsx) and the server's (src/ssr/serverEntry.tsx). */
export function AppRoot({ actors, queryClient, router, i18n, cookieQuestionDrawn = false, adoptsServerPage = true, onFirstCommit }: AppRootProps) {
  const app = (
    <AppActorsProvider actors={actors}>
      {onFirstCommit ? <FirstCommit onCommit={onFirstCommit} /> : null}
      <QueryClientProvider client={queryClient}>
        <CookieQuestionDrawn.Provider value={cookieQuestionDrawn}>
          <AdoptsServerPage.Provider value={adoptsServerPage}>
            <RouterProvider router={router} />
          </AdoptsServerPage.Provider>
        </CookieQuestionDrawn.Provider>
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
