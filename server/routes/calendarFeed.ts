import { createHash, randomBytes } from "node:crypto"
import { Hono } from "hono"
import { Temporal } from "temporal-polyfill"
import * as calendarFeed from "../../schemas/contracts/calendarFeed.ts"
import { appointmentEvent } from "../calendar/appointmentEvent.ts"
import { calendarText } from "../calendar/ics.ts"
import { linkOrigin } from "../config.ts"
import { route } from "../http/contract.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { feedRotationKey } from "../auth/credentialLimits.ts"
import { setRetryAfter } from "../auth/credentialChecks.ts"
import { feedEntries } from "../repositories/appointmentCalendar.ts"
import { deleteFeed, feedOwner, findFeed, replaceFeed } from "../repositories/calendarFeeds.ts"

/** Only the hash is kept: a copy of the database does not give anyone's agenda away. */
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex")

const FEED_NAMES = { patient: "Promed – Mes rendez-vous", doctor: "Promed – Agenda" }

/** The private calendar feed (issue 13): made, replaced and revoked by its owner, read by its address. */
export function calendarFeedRoutes() {
  const app = new Hono<AppEnv>()

  route(app, calendarFeed.getCalendarFeedStatus, {
    handle: async ({ c, caller }) => {
      const feed = await findFeed(c.get("deps").db, caller.userId)
      return { active: feed !== undefined, createdAt: feed?.createdAt.toISOString() ?? null }
    },
  })

  route(app, calendarFeed.createCalendarFeed, {
    handle: async ({ c, caller }) => {
      const { db, config, feedRotationLimits } = c.get("deps")
      // Issue 38: a new address at most 10 times a day per user (COLLECTION_CAPS.feedRotationsPerDay).
      const waitMs = await feedRotationLimits.attempt([feedRotationKey(caller.userId)])
      if (waitMs > 0) {
        setRetryAfter(c, waitMs)
        throw new ApiError("BUSINESS_ERROR", "Too many new calendar addresses today", [{ name: "form", message: "calendarFeed.full" }], 429)
      }
      const token = randomBytes(32).toString("base64url")
      const createdAt = await replaceFeed(db, caller.userId, hashOf(token))
      c.header("Cache-Control", "no-store")
      return { url: `${linkOrigin(config)}/api/v1/calendar/${token}.ics`, createdAt: createdAt.toISOString() }
    },
  })

  route(app, calendarFeed.revokeCalendarFeed, {
    handle: async ({ c, caller }) => {
      await deleteFeed(c.get("deps").db, caller.userId)
      return { active: false, createdAt: null }
    },
  })

  route(app, calendarFeed.getCalendarFeed, {
    handle: async ({ c, params }) => {
      const { db } = c.get("deps")
      const owner = await feedOwner(db, hashOf(params.feed.slice(0, -".ics".length)))
      if (!owner) throw new ApiError("NOT_FOUND")
      const entries = await feedEntries(db, owner, new Date())
      const viewer = "doctorId" in owner ? "DOCTOR" : "PATIENT"
      const stamp = Temporal.Now.instant()
      c.header("Cache-Control", "private, no-store")
      // The address must not travel further as a referrer, nor the file be kept by a shared cache.
      c.header("Referrer-Policy", "no-referrer")
      return calendarText(
        entries.map((entry) => appointmentEvent(entry, viewer, stamp)),
        viewer === "DOCTOR" ? FEED_NAMES.doctor : FEED_NAMES.patient,
      )
    },
  })

  return app
}
