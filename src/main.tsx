import { QueryClientProvider } from "@tanstack/react-query"
import { RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { AppActorsProvider } from "./appContext.tsx"
import { configureApiClient } from "./api/client.ts"
import { createQueryClient } from "./api/queryClient.ts"
import { startInspector } from "./dev/inspector.ts"
import { createErrorModalActor } from "./errors/errorModalActor.ts"
import { initI18n } from "./i18n/i18n.ts"
import { DEFAULT_LANGUAGE, rememberLanguage, storedLanguage } from "./i18n/languages.ts"
import { applyTheme, storedTheme } from "./layout/ThemeSwitch.tsx"
import { createAppRouter } from "./router.ts"
import { readAddress } from "./session/address.ts"
import { followSession } from "./session/sessionEffects.ts"
import { createSessionActor } from "./session/sessionActor.ts"
import "./ui/styles.css"

async function start() {
  await startInspector()
  const address = readAddress(window.location.search)
  const language = address.urlLanguage ?? storedLanguage() ?? DEFAULT_LANGUAGE
  if (address.urlLanguage) rememberLanguage(address.urlLanguage)
  applyTheme(storedTheme())
  await initI18n(language)

  const session = createSessionActor(language)
  const errorModal = createErrorModalActor(session)
  const queryClient = createQueryClient((error) => errorModal.send({ type: "errorModal.show", error: error.toBody() }))
  configureApiClient({
    getToken: () => session.getSnapshot().context.sessionToken,
    onSessionError: (code) => session.send({ type: "session.expired", code }),
  })
  errorModal.start()
  session.start()

  const router = createAppRouter({ queryClient, session })
  followSession(session, router, queryClient)

  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <AppActorsProvider actors={{ session, errorModal }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppActorsProvider>
    </StrictMode>,
  )
}

void start()
