import { randomBytes } from "node:crypto"
import { and, asc, eq, gt, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { fromPromise } from "xstate"
import { specialties as arSpecialties } from "../../locales/ar.json"
import { specialties as enSpecialties } from "../../locales/en.json"
import { specialties as frSpecialties } from "../../locales/fr.json"
import type { DependantId, DoctorId, TimeSlotId } from "../../schemas/ids.ts"
import type { UssdActorIO, UssdBooked, UssdLanguage, UssdOption } from "../../machines/ussdBooking.machine.ts"
import type { Db } from "../db/client.ts"
import { appointments, dependants, doctors, healthcareFacilities, patients, patientSettings, timeSlots, users } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import { inTransaction } from "../db/transaction.ts"
import { ApiError } from "../http/errors.ts"
import { bookSlot, cancelAppointment } from "../repositories/appointmentBooking.ts"
import { holdSlot } from "../repositories/slotHolds.ts"
import { saveCallerLanguage, type UssdCaller } from "./caller.ts"

/** A list read answers at most this many choices: the caller pages through them four (two in Arabic) at a time. */
const LIST_MAX = 20
/** The next free slots a doctor's list offers, and how many of one day. */
const SLOTS_MAX = 8
const SLOTS_PER_DAY = 2
/** How far ahead the lists look: places, specialties and doctors with a free slot in the next four weeks (the demo schedule's). */
const HORIZON = "28 days"
const COUNTRY = { SN: "SENEGAL", TD: "CHAD" } as const
const SPECIALTY_LABELS: Record<UssdLanguage, Record<string, string>> = { fr: frSpecialties, en: enSpecialties, ar: arSpecialties }
const SELF = "self"
const SELF_LABEL: Record<UssdLanguage, string> = { fr: "Moi", en: "Me", ar: "أنا" }
const REASON = "Rendez-vous pris par USSD"

/** What the USSD session may see and do: its caller, the database, and whether booking limits apply (issue 38). */
export interface UssdDeps {
  readonly db: Db
  readonly caller: UssdCaller
  readonly bookingLimits: boolean
  /** Sends the booking's confirmation SMS, once booked (it may fail: the booking stands). */
  readonly confirm: (sms: { readonly phoneNumber: string; readonly language: UssdLanguage; readonly booked: UssdBooked }) => Promise<void>
  readonly now?: () => Temporal.Instant
}

/** A free slot: available, in the future, held by nobody but (maybe) the caller. */
const freeSlot = (userId: string | null) =>
  sql`${timeSlots.status} = 'AVAILABLE' AND ${timeSlots.startsAt} > now() AND ${timeSlots.startsAt} < now() + ${HORIZON}::interval
      AND (${timeSlots.heldUntil} IS NULL OR ${timeSlots.heldUntil} <= now()${userId ? sql` OR ${timeSlots.heldBy} = ${userId}::uuid` : sql``})`

/**
 * Doctors a patient books alone: listed, taking bookings from patients themselves (issue 38), and
 * asking no deposit (issue 40): until the menu can start a mobile-money payment, those are left out.
 */
const bookableDoctor = sql`EXISTS (SELECT 1 FROM doctor_listings l WHERE l.doctor_id = ${timeSlots.doctorId} AND l.listed)
  AND NOT EXISTS (SELECT 1 FROM doctor_settings ds WHERE ds.doctor_id = ${timeSlots.doctorId} AND (ds.allow_direct_booking = false OR ds.deposit_for <> 'NONE'))`

/** "Dr A. Ndiaye 15 000 FCFA" (Arabic's 80-character pages: "15000F"): the fee in whole FCFA on one USSD line. */
function doctorLabel(language: UssdLanguage, firstName: string, lastName: string, fee: number | null): string {
  const money = fee === null ? "" : language === "ar" ? ` ${fee}F` : ` ${String(fee).replace(/\B(?=(\d{3})+$)/g, " ")} FCFA`
  return `Dr ${firstName.slice(0, 1)}. ${lastName}${money}`
}

/** "lun. 07/12 09:30" in the facility's zone, 24-hour, Latin digits in every language. */
export function slotLabel(language: UssdLanguage, at: Date, timeZone: string): string {
  const t = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone)
  const two = (n: number) => String(n).padStart(2, "0")
  const day = language === "ar" ? "" : `${new Intl.DateTimeFormat(language === "fr" ? "fr-FR" : "en-GB", { weekday: "short", timeZone }).format(at)} `
  return `${day}${two(t.day)}/${two(t.month)} ${two(t.hour)}:${two(t.minute)}`
}

/** The caller's next confirmed appointments, soonest first, each as one short line: "lun. 07/12 09:30 Dr Ndiaye". */
export async function upcomingOf(db: Db, caller: UssdCaller, language: UssdLanguage, limit: number) {
  if (!caller.account) return []
  const rows = await db
    .select({ id: appointments.id, at: appointments.appointmentTime, timeZone: appointments.timeZone, lastName: users.lastName })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(and(eq(appointments.patientId, caller.account.patientId), eq(appointments.status, "CONFIRMED"), gt(appointments.appointmentTime, sql`now()`)))
    .orderBy(asc(appointments.appointmentTime))
    .limit(limit)
  return rows.map((r) => ({ id: r.id, line: `${slotLabel(language, r.at, r.timeZone)} Dr ${r.lastName}` }))
}

/** A patient account for a caller without one, bound to the number (verified: the network says it is theirs). */
async function accountFor(db: Db, deps: UssdDeps, firstName: string, lastName: string) {
  if (deps.caller.account) return deps.caller.account
  return inTransaction(db, async (tx) => {
    const digits = deps.caller.phoneNumber.slice(1)
    const [user] = await tx
      .insert(users)
      .values({
        // No address yet: a placeholder that receives nothing (never verified); the owner adds theirs on the web.
        email: `ussd-${digits}-${randomBytes(4).toString("hex")}@ussd.promed.invalid`,
        // No password: the owner opens the account on the web by a code sent to this phone.
        passwordHash: "!ussd",
        role: "PATIENT",
        firstName,
        lastName,
        phoneNumber: deps.caller.phoneNumber,
        phoneVerifiedAt: new Date(),
        emailVerifiedAt: null,
      })
      .returning({ id: users.id })
    const [patient] = await tx
      .insert(patients)
      .values({ userId: user!.id, preferredNotificationMethods: ["SMS"] })
      .returning({ id: patients.id })
    await tx.insert(patientSettings).values({ patientId: patient!.id, appLanguage: deps.caller.language.toUpperCase(), reminders: true })
    return { userId: user!.id, patientId: patient!.id, name: `${firstName} ${lastName}` }
  })
}

const isSlotTaken = (error: unknown) => error instanceof ApiError && (error.code === "TIME_SLOT_ALREADY_BOOKED" || error.code === "TIME_SLOT_NOT_FOUND")
/** A booking rule's refusal for this person (issue 38's limits, direct booking off): said, not a failure. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.code === "BUSINESS_ERROR"

/** One of the machine's actors, its input and output typed as the machine declares them. */
const actor = <K extends keyof UssdActorIO>(_name: K, run: (input: UssdActorIO[K]["input"]) => Promise<UssdActorIO[K]["output"]>) =>
  fromPromise<UssdActorIO[K]["output"], UssdActorIO[K]["input"]>(({ input }) => run(input))

/** The gateway's reads and writes for one caller's menu, as the machine's named actors. */
export function ussdActors(deps: UssdDeps) {
  const { db, caller } = deps
  const language = () => caller.language
  const userId = caller.account?.userId ?? null
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute<Record<string, unknown>>(query)) as { rows: T[] }).rows

  return {
    loadPlaces: actor("loadPlaces", async (input) => {
      const found = await rows<{ city: string }>(sql`
        SELECT f.city FROM ${timeSlots} JOIN ${healthcareFacilities} f ON f.id = ${timeSlots.facilityId}
        WHERE f.country = ${COUNTRY[input.country]} AND ${freeSlot(userId)} AND ${bookableDoctor}
        GROUP BY f.city ORDER BY count(DISTINCT ${timeSlots.doctorId}) DESC, f.city LIMIT ${LIST_MAX}`)
      return found.map(({ city }) => ({ id: city, label: city }))
    }),

    loadSpecialties: actor("loadSpecialties", async (input) => {
      const found = await rows<{ code: string; label: string }>(sql`
        SELECT sp.code, sp.label FROM ${timeSlots} JOIN ${healthcareFacilities} f ON f.id = ${timeSlots.facilityId}
          JOIN doctor_specialties dsp ON dsp.doctor_id = ${timeSlots.doctorId} JOIN specialties sp ON sp.id = dsp.specialty_id
        WHERE f.city = ${input.place.id} AND ${freeSlot(userId)} AND ${bookableDoctor}
        GROUP BY sp.code, sp.label ORDER BY count(DISTINCT ${timeSlots.doctorId}) DESC, sp.code LIMIT ${LIST_MAX}`)
      return found.map(({ code, label }) => ({ id: code, label: SPECIALTY_LABELS[language()][code] ?? label }))
    }),

    loadDoctors: actor("loadDoctors", async (input) => {
      // By next availability, as the issue asks; the fee in FCFA beside the name.
      const found = await rows<{ id: DoctorId; firstName: string; lastName: string; fee: number | null }>(sql`
        SELECT d.id, u.first_name AS "firstName", u.last_name AS "lastName", d.consultation_fee AS fee
        FROM ${timeSlots} JOIN ${healthcareFacilities} f ON f.id = ${timeSlots.facilityId}
          JOIN ${doctors} d ON d.id = ${timeSlots.doctorId} JOIN ${users} u ON u.id = d.user_id
        WHERE f.city = ${input.place.id} AND ${freeSlot(userId)} AND ${bookableDoctor}
          AND EXISTS (SELECT 1 FROM doctor_specialties dsp JOIN specialties sp ON sp.id = dsp.specialty_id WHERE dsp.doctor_id = d.id AND sp.code = ${input.specialty.id})
        GROUP BY d.id, u.first_name, u.last_name, d.consultation_fee ORDER BY min(${timeSlots.startsAt}), d.id LIMIT ${LIST_MAX}`)
      return found.map((d) => ({ id: d.id, label: doctorLabel(language(), d.firstName, d.lastName, d.fee) }))
    }),

    loadSlots: actor("loadSlots", async (input) => {
      // The next free slots, at most two a day: a caller who cannot come that day sees the next days on the first pages.
      const found = await rows<{ id: TimeSlotId; startsAt: Date | string; timeZone: string }>(sql`
        SELECT id, starts_at AS "startsAt", time_zone AS "timeZone" FROM (
          SELECT ${timeSlots.id} AS id, ${timeSlots.startsAt} AS starts_at, ${timeSlots.timeZone} AS time_zone,
            row_number() OVER (PARTITION BY ${timeSlots.slotDate} ORDER BY ${timeSlots.startsAt}) AS nth
          FROM ${timeSlots} JOIN ${healthcareFacilities} f ON f.id = ${timeSlots.facilityId}
          WHERE ${timeSlots.doctorId} = ${input.doctor.id}::uuid AND f.city = ${input.place.id} AND ${freeSlot(userId)}
        ) s WHERE nth <= ${SLOTS_PER_DAY} ORDER BY starts_at LIMIT ${SLOTS_MAX}`)
      return found.map((s) => ({ id: s.id, label: slotLabel(language(), new Date(s.startsAt), s.timeZone) }))
    }),

    holdSlot: actor("holdSlot", async (input) => {
      const slotId = input.slot.id as TimeSlotId
      if (!caller.account) {
        // No account yet to hold it for (a hold belongs to a user): the slot is checked now and again at the booking.
        const [free] = await db
          .select({ id: timeSlots.id })
          .from(timeSlots)
          .where(and(eq(timeSlots.id, slotId), freeSlot(null)))
        return free ? "held" : "taken"
      }
      try {
        const bookingFor = { patientId: caller.account.patientId, dependantId: null, limited: deps.bookingLimits }
        await holdSlot(db, { slotId, userId: caller.account.userId, ownSchedule: null, bookingFor })
        return "held"
      } catch (error) {
        if (isSlotTaken(error)) return "taken"
        if (isRefusal(error)) return "refused"
        throw error
      }
    }),

    loadPersons: actor("loadPersons", async () => {
      const account = caller.account!
      const family = await db
        .select({ id: dependants.id, firstName: dependants.firstName, lastName: dependants.lastName })
        .from(dependants)
        .where(eq(dependants.patientId, account.patientId))
        .orderBy(asc(dependants.firstName))
      return [{ id: SELF, label: `${SELF_LABEL[language()]}: ${account.name}` }, ...family.map((d) => ({ id: d.id, label: `${d.firstName} ${d.lastName}` }))]
    }),

    book: actor("book", async (input) => {
      const [slot] = await db
        .select({
          id: timeSlots.id,
          doctorId: timeSlots.doctorId,
          startsAt: timeSlots.startsAt,
          timeZone: timeSlots.timeZone,
          place: healthcareFacilities.name,
        })
        .from(timeSlots)
        .innerJoin(healthcareFacilities, eq(healthcareFacilities.id, timeSlots.facilityId))
        .where(and(eq(timeSlots.id, input.slot.id as TimeSlotId), freeSlot(userId)))
      if (!slot) return { outcome: "taken" }
      const account = await accountFor(db, deps, input.firstName, input.lastName)
      const dependantId = input.person && input.person.id !== SELF ? (input.person.id as DependantId) : null
      try {
        await bookSlot(db, {
          doctorId: slot.doctorId,
          patientId: account.patientId,
          dependantId,
          timeSlotId: slot.id,
          appointmentTime: toUtcSeconds(slot.startsAt),
          appointmentType: "CLINIC",
          reason: REASON,
          bookedBy: account.userId,
          byPatient: true,
          limited: deps.bookingLimits,
        })
      } catch (error) {
        if (isSlotTaken(error)) return { outcome: "taken" }
        if (isRefusal(error)) return { outcome: "refused" }
        throw error
      }
      const [doctor] = await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(doctors)
        .innerJoin(users, eq(users.id, doctors.userId))
        .where(eq(doctors.id, slot.doctorId))
      const booked = {
        when: slotLabel(language(), slot.startsAt, slot.timeZone),
        doctor: `Dr ${doctor!.firstName.slice(0, 1)}. ${doctor!.lastName}`,
        place: slot.place,
      }
      await deps.confirm({ phoneNumber: caller.phoneNumber, language: language(), booked }).catch(() => undefined)
      return { outcome: "booked", booked }
    }),

    loadAppointments: actor("loadAppointments", async () =>
      (await upcomingOf(db, caller, language(), LIST_MAX)).map((a): UssdOption => ({ id: a.id, label: a.line })),
    ),

    cancel: actor("cancel", async (input) => {
      const [mine] = await db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.id, input.appointment.id as typeof appointments.$inferSelect.id),
            eq(appointments.patientId, caller.account?.patientId ?? sql`NULL`),
          ),
        )
      // Only the caller's own: a list shown to them, never an id from elsewhere.
      if (!mine) throw new ApiError("APPOINTMENT_NOT_FOUND")
      try {
        await cancelAppointment(db, mine.id)
        return "cancelled"
      } catch (error) {
        if (error instanceof ApiError && error.code === "CANCELLATION_RESTRICTED") return "tooLate"
        throw error
      }
    }),

    saveLanguage: actor("saveLanguage", (input) => saveCallerLanguage(db, caller, input.language)),
  }
}
