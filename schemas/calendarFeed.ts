import * as Schema from "effect/Schema"

/*
 * A user's private calendar feed (issue 13): a secret address a calendar application subscribes
 * to, listing the patient's appointments or the doctor's agenda. The address is the credential:
 * it is shown once, when made, and can be replaced or revoked.
 */

/** Whether the signed-in user has a feed, and since when. The address itself is never shown again. */
export const CalendarFeedStatus = Schema.Struct({
  active: Schema.Boolean,
  createdAt: Schema.NullOr(Schema.String),
})
export type CalendarFeedStatus = typeof CalendarFeedStatus.Type

/** A new feed: its address, shown this once. */
export const CalendarFeedLink = Schema.Struct({
  url: Schema.String,
  createdAt: Schema.String,
})
export type CalendarFeedLink = typeof CalendarFeedLink.Type

/** The last segment of a feed's address: 32 random bytes in base64url (43 characters), then `.ics`. */
export const FeedFileName = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{43}\.ics$/, { message: "validation.invalid" }))
