import * as Schema from "effect/Schema"
import { CalendarFeedLink, CalendarFeedStatus, FeedFileName } from "../calendarFeed.ts"
import { endpoint } from "../contract.ts"

/*
 * The private calendar feed (issue 13). Handlers: server/routes/calendarFeed.ts; client:
 * src/api/calendarFeed.ts.
 */

const owners = ["PATIENT", "DOCTOR"] as const

/** Whether the caller has a feed. */
export const getCalendarFeedStatus = endpoint({ method: "GET", path: "/calendar-feed", response: CalendarFeedStatus, access: owners })

/** A new feed address, shown once; one made before stops working. At most 10 a day per user (BUSINESS_ERROR, 429). */
export const createCalendarFeed = endpoint({
  method: "POST",
  path: "/calendar-feed",
  response: CalendarFeedLink,
  status: 201,
  access: owners,
  errors: ["BUSINESS_ERROR"],
})

/** Revokes the caller's feed: its address answers NOT_FOUND from now on. */
export const revokeCalendarFeed = endpoint({ method: "DELETE", path: "/calendar-feed", response: CalendarFeedStatus, access: owners })

/**
 * The feed a calendar application reads: `/calendar/{token}.ics`, the address being the credential
 * (no bearer: calendar applications cannot send one). An unknown or revoked address: NOT_FOUND.
 */
export const getCalendarFeed = endpoint({
  method: "GET",
  path: "/calendar/:feed",
  params: { feed: FeedFileName },
  response: Schema.String,
  contentType: "text/calendar; charset=utf-8",
  access: "public",
  errors: ["NOT_FOUND"],
})
