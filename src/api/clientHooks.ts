import type { ErrorCode } from "../../schemas/errorCodes.ts"

/*
 * Apart from the client (src/api/client.ts), so that the app can wire it at start without loading
 * ofetch and effect/Schema, which come with the first screen that calls the gateway.
 */
export interface ClientHooks {
  getToken: () => string | null
  onSessionError: (code: ErrorCode) => void
  /**
   * How requests travel; the browser's fetch by default. The server's page renderer passes one
   * that hands the request to the gateway in the same process (src/ssr/serverEntry.tsx).
   */
  fetch?: typeof globalThis.fetch
}

let hooks: ClientHooks = { getToken: () => null, onSessionError: () => {} }

/** Wires the client to the session: where the bearer token comes from, and who hears it died. */
export function configureApiClient(next: ClientHooks): void {
  hooks = next
}

export const clientHooks = (): ClientHooks => hooks
