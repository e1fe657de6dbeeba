import * as Schema from "effect/Schema"
import { NotificationMethod } from "./enums.ts"
import { UtcInstant } from "./fields.ts"

/** What a notice was about (issue 13): a reminder a day or two hours before, or a cancellation. */
export const NoticeKind = Schema.Literals(["REMINDER_24H", "REMINDER_2H", "CANCELLATION"])
export type NoticeKind = typeof NoticeKind.Type

/** Why a notice was not sent (the `error` of a skipped entry): the screens translate these. */
export const SKIP_REASONS = {
  noChannel: "NO_CHANNEL",
  remindersOff: "REMINDERS_OFF",
  noPhone: "NO_PHONE",
  interrupted: "INTERRUPTED",
  /** Issue 38: the number was never proved by a code (the notice goes by email instead when the address is verified). */
  phoneUnverified: "PHONE_UNVERIFIED",
  /** Issue 38: the address was never proved by its link. */
  emailUnverified: "EMAIL_UNVERIFIED",
  /** Issue 38: the recipient had their notices of the hour. */
  recipientCap: "RECIPIENT_CAP",
} as const

/** One send about an appointment: on which channel, and whether it left, failed (with why) or was skipped. */
export const NotificationEntry = Schema.Struct({
  kind: NoticeKind,
  channel: NotificationMethod,
  status: Schema.Literals(["sent", "failed", "skipped"]),
  /** A skipped entry's reason (one of SKIP_REASONS), a failed one's error as the channel gave it. */
  error: Schema.NullOr(Schema.String),
  at: UtcInstant,
})
export type NotificationEntry = typeof NotificationEntry.Type

export const NotificationList = Schema.Array(NotificationEntry)
