import * as Schema from "effect/Schema"
import { NotificationMethod } from "./enums.ts"
import { UtcInstant } from "./fields.ts"

/** What a notice was about (issue 13): a reminder a day or two hours before, or a cancellation. */
export const NoticeKind = Schema.Literals(["REMINDER_24H", "REMINDER_2H", "CANCELLATION"])
export type NoticeKind = typeof NoticeKind.Type

/** One send about an appointment: on which channel, and whether it left, failed (with why) or was skipped. */
export const NotificationEntry = Schema.Struct({
  kind: NoticeKind,
  channel: NotificationMethod,
  status: Schema.Literals(["sent", "failed", "skipped"]),
  error: Schema.NullOr(Schema.String),
  at: UtcInstant,
})
export type NotificationEntry = typeof NotificationEntry.Type

export const NotificationList = Schema.Array(NotificationEntry)
