import { OFFLINE_KEY as KEY } from "../session/tokenStore.ts"

/** What a signed-in patient's tab keeps to show with no network: the upcoming appointments as last fetched. */
export interface OfflineSnapshot {
  /** The session token the data was fetched with: another session of the tab never reads it. */
  readonly token: string
  /** When the list was fetched (ISO instant): the offline banner's "data of". */
  readonly savedAt: string
  /** The appointments as the gateway sent them; decoded again by whoever shows them. */
  readonly appointments: ReadonlyArray<unknown>
}

// The offline copy lives in the tab's session storage beside the token (src/session/tokenStore.ts),
// so it never outlives the session it belongs to: a closed tab drops both, and the session's end
// (sign-out, expiry, refusal) clears it with the token (tokenStore.clear). Nothing of it is in the
// service worker's caches.

/** Keeps the snapshot for the tab, replacing any earlier one. */
export function saveOfflineSnapshot(snapshot: OfflineSnapshot): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(snapshot))
  } catch {
    // Storage refused or full: the tab simply has nothing to show offline.
  }
}

/** The snapshot kept for this token, or null (none, another session's, or unreadable). */
export function readOfflineSnapshot(token: string | null): OfflineSnapshot | null {
  if (!token) return null
  try {
    const raw = sessionStorage.getItem(KEY)
    const parsed = raw ? (JSON.parse(raw) as Partial<OfflineSnapshot>) : null
    if (!parsed || parsed.token !== token || typeof parsed.savedAt !== "string" || !Array.isArray(parsed.appointments)) return null
    return { token, savedAt: parsed.savedAt, appointments: parsed.appointments }
  } catch {
    return null
  }
}
