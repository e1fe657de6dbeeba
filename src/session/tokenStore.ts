const KEY = "promed.sessionToken"

/** The tab's session token lives in session storage: it survives a reload, not a closed tab. */
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
    } catch {
      // Nothing stored.
    }
  },
}
