import { Hono } from "hono"
import * as sessions from "../../schemas/contracts/sessions.ts"
import { liveSessions, revokeOtherSessions, revokeOwnSession } from "../auth/sessions.ts"
import { route } from "../http/contract.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { markReadOnly } from "../http/readCache.ts"

/** The account's sessions (issue 38, schemas/contracts/sessions.ts): each caller sees and ends only their own. */
export function sessionsRoutes() {
  const app = new Hono<AppEnv>()

  route(app, sessions.listSessions, {
    handle: async ({ c, caller }) => {
      const rows = await liveSessions(c.get("deps").db, caller)
      const listed = rows.map((row) => ({
        id: row.id,
        device: { browser: row.browser, os: row.os },
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === caller.sessionId,
      }))
      c.header("Cache-Control", "no-store")
      return { sessions: [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)] }
    },
  })

  // Before /sessions/:id, which would otherwise take "others" for an id.
  route(app, sessions.endOtherSessions, {
    handle: async ({ c, caller }) => {
      // No public read shows sessions: the read cache stays as it is.
      markReadOnly(c)
      return { ended: await revokeOtherSessions(c.get("deps").db, caller.userId, caller.sessionId) }
    },
  })

  route(app, sessions.endSession, {
    handle: async ({ c, caller, params }) => {
      markReadOnly(c)
      // Another user's session is not found, as an unknown one: ids are not confirmed to strangers.
      if (!(await revokeOwnSession(c.get("deps").db, caller.userId, params.id))) throw new ApiError("NOT_FOUND", "No such session")
      return { ok: true as const }
    },
  })

  return app
}
