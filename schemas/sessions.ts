import * as Schema from "effect/Schema"

/*
 * The account's sessions (issue 38): each signed-in device, listed in the settings, with a way to
 * end the others. A session's device is named from its User-Agent at sign-in with names from the
 * short lists below (server/auth/device.ts); the header itself is never kept.
 */

export const SESSION_BROWSERS = ["Chrome", "Edge", "Firefox", "Safari", "Opera", "Samsung Internet"] as const
export const SessionBrowser = Schema.Literals(SESSION_BROWSERS)
export type SessionBrowser = typeof SessionBrowser.Type

export const SESSION_SYSTEMS = ["Android", "iOS", "Windows", "macOS", "ChromeOS", "Linux"] as const
export const SessionSystem = Schema.Literals(SESSION_SYSTEMS)
export type SessionSystem = typeof SessionSystem.Type

/** What signed in: the browser and the system, each null when the User-Agent did not say. */
export const SessionDevice = Schema.Struct({
  browser: Schema.NullOr(SessionBrowser),
  os: Schema.NullOr(SessionSystem),
})
export type SessionDevice = typeof SessionDevice.Type

/** One live session of the signed-in user; `current` is the one the request was made with. */
export const AccountSession = Schema.Struct({
  id: Schema.String,
  device: SessionDevice,
  createdAt: Schema.String,
  lastSeenAt: Schema.String,
  current: Schema.Boolean,
})
export type AccountSession = typeof AccountSession.Type

/** GET /sessions: the current session first, then the others by last use, latest first. */
export const AccountSessionList = Schema.Struct({ sessions: Schema.Array(AccountSession) })
export type AccountSessionList = typeof AccountSessionList.Type

/** DELETE /sessions/others: how many sessions ended. */
export const EndedSessions = Schema.Struct({ ended: Schema.Number })
export type EndedSessions = typeof EndedSessions.Type
