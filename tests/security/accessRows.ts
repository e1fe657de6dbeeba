import { routeOf, type AnyEndpoint } from "../../schemas/contract.ts"
import { CONTRACTS } from "../../schemas/contracts/index.ts"
import { eq, sql } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { doctorRequests as doctorRequestsTable, patients, payments, slotOffers, slotWaitlistEntries, timeSlots } from "../../server/db/schema.ts"
import { testIds } from "../../schemas/testIds.ts"
import type { TestGateway } from "../../server/testing/testGateway.ts"
import { doctorFormOf } from "../support/gatewayFixtures.ts"
import { CALLERS, type CallerName, type Fixtures, type Tokens } from "./fixtures.ts"
import { patientFormOf } from "./patientForm.ts"

export type Expectation = Record<CallerName, number>

export interface Call {
  path: string
  body?: unknown
  headers?: Record<string, string>
}

interface RowSpec {
  /** Why the outcomes are what they are, in one line. */
  readonly rule: string
  readonly call: (f: Fixtures, ctx: RowContext) => Call | Promise<Call>
  readonly expect: Expectation
  /** Storage speaks Firebase: `Authorization: Firebase <token>` instead of a bearer. */
  readonly auth?: "firebase"
  /** The call ends the session it is made with (sign-out): each caller makes it with a session of its own. */
  readonly ownSession?: true
}

/** A call under /api/v1 names its contract; the storage surface (/v0, outside the contracts) its route. */
type RowInput = RowSpec & ({ readonly contract: AnyEndpoint } | { readonly route: string })

export interface AccessRow extends RowSpec {
  /** "METHOD /pattern" exactly as the gateway's route list spells it (a contract's, derived from it). */
  readonly route: string
  readonly contract: AnyEndpoint | null
}

const rowOf = (row: RowInput): AccessRow => ("contract" in row ? { ...row, route: routeOf(row.contract) } : { ...row, contract: null })

export interface RowContext {
  gw: TestGateway
  tokens: Tokens
  bucket: string
}

/** The same status for everyone. */
const everyone = (status: number): Expectation => Object.fromEntries(CALLERS.map((c) => [c, status])) as Expectation

/** Visitors 401, everyone signed in `status`. */
const signedIn = (status: number): Expectation => ({ ...everyone(status), visitor: 401 })

/** Visitors 401, the listed callers `ok`, everyone else 403. */
function only(allowed: ReadonlyArray<CallerName>, ok: number, overrides: Partial<Expectation> = {}): Expectation {
  const expectation = Object.fromEntries(CALLERS.map((c) => [c, c === "visitor" ? 401 : allowed.includes(c) ? ok : 403])) as Expectation
  return { ...expectation, ...overrides }
}

/** A waitlist entry of patient A for doctor A, made afresh for each caller. */
async function waitlistEntryOfA(f: Fixtures, gw: TestGateway): Promise<string> {
  await gw.db.delete(slotWaitlistEntries).where(eq(slotWaitlistEntries.patientId, f.patientA))
  const from = Temporal.Now.plainDateISO("Africa/Dakar").add({ days: 1 })
  const [entry] = await gw.db
    .insert(slotWaitlistEntries)
    .values({ patientId: f.patientA, doctorId: f.doctorA, mode: "BETWEEN_DATES", fromDate: from.toString(), toDate: from.add({ days: 7 }).toString() })
    .returning({ id: slotWaitlistEntries.id })
  return entry!.id
}

/** A booking of patient A with doctor A into a slot that does not exist (POST /appointments, POST /payments). */
const missingSlotBookingOfA = (f: Fixtures) => ({
  doctorId: f.doctorA,
  patientId: f.patientA,
  timeSlotId: "00000000-0000-4000-8000-000000000000",
  appointmentTime: f.freeSlotA.startsAt,
  appointmentType: "CLINIC",
  reason: "Contrôle",
})

/** A PAID deposit of patient A with doctor A (its appointment the near one), made once. */
let paidDeposit: string | null = null
async function paidDepositOfA(f: Fixtures, gw: TestGateway): Promise<string> {
  if (paidDeposit) return paidDeposit
  const [payer] = await gw.db.select({ userId: patients.userId }).from(patients).where(eq(patients.id, f.patientA))
  const [row] = await gw.db
    .insert(payments)
    .values({
      payerId: payer!.userId,
      patientId: f.patientA,
      doctorId: f.doctorA,
      timeSlotId: f.freeSlotA.id,
      appointmentId: testIds.appointment(f.nearAppointment),
      status: "PAID",
      amount: 5000,
      currency: "XOF",
      method: "WAVE",
      provider: "sandbox",
      checkoutUrl: "http://localhost/sandbox/checkout/x",
      booking: {},
      receiptNumber: "PM-2026-999999",
      expiresAt: new Date(Date.now() + 15 * 60_000),
      paidAt: new Date(),
    })
    .returning({ id: payments.id })
  paidDeposit = row!.id
  return paidDeposit
}

/** A message of the contact form as the SPA sends it to /email/send. */
export const contactMessage = () => ({
  data: {
    template: "contact-form",
    smtpConfigId: "default",
    context: {
      firstName: "Khady",
      lastName: "Sarr",
      role: "PATIENT",
      email: "khady.sarr@example.sn",
      phone: "+221771239876",
      message: "Bonjour, une question sur les rendez-vous à domicile.",
      name: "Khady Sarr (PATIENT)",
      subject: "Contact",
    },
  },
})

let doctorRequests = 0

/** A doctor's request for a professional account, from an address of its own each time (one pending request per address). */
export const doctorRequestBody = () => ({
  firstName: "Ibrahima",
  lastName: "Fall",
  email: `ibrahima.fall.${++doctorRequests}@example.sn`,
  phoneNumber: "+221771234500",
  specialtyCode: "CARDIOLOGY",
  refNumber: "SN-ORD-4521",
  message: "Je souhaite rejoindre Promed.",
  acceptTerms: true,
})

const reviewComment = "Très bonne prise en charge, je recommande vivement ce médecin."

export async function ownerGet(ctx: RowContext, owner: CallerName, path: string) {
  const response = await ctx.gw.api("GET", path, { token: ctx.tokens[owner] })
  if (response.status !== 200) throw new Error(`fixture read ${path} failed: ${response.status}`)
  return response.body
}

/** The patient form as it stands: saving it back changes nothing. */
export async function currentPatientForm(ctx: RowContext, f: Fixtures) {
  return patientFormOf(await ownerGet(ctx, "patientA", `/patients/${f.patientA}`))
}

/** The doctor form as it stands. */
export async function currentDoctorForm(ctx: RowContext, f: Fixtures) {
  return doctorFormOf(await ownerGet(ctx, "doctorA", `/doctors/${f.doctorA}`))
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])

/** A Firebase multipart upload body: JSON metadata, then the bytes. */
export function multipart(name: string, contentType: string, bytes: Uint8Array) {
  const boundary = "promed-matrix-boundary"
  const head = `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ name, contentType })}\r\n--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`
  const tail = `\r\n--${boundary}--`
  const body = Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)])
  return { body, headers: { "Content-Type": `multipart/related; boundary=${boundary}`, "X-Goog-Upload-Protocol": "multipart" } }
}

const objectPath = (ctx: RowContext, name: string) => `/v0/b/${ctx.bucket}/o/${encodeURIComponent(name)}`
export const recordObject = (f: Fixtures, file: string) => `medical-records/${f.userA}/${file}`

/**
 * Every contract of /api/v1 and every storage route that takes an id, with who may call it and what
 * each caller gets, written from SPEC (§6), never from the contracts: the suite checks the two agree.
 * Non-owners run before owners, so an owner's change never hides a non-owner's refusal. A new
 * contract or route with an id and no row here fails the suite.
 */
const ROWS: ReadonlyArray<RowInput> = [
  // Session: anyone signed in; a new password for patients and doctors only (SPEC §2, §6).
  {
    contract: CONTRACTS.session.validateSession,
    rule: "a session is checked by whoever holds it",
    call: () => ({ path: "/api/v1/validate-session" }),
    expect: signedIn(200),
  },
  {
    contract: CONTRACTS.session.getSession,
    rule: "the signed-in user reads their own session",
    call: () => ({ path: "/api/v1/session" }),
    expect: signedIn(200),
  },
  {
    contract: CONTRACTS.session.logout,
    rule: "whoever is signed in signs out",
    ownSession: true,
    call: () => ({ path: "/api/v1/logout" }),
    expect: signedIn(200),
  },
  {
    contract: CONTRACTS.session.changePassword,
    rule: "patients and doctors change their password (a wrong current one: 400); managers and admins may not",
    call: () => ({ path: "/api/v1/account/change-password", body: { oldPassword: "not-the-password", newPassword: "Nouveau-Mot2passe!" } }),
    expect: only(["patientA", "patientB", "doctorA", "doctorB"], 400),
  },
  // Issue 38: a patient proves their own number; the demo's are verified already (422), and no code waits (422).
  {
    contract: CONTRACTS.verification.sendPhoneCode,
    rule: "a patient asks a code for their own number only",
    call: () => ({ path: "/api/v1/me/phone-verification" }),
    expect: only(["patientA", "patientB"], 422),
  },
  {
    contract: CONTRACTS.verification.confirmPhoneCode,
    rule: "a patient checks a code of their own number only",
    call: () => ({ path: "/api/v1/me/phone-verification/confirm", body: { code: "123456" } }),
    expect: only(["patientA", "patientB"], 422),
  },
  // The account's sessions (issue 38): everyone signed in has their own, and only those.
  {
    contract: CONTRACTS.sessions.listSessions,
    rule: "whoever is signed in lists their own sessions",
    call: () => ({ path: "/api/v1/sessions" }),
    expect: signedIn(200),
  },
  {
    contract: CONTRACTS.sessions.endOtherSessions,
    rule: "whoever is signed in ends their other sessions; the one the call is made with stays",
    call: () => ({ path: "/api/v1/sessions/others" }),
    expect: signedIn(200),
  },
  {
    contract: CONTRACTS.sessions.endSession,
    rule: "a session is ended by its own user alone: another's is not found",
    call: async (_, ctx) => {
      const token = await ctx.gw.signIn("patient@demo.sn")
      const { sessionId } = (await ctx.gw.api("POST", "/validate-session", { token })).body
      return { path: `/api/v1/sessions/${sessionId}` }
    },
    expect: { ...signedIn(404), patientA: 200 },
  },
  // Public directories and the contact form: anyone, visitors included.
  {
    contract: CONTRACTS.doctors.searchDoctors,
    rule: "doctor search is public",
    call: () => ({
      path: "/api/v1/doctors/search",
      body: { paginationSettings: { offset: 0, limit: 3 }, sortBy: { property: "rating", order: "desc" }, query: { providedServiceCodes: ["CLINIC"] } },
    }),
    expect: everyone(200),
  },
  {
    contract: CONTRACTS.facilities.searchFacilities,
    rule: "facility search is public",
    call: () => ({
      path: "/api/v1/healthcare-facilities/search",
      body: { paginationSettings: { offset: 0, limit: 3 }, sortBy: { property: "name", order: "asc" } },
    }),
    expect: everyone(200),
  },
  {
    contract: CONTRACTS.contact.sendContactEmail,
    rule: "anyone writes to us",
    call: () => ({
      path: "/api/v1/email/send?lang=fr",
      body: contactMessage(),
    }),
    expect: everyone(200),
  },
  // Professional account requests (issue 11): anyone asks; managers read those for their facility.
  {
    contract: CONTRACTS.doctorRequests.createDoctorRequest,
    rule: "anyone asks for a professional account",
    call: () => ({ path: "/api/v1/doctor-requests", body: doctorRequestBody() }),
    expect: everyone(201),
  },
  {
    contract: CONTRACTS.doctorRequests.listManagerDoctorRequests,
    rule: "only managers read the doctors' requests",
    call: () => ({ path: "/api/v1/manager/doctor-requests" }),
    expect: only(["manager"], 200),
  },
  {
    contract: CONTRACTS.doctorRequests.reviewDoctorRequest,
    rule: "only managers mark a request they can read as reviewed",
    call: async (_f, ctx) => {
      // Straight into the table: the public form counts sends per address, and the row above already sent seven.
      const [request] = await ctx.gw.db
        .insert(doctorRequestsTable)
        .values((({ acceptTerms: _accepted, ...request }) => request)(doctorRequestBody()))
        .returning({ id: doctorRequestsTable.id })
      return { path: `/api/v1/manager/doctor-requests/${request!.id}/review` }
    },
    expect: only(["manager"], 200),
  },
  // Appointments: the patient or the doctor of the appointment, nobody else.
  {
    contract: CONTRACTS.appointments.listAppointments,
    rule: "patients and doctors list their own appointments; other roles have none",
    call: () => ({ path: "/api/v1/appointments" }),
    expect: only(["patientA", "patientB", "doctorA", "doctorB"], 200),
  },
  {
    contract: CONTRACTS.appointments.getAppointment,
    rule: "an appointment is seen only by its patient and its doctor",
    call: (f) => ({ path: `/api/v1/appointments/${f.nearAppointment}` }),
    expect: only(["patientA", "doctorA"], 200),
  },
  {
    contract: CONTRACTS.appointments.getAppointmentCalendar,
    rule: "an appointment's calendar file is the appointment's: only its patient and its doctor get it",
    call: (f) => ({ path: `/api/v1/appointments/${f.nearAppointment}/calendar.ics` }),
    expect: only(["patientA", "doctorA"], 200),
  },
  {
    contract: CONTRACTS.appointments.getAppointmentNotifications,
    rule: "what was sent about an appointment is the appointment's: only its patient and its doctor read it",
    call: (f) => ({ path: `/api/v1/appointments/${f.nearAppointment}/notifications` }),
    expect: only(["patientA", "doctorA"], 200),
  },
  // The private calendar feed (issue 13): each patient or doctor their own; the address is its own credential.
  {
    contract: CONTRACTS.calendarFeed.getCalendarFeedStatus,
    rule: "patients and doctors see whether they have a feed; managers and admins have no appointments",
    call: () => ({ path: "/api/v1/calendar-feed" }),
    expect: only(["patientA", "patientB", "doctorA", "doctorB"], 200),
  },
  {
    contract: CONTRACTS.calendarFeed.createCalendarFeed,
    rule: "patients and doctors make their own feed",
    call: () => ({ path: "/api/v1/calendar-feed" }),
    expect: only(["patientA", "patientB", "doctorA", "doctorB"], 201),
  },
  {
    contract: CONTRACTS.calendarFeed.revokeCalendarFeed,
    rule: "patients and doctors revoke their own feed",
    call: () => ({ path: "/api/v1/calendar-feed" }),
    expect: only(["patientA", "patientB", "doctorA", "doctorB"], 200),
  },
  {
    contract: CONTRACTS.calendarFeed.getCalendarFeed,
    rule: "a feed is read by its address alone, whoever asks: an address that is no feed is not found, for everyone",
    call: () => ({ path: `/api/v1/calendar/${"A".repeat(43)}.ics` }),
    expect: everyone(404),
  },
  {
    contract: CONTRACTS.appointments.rescheduleAppointment,
    rule: "only its parties may reschedule; 10 hours ahead, they are told the 24-hour rule",
    call: (f) => ({ path: `/api/v1/appointments/${f.nearAppointment}`, body: { timeSlotId: f.freeSlotA.id, appointmentTime: f.freeSlotA.startsAt } }),
    expect: only(["patientA", "doctorA"], 422),
  },
  {
    contract: CONTRACTS.appointments.cancelAppointment,
    rule: "only its parties may cancel; 10 hours ahead, they are told the 24-hour rule",
    call: (f) => ({ path: `/api/v1/appointments/cancel/${f.nearAppointment}` }),
    expect: only(["patientA", "doctorA"], 422),
  },
  {
    contract: CONTRACTS.appointments.createAppointment,
    rule: "a patient books in their own name, a doctor for a patient of theirs into their own slots (a slot that does not exist: 404)",
    call: (f) => ({
      path: "/api/v1/appointments",
      body: missingSlotBookingOfA(f),
    }),
    expect: only(["patientA", "doctorA"], 404),
  },
  // Deposits (issue 40): a payment is its payer's and its doctor's; the provider's notices prove themselves.
  {
    contract: CONTRACTS.payments.quoteDeposit,
    rule: "patients ask what a booking would owe; other roles book no deposit",
    call: (f) => ({ path: `/api/v1/payments/quote?doctorId=${f.doctorA}&timeSlotId=${f.freeSlotA.id}` }),
    expect: only(["patientA", "patientB"], 200),
  },
  {
    contract: CONTRACTS.payments.createPayment,
    rule: "a patient pays only for a booking in their own name (a slot that does not exist: 404)",
    call: (f) => ({
      path: "/api/v1/payments",
      body: missingSlotBookingOfA(f),
    }),
    expect: only(["patientA"], 404),
  },
  {
    contract: CONTRACTS.payments.getPayment,
    rule: "a payment is read by its payer and its doctor only",
    call: async (f, { gw }) => ({ path: `/api/v1/payments/${await paidDepositOfA(f, gw)}` }),
    expect: only(["patientA", "doctorA"], 200),
  },
  {
    contract: CONTRACTS.payments.getPaymentReceipt,
    rule: "a payment's receipt is its payer's and its doctor's only",
    call: async (f, { gw }) => ({ path: `/api/v1/payments/${await paidDepositOfA(f, gw)}/receipt` }),
    expect: only(["patientA", "doctorA"], 200),
  },
  {
    contract: CONTRACTS.payments.paymentWebhook,
    rule: "a provider's notice is judged by its signature alone, whoever sends it: unsigned, it is refused for everyone",
    call: () => ({ path: "/api/v1/payments/webhooks/sandbox", body: { id: "evt", type: "payment.succeeded" } }),
    expect: everyone(403),
  },
  {
    contract: CONTRACTS.aggregator.ussdStep,
    rule: "a USSD step is the aggregator's, proved by its secret; a demo server (these suites) answers anyone, and an unknown number ends the session",
    call: () => ({ path: "/api/v1/ussd", body: { sessionId: "ATUid_matrix", phoneNumber: "not a number", text: "" } }),
    expect: everyone(200),
  },
  {
    contract: CONTRACTS.aggregator.inboundSms,
    rule: "an inbound SMS is the aggregator's, proved by its secret; a demo server answers anyone, and a sender that is no number gets nothing",
    call: () => ({ path: "/api/v1/sms/inbound", body: { from: "not a number", text: "RDV", id: "ATXid_matrix" } }),
    expect: everyone(200),
  },
  {
    contract: CONTRACTS.payments.getAppointmentPayment,
    rule: "an appointment's deposit is seen only by its patient and its doctor",
    call: (f) => ({ path: `/api/v1/appointments/${f.nearAppointment}/payment` }),
    expect: only(["patientA", "doctorA"], 200),
  },
  {
    contract: CONTRACTS.payments.markNoShow,
    rule: "only the appointment's doctor marks the patient absent; 10 hours ahead, its time has not passed",
    call: (f) => ({ path: `/api/v1/appointments/${f.nearAppointment}/no-show` }),
    expect: only(["doctorA"], 422),
  },
  {
    contract: CONTRACTS.payments.listDoctorPayments,
    rule: "a doctor's payments are that doctor's only",
    call: (f) => ({ path: `/api/v1/doctors/${f.doctorA}/payments` }),
    expect: only(["doctorA"], 200),
  },
  {
    contract: CONTRACTS.payments.exportDoctorPayments,
    rule: "a doctor's payments file is that doctor's only",
    call: (f) => ({ path: `/api/v1/doctors/${f.doctorA}/payments.csv` }),
    expect: only(["doctorA"], 200),
  },
  {
    route: "GET /sandbox/checkout/:id",
    rule: "the sandbox provider's page is reached by its link, as a provider's checkout is: whoever opens it sees it",
    call: async (f, { gw }) => ({ path: `/sandbox/checkout/${await paidDepositOfA(f, gw)}` }),
    expect: everyone(200),
  },
  {
    route: "POST /sandbox/checkout/:id",
    rule: "only the sandbox's own page posts its choice: a post that is not same-origin is refused for everyone",
    call: async (f, { gw }) => ({ path: `/sandbox/checkout/${await paidDepositOfA(f, gw)}`, body: "decision=approve" }),
    expect: everyone(403),
  },
  // The phone simulator (issue 41), on a demo server only: a page anyone opens; only its own page posts to it.
  {
    route: "GET /dev/ussd",
    rule: "the demo's phone simulator is a page anyone opens, as the demo itself",
    call: () => ({ path: "/dev/ussd?phone=%2B23566000099" }),
    expect: everyone(200),
  },
  {
    route: "POST /dev/ussd",
    rule: "only the simulator's own page dials: a post that is not same-origin is refused for everyone",
    call: () => ({ path: "/dev/ussd", body: "phone=%2B23566000099&dial=1" }),
    expect: everyone(403),
  },
  {
    route: "POST /dev/ussd/sms",
    rule: "only the simulator's own page sends its SMS: a post that is not same-origin is refused for everyone",
    call: () => ({ path: "/dev/ussd/sms", body: "phone=%2B23566000099&text=RDV" }),
    expect: everyone(403),
  },
  // Slot holds (issue 14): the booking user holds; a hold is released only by its holder.
  {
    contract: CONTRACTS.timeSlotHolds.holdTimeSlot,
    rule: "patients hold a free slot, a doctor one of their own schedule (each caller finds it free: the last hold is cleared first)",
    call: async (f, { gw }) => {
      await gw.db.update(timeSlots).set({ heldBy: null, heldUntil: null }).where(eq(timeSlots.id, f.freeSlotA.id))
      return { path: `/api/v1/time-slots/${f.freeSlotA.id}/hold` }
    },
    expect: only(["patientA", "patientB", "doctorA"], 201),
  },
  {
    contract: CONTRACTS.timeSlotHolds.releaseTimeSlotHold,
    rule: "only its holder (patient A) releases a hold; anyone else, the slot's doctor included, is refused",
    call: async (f, { gw }) => {
      await gw.db
        .update(timeSlots)
        .set({ heldBy: f.userA, heldUntil: sql`now() + interval '5 minutes'` })
        .where(eq(timeSlots.id, f.freeSlotA.id))
      return { path: `/api/v1/time-slots/${f.freeSlotA.id}/hold` }
    },
    expect: only(["patientA"], 200),
  },
  // The freed-slot waitlist (issue 14): patients' own entries and offers; the doctor's own count.
  {
    contract: CONTRACTS.slotWaitlists.joinSlotWaitlist,
    rule: "patients join a doctor's waitlist for themselves (each caller starts with none)",
    call: async (f, { gw }) => {
      await gw.db.delete(slotWaitlistEntries).where(eq(slotWaitlistEntries.doctorId, f.doctorA))
      const from = Temporal.Now.plainDateISO("Africa/Dakar").add({ days: 1 })
      return {
        path: "/api/v1/slot-waitlists",
        body: { doctorId: f.doctorA, mode: "BETWEEN_DATES", fromDate: from.toString(), toDate: from.add({ days: 7 }).toString() },
      }
    },
    expect: only(["patientA", "patientB"], 201),
  },
  {
    contract: CONTRACTS.slotWaitlists.listSlotWaitlists,
    rule: "patients list their own waitlists",
    call: () => ({ path: "/api/v1/slot-waitlists" }),
    expect: only(["patientA", "patientB"], 200),
  },
  {
    contract: CONTRACTS.slotWaitlists.leaveSlotWaitlist,
    rule: "only its patient (A) leaves a waitlist entry",
    call: async (f, { gw }) => ({ path: `/api/v1/slot-waitlists/${await waitlistEntryOfA(f, gw)}` }),
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.slotWaitlists.declineSlotOffer,
    rule: "only the patient it is offered to (A) declines an offer",
    call: async (f, { gw }) => {
      const entryId = await waitlistEntryOfA(f, gw)
      await gw.db.update(slotOffers).set({ status: "EXPIRED" }).where(eq(slotOffers.timeSlotId, f.freeSlotA.id))
      const [offer] = await gw.db
        .insert(slotOffers)
        .values({ entryId, patientId: f.patientA, timeSlotId: f.freeSlotA.id, expiresAt: new Date(Date.now() + 15 * 60_000) })
        .returning({ id: slotOffers.id })
      return { path: `/api/v1/slot-offers/${offer!.id}/decline` }
    },
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.slotWaitlists.doctorSlotWaitlistCount,
    rule: "a doctor reads how many wait for them, not for another doctor",
    call: (f) => ({ path: `/api/v1/doctors/${f.doctorA}/slot-waitlist` }),
    expect: only(["doctorA"], 200),
  },
  // Availability and slots: public reads; the schedule and its changes are the doctor's own.
  {
    contract: CONTRACTS.availability.getAvailability,
    rule: "a doctor's availability is public (booked slots are shown to the doctor only)",
    call: (f) => ({ path: `/api/v1/doctor-availability/${f.doctorA}` }),
    expect: everyone(200),
  },
  {
    contract: CONTRACTS.availability.createAvailability,
    rule: "only the doctor adds to their own schedule",
    call: (f) => ({
      path: `/api/v1/doctor-availability/${f.doctorA}`,
      body: { dayOfWeek: "SUNDAY", startTime: "19:00", endTime: "20:00", isRecurring: true, slotDurationMinutes: 30 },
    }),
    expect: only(["doctorA"], 201),
  },
  {
    contract: CONTRACTS.availability.deleteAvailability,
    rule: "only the doctor deletes from their own schedule",
    call: (f) => ({ path: `/api/v1/doctor-availability/${f.doctorA}/availability/${f.spareAvailability}` }),
    expect: only(["doctorA"], 200),
  },
  {
    contract: CONTRACTS.availability.getScheduleSlots,
    rule: "the full schedule with booked slots is the doctor's own",
    call: (f) => ({ path: `/api/v1/doctor-availability/${f.doctorA}/time-slots?startDate=2026-12-01&endDate=2026-12-07` }),
    expect: only(["doctorA"], 200),
  },
  {
    contract: CONTRACTS.availability.getAvailableSlots,
    rule: "free slots are public",
    call: (f) => ({ path: `/api/v1/doctor-availability/${f.doctorA}/available-time-slots?startDate=2026-12-01&endDate=2026-12-07` }),
    expect: everyone(200),
  },
  {
    contract: CONTRACTS.availability.getAvailableSlotsOfDate,
    rule: "free slots are public",
    call: (f) => ({ path: `/api/v1/doctor-availability/${f.doctorA}/available-time-slots/date/2026-12-01` }),
    expect: everyone(200),
  },
  // Doctors: public profile; profile, settings and patients are the doctor's own.
  {
    contract: CONTRACTS.doctors.getDoctor,
    rule: "doctor profiles are public",
    call: (f) => ({ path: `/api/v1/doctors/${f.doctorA}` }),
    expect: everyone(200),
  },
  {
    contract: CONTRACTS.doctorAccount.updateDoctor,
    rule: "only the doctor edits their profile",
    call: async (f, ctx) => ({ path: `/api/v1/doctors/${f.doctorA}`, body: await currentDoctorForm(ctx, f) }),
    expect: only(["doctorA"], 200),
  },
  {
    contract: CONTRACTS.doctorAccount.updateDoctorSettings,
    rule: "only the doctor changes their settings",
    call: async (f, ctx) => {
      const { doctorSettingsId: _id, doctorId: _doctor, ...settings } = (await ownerGet(ctx, "doctorA", "/session")).settings
      return { path: `/api/v1/doctors/${f.doctorA}/settings`, body: settings }
    },
    expect: only(["doctorA"], 200),
  },
  {
    contract: CONTRACTS.doctorPatients.listDoctorPatients,
    rule: "a doctor's patient list is theirs",
    call: (f) => ({ path: `/api/v1/doctors/${f.doctorA}/patients` }),
    expect: only(["doctorA"], 200),
  },
  {
    contract: CONTRACTS.doctorPatients.getDoctorPatient,
    rule: "a doctor sees a patient they have seen, in their own list",
    call: (f) => ({ path: `/api/v1/doctors/${f.doctorA}/patients/${f.patientOfDoctorAOnly}` }),
    expect: only(["doctorA"], 200),
  },
  {
    contract: CONTRACTS.doctorPatients.getPatientOfCaller,
    rule: "a doctor sees only patients who had an appointment with them",
    call: (f) => ({ path: `/api/v1/doctors/patients/${f.patientOfDoctorAOnly}` }),
    expect: only(["doctorA"], 200),
  },
  // Patients: their own record only.
  {
    contract: CONTRACTS.patients.getPatient,
    rule: "a patient record is read by that patient only",
    call: (f) => ({ path: `/api/v1/patients/${f.patientA}` }),
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.patients.updatePatient,
    rule: "a patient record is changed by that patient only",
    call: async (f, ctx) => ({ path: `/api/v1/patients/${f.patientA}`, body: await currentPatientForm(ctx, f) }),
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.patients.updatePatientSettings,
    rule: "a patient's settings are changed by that patient only",
    call: async (f, ctx) => ({ path: `/api/v1/patients/${f.patientA}/settings`, body: (await ownerGet(ctx, "patientA", `/patients/${f.patientA}`)).settings }),
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.patients.addEmergencyContact,
    rule: "emergency contacts are added by the patient only",
    call: (f) => ({
      path: `/api/v1/patients/${f.patientA}/emergency-contacts`,
      body: { firstName: "Mariama", lastName: "Ba", phoneNumber: "+221775550101", relationship: "SIBLING" },
    }),
    expect: only(["patientA"], 201),
  },
  {
    contract: CONTRACTS.patients.updateEmergencyContact,
    rule: "an emergency contact is changed by its patient only",
    call: (f) => ({
      path: `/api/v1/patients/emergency-contacts/${f.contactOfA}`,
      body: { firstName: "Ousmane", lastName: "Diop", phoneNumber: "+221770000111", relationship: "HUSBAND" },
    }),
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.patients.deleteEmergencyContact,
    rule: "an emergency contact is deleted by its patient only",
    call: (f) => ({ path: `/api/v1/patients/${f.patientA}/emergency-contacts/${f.contactToDeleteOfA}` }),
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.patients.addMedicalRecord,
    rule: "medical records are added by the patient only",
    call: (f) => ({ path: `/api/v1/patients/${f.patientA}/medical-records`, body: { type: "VACCINATION", description: "Rappel tétanos", attachments: [] } }),
    expect: only(["patientA"], 201),
  },
  {
    contract: CONTRACTS.patients.withdrawEmailChange,
    rule: "a pending change of sign-in address is withdrawn by its patient only",
    call: (f) => ({ path: `/api/v1/patients/${f.patientA}/email-change` }),
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.patients.deleteMedicalRecord,
    rule: "a medical record is deleted by its patient only",
    call: (f) => ({ path: `/api/v1/patients/${f.patientA}/medical-records/${f.recordOfA}` }),
    expect: only(["patientA"], 200),
  },
  // Reviews: public list; a review is its author's; reactions are the reacting user's.
  {
    contract: CONTRACTS.reviews.getDoctorReviews,
    rule: "reviews are public",
    call: (f) => ({ path: `/api/v1/reviews/doctor/${f.doctorA}` }),
    expect: everyone(200),
  },
  {
    contract: CONTRACTS.reviews.addReview,
    rule: "a patient reviews in their own name (A already reviewed doctor A: 409); doctors never review",
    call: (f) => ({ path: "/api/v1/reviews", body: { patientId: f.patientA, doctorId: f.doctorA, rating: 5, comment: reviewComment } }),
    expect: only(["patientA"], 409),
  },
  {
    contract: CONTRACTS.reviews.updateReview,
    rule: "a review is edited by its author only",
    call: (f) => ({ path: `/api/v1/reviews/${f.reviewToEdit}`, body: { patientId: f.patientA, doctorId: f.doctorA, rating: 5, comment: reviewComment } }),
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.reviews.softDeleteReview,
    rule: "a review is withdrawn by its author only",
    call: (f) => ({ path: `/api/v1/reviews/delete/${f.reviewToSoftDelete}` }),
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.reviews.deleteReview,
    rule: "a review is deleted by its author only",
    call: (f) => ({ path: `/api/v1/reviews/${f.reviewToHardDelete}` }),
    expect: only(["patientA"], 200),
  },
  {
    contract: CONTRACTS.reviews.reactToReview,
    rule: "anyone signed in reacts to others' reviews in their own name: not A to their own review, and B only as B",
    call: (f) => ({ path: "/api/v1/reviews/reactions", body: { reviewId: f.reviewToEdit, patientId: f.patientB, reactionType: "LIKE" } }),
    expect: { visitor: 401, patientA: 403, patientB: 201, doctorA: 201, doctorB: 201, manager: 201, admin: 201 },
  },
  {
    contract: CONTRACTS.reviews.takeBackReaction,
    rule: "a reaction is withdrawn by whoever made it; others have none to withdraw",
    call: (f) => ({ path: `/api/v1/reviews/reactions/${f.reviewLikedByB}` }),
    expect: { visitor: 401, patientA: 404, patientB: 200, doctorA: 404, doctorB: 404, manager: 404, admin: 404 },
  },
  // Storage (Firebase protocol): a user writes, reads and deletes only under their own folders.
  {
    route: "POST /v0/b/:bucket/o",
    rule: "a profile photo is uploaded by its user only",
    auth: "firebase",
    call: (f) => {
      const upload = multipart(`profile-photos/user_${f.userA}.png`, "image/png", PNG)
      return { path: `/v0/b/{bucket}/o?name=${encodeURIComponent(`profile-photos/user_${f.userA}.png`)}`, body: upload.body, headers: upload.headers }
    },
    expect: only(["patientA"], 200),
  },
  {
    route: "GET /v0/b/:bucket/o",
    rule: "a user lists only their own folders",
    auth: "firebase",
    call: (f) => ({ path: `/v0/b/{bucket}/o?prefix=${encodeURIComponent(`medical-records/${f.userA}/`)}&delimiter=%2F` }),
    expect: only(["patientA"], 200),
  },
  {
    route: "GET /v0/b/:bucket/o/*",
    rule: "an object's metadata is read by its owner only (downloads need its token)",
    auth: "firebase",
    call: (f, ctx) => ({ path: objectPath(ctx, recordObject(f, "matrix.pdf")) }),
    expect: only(["patientA"], 200),
  },
  {
    route: "PATCH /v0/b/:bucket/o/*",
    rule: "an object's metadata is changed by its owner only",
    auth: "firebase",
    call: (f, ctx) => ({ path: objectPath(ctx, recordObject(f, "matrix.pdf")), body: { metadata: { note: "bilan" } } }),
    expect: only(["patientA"], 200),
  },
  {
    route: "DELETE /v0/b/:bucket/o/*",
    rule: "an object is deleted by its owner only",
    auth: "firebase",
    call: (f, ctx) => ({ path: objectPath(ctx, recordObject(f, "matrix-delete.pdf")) }),
    expect: only(["patientA"], 204),
  },
]

export const ACCESS_ROWS: ReadonlyArray<AccessRow> = ROWS.map(rowOf)

/**
 * Routes outside the contracts that take no id: nothing to own. Listed so that the suite notices a
 * new route; each is covered elsewhere (the login site's suites).
 */
export const ROUTES_WITHOUT_ID: ReadonlySet<string> = new Set([
  "GET /*",
  "GET /auth/login",
  "POST /auth/login",
  // The link's token is the whole permission (server/routes/emailChange.test.ts).
  "GET /auth/confirm-email",
  "POST /auth/confirm-email",
  // The same for an address's verification link (tests/security/verifiedContacts.test.ts).
  "GET /auth/verify-email",
  "POST /auth/verify-email",
  "GET /auth/login.css",
  "POST /auth/token",
  // Sign-up makes an account of its own; nothing to own yet (server/auth/register.test.ts, tests/security/returnTo.test.ts).
  "GET /auth/register",
  "POST /auth/register",
  // Probes, unauthenticated and carrying no personal data (server/http/health.test.ts).
  "GET /livez",
  "HEAD /livez",
  "GET /readyz",
  "HEAD /readyz",
  // Only with METRICS_TOKEN's bearer token, which the tests of server/observability/metrics.test.ts hold it to.
  "GET /metrics",
])
