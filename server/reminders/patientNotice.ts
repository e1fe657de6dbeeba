import type { Db } from "../db/client.ts"
import { MAIL_FROM } from "../email/contactMail.ts"
import { countNotice } from "../observability/notices.ts"
import { sendCapped } from "../verification/recipientCap.ts"
import { deliverableChannels, type NoticeSenders } from "./send.ts"

/** A patient's contacts and the channels they chose for reminders, as a notice outside an appointment's log reads them. */
export interface PatientContact {
  readonly email: string
  readonly phone: string | null
  readonly phoneVerifiedAt: Date | null
  readonly emailVerifiedAt: Date | null
  readonly methods: ReadonlyArray<string>
}

/**
 * Tells a patient something that is no appointment's reminder (a waitlist offer, a refund): on the
 * channels they chose for reminders, by email when they chose none; an SMS only to a verified
 * number, a mail only to a verified address (issue 38); within the recipient's hourly cap.
 */
export async function tellPatient(
  db: Db,
  senders: NoticeSenders,
  contact: PatientContact,
  now: Date,
  message: { readonly sms: string; readonly email: { readonly subject: string; readonly text: string } },
): Promise<void> {
  const chosen = contact.methods.includes("SMS") && contact.phone ? contact.methods : [...contact.methods, "EMAIL"]
  const channels = deliverableChannels(
    (["SMS", "EMAIL"] as const).filter((c) => chosen.includes(c)),
    { phone: contact.phone, phoneVerified: contact.phoneVerifiedAt !== null, emailVerified: contact.emailVerifiedAt !== null },
  )
  for (const { channel, skip } of channels) {
    if (skip) {
      countNotice(channel, "skipped")
      continue
    }
    const to = channel === "SMS" ? contact.phone! : contact.email
    await sendCapped(db, channel, to, now, () =>
      channel === "SMS" ? senders.sendSms({ to, text: message.sms }) : senders.sendMail({ from: MAIL_FROM, to, replyTo: senders.replyTo, ...message.email }),
    )
  }
}
