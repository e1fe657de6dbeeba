import { createActor, fromPromise, type ActorRefFrom } from "xstate"
import { sessionMachine } from "../../machines/session.machine.ts"
import { changeLanguage } from "../i18n/i18n.ts"
import type { Language } from "../i18n/languages.ts"
import { inspector } from "../dev/inspector.ts"
import { readAddress, strippedAddress } from "./address.ts"
import { tokenStore } from "./tokenStore.ts"

// Visitors never load the session calls and their schemas; a tab with a token starts loading them at once.
const sessionApi = () => import("../api/session.ts")

export type SessionActor = ActorRefFrom<typeof sessionMachine>

/** The one session actor of the SPA, wired to the gateway, the address bar and session storage. */
export function createSessionActor(language: Language): SessionActor {
  const address = readAddress(window.location.search)
  const machine = sessionMachine.provide({
    actors: {
      validateSession: fromPromise(async ({ input }) => (await sessionApi()).validateSession(input.token)),
      fetchSession: fromPromise(async ({ input }) => (await sessionApi()).fetchSession(input.token)),
      logout: fromPromise(async ({ input }) => {
        await (await sessionApi()).logout(input.token)
      }),
    },
    actions: {
      persistToken: (_, { token }) => tokenStore.write(token),
      forgetToken: () => tokenStore.clear(),
      stripAddress: () => {
        const { pathname, search, hash } = window.location
        const clean = strippedAddress(pathname, search, hash)
        if (clean !== `${pathname}${search}${hash}`) window.history.replaceState(window.history.state, "", clean)
      },
      applyLanguage: (_, { language: next }) => void changeLanguage(next),
    },
  })
  return createActor(machine, {
    input: {
      urlToken: address.urlToken,
      storedToken: tokenStore.read(),
      arrivedFromLogin: address.arrivedFromLogin,
      language,
    },
    inspect: inspector(),
  })
}
