import { and, asc, eq, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { Db } from "../db/client.ts"
import { appointments, doctors, doctorSettings, patients, users } from "../db/schema.ts"
import { MAIL_FROM } from "../email/contactMail.ts"
import { enqueue } from "../jobs/queue.ts"
import type { JobHandler } from "../jobs/worker.ts"
import { countNotice } from "../observability/notices.ts"
import { sendCapped } from "../verification/recipientCap.ts"
import { noticeLanguageOf, type NoticeLanguage } from "./messages.ts"
import type { NoticeSenders } from "./send.ts"
import type { DoctorId } from "../../schemas/ids.ts"

export const AGENDA_PLAN_JOB = "agenda.plan"
export const AGENDA_SEND_JOB = "agenda.send"
/** The facilities' zones (healthcare_facilities.time_zone). */
export const AGENDA_ZONES = ["Africa/Dakar", "Africa/Ndjamena"] as const
/** Doctors get the next day's agenda at this local hour. */
export const AGENDA_HOUR = 18

/**
 * The agenda due in a zone at `now`: tomorrow's, sent at today's 18:00 local; once past 18:00 it is
 * still today's evening agenda (a server down at 18:00 sends it late rather than never).
 */
export function agendaDue(now: Date, timeZone: string): { date: string; runAt: Date } {
  const local = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(timeZone)
  const sendAt = local.with({ hour: AGENDA_HOUR, minute: 0, second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 })
  return { date: local.toPlainDate().add({ days: 1 }).toString(), runAt: new Date(sendAt.epochMilliseconds) }
}

/** Enqueues, for each doctor with confirmed appointments tomorrow, the evening's agenda email (once per doctor and date). */
export async function planAgendas(db: Db, now: Date): Promise<number> {
  let planned = 0
  for (const timeZone of AGENDA_ZONES) {
    const { date, runAt } = agendaDue(now, timeZone)
    const rows = await db
      .selectDistinct({ doctorId: appointments.doctorId })
      .from(appointments)
      .where(
        and(
          eq(appointments.status, "CONFIRMED"),
          eq(appointments.timeZone, timeZone),
          sql`(${appointments.appointmentTime} AT TIME ZONE ${timeZone})::date = ${date}::date`,
        ),
      )
    for (const { doctorId } of rows) {
      const id = await enqueue(db, { kind: AGENDA_SEND_JOB, payload: { doctorId, date, timeZone }, runAt, dedupeKey: `agenda:${doctorId}:${date}` })
      if (id) planned++
    }
  }
  return planned
}

/** The next hourly planning run, once per hour however many gateways enqueue it. */
export function enqueueAgendaPlanning(db: Db, now: Date): Promise<string | undefined> {
  const hour = new Date(Math.floor(now.getTime() / 3600_000) * 3600_000)
  return enqueue(db, { kind: AGENDA_PLAN_JOB, runAt: hour, dedupeKey: `agenda-plan:${hour.toISOString()}` })
}

const WORDS: Record<NoticeLanguage, { locale: string; subject: string; intro: string; types: Record<string, string> }> = {
  fr: {
    locale: "fr-FR",
    subject: "Votre agenda du",
    intro: "Vos rendez-vous confirmés de demain :",
    types: { CLINIC: "Cabinet", ONLINE: "En ligne", HOME: "À domicile" },
  },
  en: {
    locale: "en-GB",
    subject: "Your agenda for",
    intro: "Your confirmed appointments tomorrow:",
    types: { CLINIC: "Clinic", ONLINE: "Online", HOME: "Home visit" },
  },
  ar: {
    locale: "ar-u-nu-latn",
    subject: "جدول مواعيدك ليوم",
    intro: "مواعيدك المؤكدة غدا:",
    types: { CLINIC: "في العيادة", ONLINE: "عن بعد", HOME: "في المنزل" },
  },
}

/** The doctor's address and language, and that day's confirmed appointments in the zone, read at send time. */
async function readAgenda(db: Db, doctorId: DoctorId, date: string, timeZone: string) {
  const [doctor] = await db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt, appLanguage: doctorSettings.appLanguage })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .leftJoin(doctorSettings, eq(doctorSettings.doctorId, doctors.id))
    .where(eq(doctors.id, doctorId))
  const rows = await db
    .select({ at: appointments.appointmentTime, type: appointments.appointmentType, firstName: users.firstName, lastName: users.lastName })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        eq(appointments.status, "CONFIRMED"),
        eq(appointments.timeZone, timeZone),
        sql`(${appointments.appointmentTime} AT TIME ZONE ${timeZone})::date = ${date}::date`,
      ),
    )
    .orderBy(asc(appointments.appointmentTime))
  return { doctor, rows }
}

/** The agenda email: time, patient and kind of visit per line; no reason, as in every notice. */
export function composeAgenda(
  lang: NoticeLanguage,
  date: string,
  timeZone: string,
  rows: ReadonlyArray<{ at: Date; type: string; firstName: string; lastName: string }>,
) {
  const words = WORDS[lang]
  const day = new Intl.DateTimeFormat(words.locale, { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`))
  const time = (at: Date) => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone }).format(at)
  const lines = rows.map((r) => `${time(r.at)}  ${r.firstName} ${r.lastName} – ${words.types[r.type] ?? r.type}`)
  return { subject: `Promed – ${words.subject} ${day}`, text: [words.intro, "", ...lines, "", "Promed"].join("\n") }
}

/** The handlers of the agenda jobs: the hourly planner (which enqueues its next run) and the sender. */
export function agendaHandlers(senders: NoticeSenders): Record<string, JobHandler> {
  return {
    [AGENDA_PLAN_JOB]: async (_job, { db, now }) => {
      // The next run first: a planning that keeps failing must not end the chain.
      await enqueueAgendaPlanning(db, new Date(now.getTime() + 3600_000))
      await planAgendas(db, now)
    },
    [AGENDA_SEND_JOB]: async (job, { db, now }) => {
      const { doctorId, date, timeZone } = job.payload as { doctorId: DoctorId; date: string; timeZone: string }
      const { doctor, rows } = await readAgenda(db, doctorId, date, timeZone)
      // Everything was cancelled since planning: no empty agenda.
      if (!doctor || rows.length === 0) return
      // Issue 38: only to a verified address, within its hourly cap.
      if (!doctor.emailVerifiedAt) return countNotice("EMAIL", "skipped")
      const mail = composeAgenda(noticeLanguageOf(doctor.appLanguage), date, timeZone, rows)
      await sendCapped(db, "EMAIL", doctor.email, now, () => senders.sendMail({ from: MAIL_FROM, to: doctor.email, replyTo: senders.replyTo, ...mail }))
    },
  }
}
