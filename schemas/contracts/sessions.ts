import { endpoint } from "../contract.ts"
import { Id } from "../ids.ts"
import { OkResponse } from "../session.ts"
import { AccountSessionList, EndedSessions } from "../sessions.ts"

/*
 * The account's sessions (issue 38): the signed-in user's own, listed and ended. Handlers:
 * server/routes/sessions.ts; client: src/api/sessions.ts. One session's own sign-out is
 * GET /logout (./session.ts).
 */

/** The caller's live sessions (not ended, expired or idle past their limit), the current one marked. */
export const listSessions = endpoint({ method: "GET", path: "/sessions", response: AccountSessionList, access: "signedIn" })

/** Ends every session of the caller but the one the request is made with ("sign out everywhere else"). */
export const endOtherSessions = endpoint({ method: "DELETE", path: "/sessions/others", response: EndedSessions, access: "signedIn" })

/** Ends one of the caller's sessions; another user's, or one already ended: NOT_FOUND. */
export const endSession = endpoint({
  method: "DELETE",
  path: "/sessions/:id",
  params: { id: Id },
  response: OkResponse,
  access: "signedIn",
  errors: ["NOT_FOUND"],
})
