const KEY = "promed.sessionToken"
/** What the tab keeps of the session's data for offline reading (src/offline/offlineStore.ts). */
export const OFFLINE_KEY = "promed.offline"

/**
 * The tab's session token lives in session storage: it survives a reload, not a closed tab.
 * Forgetting it (sign-out, expiry, refusal) forgets what the tab kept for the session too (issue 13).
 */
export const tokenStore = {
  read(): string | null {
    try {
      return sessionStorage.getItem(KEY)
    } catch {
      return null
    }
  },
  write(token: string): void {
    try {
      sessionStorage.setItem(KEY, token)
    } catch {
      // Storage refused: the session lasts for this page only.
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY)
      sessionStorage.removeItem(OFFLINE_KEY)
    } catch {
      // Nothing stored.
    }
  },
}
