import { eq } from "drizzle-orm"
import { alias } from "drizzle-orm/pg-core"
import { Temporal } from "temporal-polyfill"
import type { AvailabilityId, DoctorId, TimeSlotId } from "../../schemas/ids.ts"
import type { Db } from "../db/client.ts"
import { doctors, patients, patientSettings, slotOffers, timeSlots, users } from "../db/schema.ts"
import type { JobHandler } from "../jobs/worker.ts"
import { noticeLanguageOf } from "../reminders/messages.ts"
import type { NoticeSenders } from "../reminders/send.ts"
import { tellPatient } from "../reminders/patientNotice.ts"
import { waitingCount } from "./entries.ts"
import { offerEmail, offerSms } from "./messages.ts"
import { expireOffer, freeSlotsOf, offerFreedSlot, WAITLIST_EXPIRE_JOB, WAITLIST_FREED_JOB, WAITLIST_NOTIFY_JOB } from "./offers.ts"

const doctorUsers = alias(users, "doctor_users")

/** What the offer's notice needs, read when it is sent. */
async function readOffer(db: Db, offerId: string) {
  const [row] = await db
    .select({
      status: slotOffers.status,
      expiresAt: slotOffers.expiresAt,
      at: timeSlots.startsAt,
      timeZone: timeSlots.timeZone,
      doctorFirstName: doctorUsers.firstName,
      doctorLastName: doctorUsers.lastName,
      email: users.email,
      phone: users.phoneNumber,
      phoneVerifiedAt: users.phoneVerifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      methods: patients.preferredNotificationMethods,
      appLanguage: patientSettings.appLanguage,
    })
    .from(slotOffers)
    .innerJoin(timeSlots, eq(timeSlots.id, slotOffers.timeSlotId))
    .innerJoin(doctors, eq(doctors.id, timeSlots.doctorId))
    .innerJoin(doctorUsers, eq(doctorUsers.id, doctors.userId))
    .innerJoin(patients, eq(patients.id, slotOffers.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .leftJoin(patientSettings, eq(patientSettings.patientId, patients.id))
    .where(eq(slotOffers.id, offerId))
  return row
}

/**
 * The waitlist's jobs (issue 14): offer freed slots, end offers whose time ran out, and tell the
 * patient of an offer on the channels they chose for reminders (email when they chose none).
 * `origin` is where the app is served, for the link in the notice.
 */
export function waitlistHandlers(senders: NoticeSenders, origin: string): Record<string, JobHandler> {
  return {
    [WAITLIST_FREED_JOB]: async (job, { db, now }) => {
      const at = Temporal.Instant.fromEpochMilliseconds(now.getTime())
      const payload = job.payload as { slotIds: TimeSlotId[] } | { doctorId: DoctorId; availabilityId: AvailabilityId }
      let slotIds: TimeSlotId[]
      if ("slotIds" in payload) slotIds = payload.slotIds
      // A new availability of a doctor nobody waits for (the usual case) costs one count, not a pass over its slots.
      else if ((await waitingCount(db, payload.doctorId)) === 0) return
      else slotIds = await freeSlotsOf(db, payload.availabilityId, at)
      for (const slotId of slotIds) await offerFreedSlot(db, slotId, at)
    },
    [WAITLIST_EXPIRE_JOB]: async (job, { db, now }) => {
      await expireOffer(db, String(job.payload.offerId), Temporal.Instant.fromEpochMilliseconds(now.getTime()))
    },
    [WAITLIST_NOTIFY_JOB]: async (job, { db, now }) => {
      const row = await readOffer(db, String(job.payload.offerId))
      // Ended before it could be told (declined in the app, expired): nothing to say.
      if (!row || row.status !== "OFFERED" || row.expiresAt.getTime() <= now.getTime()) return
      const lang = noticeLanguageOf(row.appLanguage)
      const facts = { at: row.at, timeZone: row.timeZone, doctor: `Dr ${row.doctorFirstName} ${row.doctorLastName}`, link: `${origin}/appointments` }
      // Email when no channel was chosen; an SMS only to a verified number, a mail only to a verified address (issue 38).
      await tellPatient(db, senders, row, now, { sms: offerSms(lang, facts), email: offerEmail(lang, facts) })
    },
  }
}
