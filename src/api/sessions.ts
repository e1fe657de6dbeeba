import { queryOptions } from "@tanstack/react-query"
import * as sessions from "../../schemas/contracts/sessions.ts"
import { callApi } from "./client.ts"

/** GET /sessions: the signed-in user's live sessions, the current one first (issue 38). */
export const sessionsQuery = () => queryOptions({ queryKey: ["sessions"] as const, queryFn: ({ signal }) => callApi(sessions.listSessions, { signal }) })

/** DELETE /sessions/others: "sign out everywhere else"; answers how many ended. */
export const endOtherSessions = () => callApi(sessions.endOtherSessions)

/** DELETE /sessions/{id}: ends one of the user's other sessions. */
export const endSession = (id: string) => callApi(sessions.endSession, { params: { id } })
