import { and, asc, eq, gt, notInArray, sql } from "drizzle-orm"
import type * as Schema from "effect/Schema"
import { expect } from "vitest"
import { CreateAppointmentRequest, UpdateAppointmentRequest } from "../../schemas/appointment.ts"
import { AvailabilityInput } from "../../schemas/availability.ts"
import { ContactEmailRequest } from "../../schemas/contact.ts"
import { DoctorSearchRequest, DoctorUpdate } from "../../schemas/doctor.ts"
import { ERROR_CODES } from "../../schemas/errors.ts"
import { FacilitySearchRequest } from "../../schemas/facility.ts"
import { EmergencyContactInput, MedicalRecordInput, PatientUpdate } from "../../schemas/patient.ts"
import { ReactionInput, ReviewInput } from "../../schemas/review.ts"
import { ChangePasswordRequest, TokenRequest } from "../../schemas/session.ts"
import { DoctorSettingsUpdate, PatientSettings } from "../../schemas/settings.ts"
import { createApp } from "../../server/app.ts"
import { appointments, doctors, reviews, timeSlots } from "../../server/db/schema.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { contactMessage, currentDoctorForm, currentPatientForm, multipart, ownerGet, recordObject, type RowContext } from "./accessRows.ts"
import { createFixtures, signInEveryone, type CallerName, type Fixtures, type Tokens } from "./fixtures.ts"
import { pathPattern, stringLeaves, visible, type Json, type Path } from "./hostileInput.ts"
import { testIds } from "../../schemas/testIds.ts"

type AnySchema = Schema.Codec<unknown, unknown, never, never>
type Body = { [key: string]: Json }

export interface Answer {
  status: number
  body: any
  text: string
}

export interface CallOptions {
  token?: string | null
  body?: Json
  /** JSON by default; the login site takes a form post. */
  encoding?: "json" | "form"
  headers?: Record<string, string>
}

export interface World {
  gw: TestGateway
  tokens: Tokens
  f: Fixtures
  ctx: RowContext
  /** A CONFIRMED appointment of patient A with doctor A, days ahead (outside the 24-hour rule): the one rescheduled. */
  farAppointment: string
  /** A doctor patient A has seen (a past COMPLETE appointment) and never reviewed. */
  doctorToReview: string
  /** A facility doctor A works at. */
  facilityOfDoctorA: string
  /** A file patient A uploaded for a medical record: its object name and download URL. */
  recordFile: { name: string; url: string }
  /**
   * Calls the product through an app of its own with the request log on (the harness has it off),
   * each request from another client address so that no rate limit answers for the input.
   */
  call: (method: string, path: string, options?: CallOptions) => Promise<Answer>
}

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")

let addresses = 0
const nextAddress = () => {
  addresses += 1
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`
}

/** A seeded gateway, everyone signed in, the access matrix's fixtures and a few more of this suite's own. */
export async function prepareWorld(): Promise<World> {
  // These suites send hostile input, not many bookings: issue 38's booking limits are proved apart (marketplaceAbuse.test.ts).
  const gw = await startTestGateway({ bookingLimits: false })
  const tokens = await signInEveryone(gw)
  const f = await createFixtures(gw, tokens)
  const ctx: RowContext = { gw, tokens, bucket: "promed-local.appspot.com" }

  const booked = await gw.api("POST", "/appointments", {
    token: tokens.patientA,
    body: {
      doctorId: f.doctorA,
      patientId: f.patientA,
      timeSlotId: f.freeSlotA.id,
      appointmentTime: f.freeSlotA.startsAt,
      appointmentType: "CLINIC",
      reason: "Contrôle",
    },
  })
  if (booked.status !== 201) throw new Error(`fixture booking failed: ${booked.status} ${booked.text}`)

  const reviewed = await gw.db
    .select({ id: reviews.doctorId })
    .from(reviews)
    .where(eq(reviews.patientId, testIds.patient(f.patientA)))
  const [unreviewed] = await gw.db
    .select({ id: doctors.id })
    .from(doctors)
    .where(notInArray(doctors.id, [testIds.doctor(f.doctorA), testIds.doctor(f.doctorB), ...reviewed.map((r) => r.id)]))
    .orderBy(asc(doctors.id))
    .limit(1)
  await gw.db.insert(appointments).values({
    doctorId: unreviewed!.id,
    patientId: testIds.patient(f.patientA),
    appointmentTime: new Date("2026-03-02T09:00:00Z"),
    appointmentType: "CLINIC",
    status: "COMPLETE",
    reason: "Consultation",
  })

  const doctorA = await ownerGet(ctx, "doctorA", `/doctors/${f.doctorA}`)

  // Attachments must be files the patient uploaded, still in storage, with their download token.
  const recordName = recordObject(f, "k3j9_radio-thorax.pdf")
  const upload = multipart(recordName, "application/pdf", PDF)
  const uploaded = await gw.call("POST", `/v0/b/${ctx.bucket}/o?name=${encodeURIComponent(recordName)}`, {
    body: upload.body,
    headers: { ...upload.headers, Authorization: `Firebase ${tokens.patientA}` },
  })
  if (uploaded.status !== 200) throw new Error(`fixture upload failed: ${uploaded.status} ${uploaded.text}`)
  const recordFile = {
    name: recordName,
    url: `http://localhost/v0/b/${encodeURIComponent(ctx.bucket)}/o/${encodeURIComponent(recordName)}?alt=media&token=${uploaded.body.downloadTokens}`,
  }
  // Guess limits are not what these suites judge, and a locked account would answer 429 before the
  // input is read: this app counts no failed password (the sign-in suites test the limits).
  const noGuessLimits = { attempt: async () => 0, succeeded: async () => {} }
  const app = createApp({
    db: gw.db,
    config: { ...gw.config, logRequests: true, bookingLimits: false },
    credentialLimits: noGuessLimits,
  })

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    let payload: string | undefined
    if (options.body !== undefined) {
      if (options.encoding === "form") {
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        payload = new URLSearchParams(options.body as Record<string, string>).toString()
      } else {
        headers["Content-Type"] = "application/json"
        payload = JSON.stringify(options.body)
      }
    }
    const response = await app.request(path, { method, headers, body: payload }, { incoming: { socket: { remoteAddress: nextAddress() } } })
    const text = await response.text()
    let body: any
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    return { status: response.status, body, text }
  }

  return {
    gw,
    tokens,
    f,
    ctx,
    farAppointment: booked.body.id,
    doctorToReview: unreviewed!.id,
    facilityOfDoctorA: doctorA.healthcareFacilities[0].id,
    recordFile,
    call,
  }
}

/** Free slots of doctor A three days ahead or more, earliest first (none of them booked by this suite yet). */
async function freeSlotsOfDoctorA(w: World, count: number) {
  const rows = await w.gw.db
    .select({ id: timeSlots.id, startsAt: timeSlots.startsAt, facilityId: timeSlots.facilityId })
    .from(timeSlots)
    .where(and(eq(timeSlots.doctorId, testIds.doctor(w.f.doctorA)), eq(timeSlots.status, "AVAILABLE"), gt(timeSlots.startsAt, sql`now() + interval '3 days'`)))
    .orderBy(asc(timeSlots.startsAt), asc(timeSlots.id))
    .limit(count)
  if (rows.length < count) throw new Error("doctor A has too few free slots for the fixtures")
  return rows.map((r) => ({ id: r.id, startsAt: r.startsAt.toISOString().replace(/\.\d{3}Z$/, "Z"), facilityId: r.facilityId }))
}

export type TextKind = "line" | "multiline"

export interface HostileRoute {
  readonly name: string
  readonly method: "POST" | "PUT"
  readonly path: (w: World) => string
  readonly as: CallerName
  /** The schema the gateway decodes the body with (the property-based breakers build from it). */
  readonly schema?: AnySchema
  /** A body the route accepts, as a person or the SPA would send it (read fresh at each call). */
  readonly body: (w: World) => Json | Promise<Json>
  /**
   * Free text a person types, by field pattern (array indices as `*`), single-line or multi-line:
   * decided from SPEC §2/§5 and the forms (textareas are multi-line), not from the schemas.
   */
  readonly text: Readonly<Record<string, TextKind>>
  readonly encoding?: "json" | "form"
  readonly headers?: Readonly<Record<string, string>>
  /** The status a valid body gets. */
  readonly ok: number
  /** Undoes an accepted request, so the next one is accepted for the same reason (the acceptance suite). */
  readonly undo?: (w: World, answer: Answer) => Promise<void>
}

const reviewComment = "Très bonne prise en charge, je recommande vivement ce médecin."
let phones = 0
/** A phone number no emergency contact of patient A has yet (a duplicate is refused). */
const freshPhone = () => `+22177555${String(1000 + (phones++ % 9000)).padStart(4, "0")}`

const locationText: Record<string, TextKind> = {
  "locations.*.address": "line",
  "locations.*.city": "line",
  "locations.*.state": "line",
  "locations.*.zip": "line",
}

/**
 * Every route of the gateway and the login site that takes a body (server/routes/*.ts,
 * server/auth/loginSite.ts). PUT /appointments/cancel/{id} and PUT /reviews/delete/{id} take none.
 * Change password runs last: accepted by mistake, it would sign patient B out.
 */
export const HOSTILE_ROUTES: ReadonlyArray<HostileRoute> = [
  {
    name: "book",
    method: "POST",
    path: () => "/api/v1/appointments",
    as: "patientA",
    schema: CreateAppointmentRequest,
    body: async (w) => {
      const [slot] = await freeSlotsOfDoctorA(w, 1)
      const patient = await ownerGet(w.ctx, "patientA", `/patients/${w.f.patientA}`)
      return {
        doctorId: w.f.doctorA,
        patientId: w.f.patientA,
        dependantId: patient.dependants[0].id,
        timeSlotId: slot!.id,
        appointmentTime: slot!.startsAt,
        appointmentType: "CLINIC",
        status: "CONFIRMED",
        healthcareFacilityId: slot!.facilityId,
        reason: "Douleurs thoraciques depuis deux jours",
        location: "Clinique du Cap, Avenue Pasteur",
      }
    },
    text: { reason: "multiline" },
    ok: 201,
  },
  {
    name: "reschedule",
    method: "PUT",
    path: (w) => `/api/v1/appointments/${w.farAppointment}`,
    as: "patientA",
    schema: UpdateAppointmentRequest,
    body: async (w) => {
      const [, slot] = await freeSlotsOfDoctorA(w, 2)
      return { timeSlotId: slot!.id, appointmentTime: slot!.startsAt, reason: "Contrôle de la tension" }
    },
    text: { reason: "multiline" },
    ok: 200,
  },
  {
    name: "add availability",
    method: "POST",
    path: (w) => `/api/v1/doctor-availability/${w.f.doctorA}`,
    as: "doctorA",
    schema: AvailabilityInput,
    body: (w) => ({
      dayOfWeek: "SUNDAY",
      startTime: "09:00",
      endTime: "12:00",
      isRecurring: true,
      slotDurationMinutes: 30,
      healthcareFacilityId: w.facilityOfDoctorA,
    }),
    text: {},
    ok: 201,
  },
  {
    name: "doctor profile",
    method: "PUT",
    path: (w) => `/api/v1/doctors/${w.f.doctorA}`,
    as: "doctorA",
    schema: DoctorUpdate,
    body: async (w) => {
      const doctor = await ownerGet(w.ctx, "doctorA", `/doctors/${w.f.doctorA}`)
      // The services keep their ids, as the profile read gives them: one more string per service.
      return { ...(await currentDoctorForm(w.ctx, w.f)), civility: "MAN", providedServices: doctor.providedServices } as unknown as Json
    },
    text: { firstName: "line", lastName: "line", refNumber: "line", biography: "multiline", "insuranceAccepted.*": "line", ...locationText },
    ok: 200,
  },
  {
    name: "doctor settings",
    method: "PUT",
    path: (w) => `/api/v1/doctors/${w.f.doctorA}/settings`,
    as: "doctorA",
    schema: DoctorSettingsUpdate,
    body: async (w) => {
      const { doctorSettingsId: _a, doctorId: _b, ...settings } = (await ownerGet(w.ctx, "doctorA", "/session")).settings
      return settings
    },
    text: {},
    ok: 200,
  },
  {
    name: "doctor search",
    method: "POST",
    path: () => "/api/v1/doctors/search",
    as: "visitor",
    schema: DoctorSearchRequest,
    body: () => ({
      paginationSettings: { offset: 0, limit: 10 },
      query: {
        keyword: "cardiologie",
        specialtyCodes: ["CARDIOLOGY"],
        location: "Dakar",
        rating: 4,
        language: "FR",
        insurance: "IPM",
        providedServiceCodes: ["CLINIC"],
      },
      sortBy: { property: "rating", order: "desc" },
    }),
    text: { "query.keyword": "line" },
    ok: 200,
  },
  {
    name: "facility search",
    method: "POST",
    path: () => "/api/v1/healthcare-facilities/search",
    as: "visitor",
    schema: FacilitySearchRequest,
    body: () => ({
      paginationSettings: { offset: 0, limit: 10 },
      query: { keyword: "dakar", healthcare_facility_name: "Clinique du Cap", facilityType: "CLINIC" },
      sortBy: { property: "name", order: "asc" },
    }),
    text: { "query.keyword": "line", "query.healthcare_facility_name": "line" },
    ok: 200,
  },
  {
    name: "contact email",
    method: "POST",
    path: () => "/api/v1/email/send?lang=fr",
    as: "visitor",
    schema: ContactEmailRequest,
    body: contactMessage,
    text: { "data.context.firstName": "line", "data.context.lastName": "line", "data.context.message": "multiline" },
    ok: 200,
  },
  {
    name: "patient profile",
    method: "PUT",
    path: (w) => `/api/v1/patients/${w.f.patientA}`,
    as: "patientA",
    schema: PatientUpdate,
    body: async (w) => {
      const patient = await ownerGet(w.ctx, "patientA", `/patients/${w.f.patientA}`)
      return { ...(await currentPatientForm(w.ctx, w.f)), dependants: patient.dependants, medicalAlerts: patient.medicalAlerts }
    },
    text: {
      firstName: "line",
      lastName: "line",
      "allergies.*": "line",
      "chronicConditions.*": "line",
      ...locationText,
      "dependants.*.firstName": "line",
      "dependants.*.lastName": "line",
      "dependants.*.allergies.*": "line",
      "dependants.*.conditions.*": "line",
      "medicalAlerts.*.type": "line",
      "medicalAlerts.*.description": "multiline",
    },
    ok: 200,
  },
  {
    name: "patient settings",
    method: "PUT",
    path: (w) => `/api/v1/patients/${w.f.patientA}/settings`,
    as: "patientA",
    schema: PatientSettings,
    body: async (w) => (await ownerGet(w.ctx, "patientA", `/patients/${w.f.patientA}`)).settings,
    text: {},
    ok: 200,
  },
  {
    name: "add emergency contact",
    method: "POST",
    path: (w) => `/api/v1/patients/${w.f.patientA}/emergency-contacts`,
    as: "patientA",
    schema: EmergencyContactInput,
    body: () => ({
      firstName: "Mariama",
      lastName: "Ndoye",
      phoneNumber: freshPhone(),
      relationship: "SIBLING",
      email: "mariama.ndoye@example.sn",
      priority: 3,
    }),
    text: { firstName: "line", lastName: "line" },
    ok: 201,
  },
  {
    name: "edit emergency contact",
    method: "PUT",
    path: (w) => `/api/v1/patients/emergency-contacts/${w.f.contactOfA}`,
    as: "patientA",
    schema: EmergencyContactInput,
    body: () => ({ firstName: "Ousmane", lastName: "Diouf", phoneNumber: "+221770000111", relationship: "HUSBAND", email: "ousmane.diouf@example.sn" }),
    text: { firstName: "line", lastName: "line" },
    ok: 200,
  },
  {
    name: "add medical record",
    method: "POST",
    path: (w) => `/api/v1/patients/${w.f.patientA}/medical-records`,
    as: "patientA",
    schema: MedicalRecordInput,
    body: (w) => ({
      title: "radio-thorax.pdf",
      type: "IMAGING",
      description: "Radiographie du thorax de face",
      date: "2026-01-12",
      attachments: [{ id: w.recordFile.name, name: "radio-thorax.pdf", url: w.recordFile.url }],
    }),
    text: { title: "line", description: "multiline", "attachments.*.name": "line" },
    ok: 201,
  },
  {
    name: "write review",
    method: "POST",
    path: () => "/api/v1/reviews",
    as: "patientA",
    schema: ReviewInput,
    body: (w) => ({ patientId: w.f.patientA, doctorId: w.doctorToReview, rating: 4, comment: reviewComment }),
    text: { comment: "multiline" },
    ok: 201,
    undo: async (w, answer) => {
      const removed = await w.call("DELETE", `/api/v1/reviews/${answer.body.id}`, { token: w.tokens.patientA })
      if (removed.status !== 200) throw new Error(`could not remove the review: ${removed.status}`)
    },
  },
  {
    name: "edit review",
    method: "PUT",
    path: (w) => `/api/v1/reviews/${w.f.reviewToEdit}`,
    as: "patientA",
    schema: ReviewInput,
    body: (w) => ({ patientId: w.f.patientA, doctorId: w.f.doctorA, rating: 5, comment: reviewComment }),
    text: { comment: "multiline" },
    ok: 200,
  },
  {
    name: "react",
    method: "POST",
    path: () => "/api/v1/reviews/reactions",
    as: "patientB",
    schema: ReactionInput,
    body: (w) => ({ reviewId: w.f.reviewToEdit, patientId: w.f.patientB, reactionType: "LIKE" }),
    text: {},
    ok: 201,
  },
  {
    name: "sign in for scripts",
    method: "POST",
    path: () => "/auth/token",
    as: "visitor",
    schema: TokenRequest,
    body: () => ({ email: "patient@demo.sn", password: "Passw0rd!" }),
    text: {},
    ok: 200,
  },
  {
    name: "login site form",
    method: "POST",
    path: () => "/auth/login",
    as: "visitor",
    encoding: "form",
    // As a browser posts the login page's own form (other sites' posts are refused before any check).
    headers: { "Sec-Fetch-Site": "same-origin" },
    body: () => ({ email: "patient2@demo.sn", password: "Passw0rd!" }),
    text: {},
    ok: 303,
  },
  {
    name: "change password",
    method: "POST",
    path: () => "/api/v1/account/change-password",
    as: "patientB",
    schema: ChangePasswordRequest,
    body: () => ({ oldPassword: "Passw0rd!", newPassword: "N3wPass!x" }),
    text: {},
    ok: 200,
  },
]

/** Query strings and path dates of the slot reads (SPEC §7: startDate, endDate, date yyyy-MM-dd). */
export interface DateRead {
  readonly name: string
  readonly as: CallerName
  /** The address for one start and end date (equal for a one-day path). */
  readonly url: (w: World, dates: { startDate: string; endDate: string }) => string
  /** Which of startDate and endDate the address carries: a path date carries one. */
  readonly params: ReadonlyArray<"startDate" | "endDate">
  /** Reads that also plan slots ahead (the doctor's own view): answers to far dates write, so they are not sent. */
  readonly writes?: boolean
}

export const DATE_READS: ReadonlyArray<DateRead> = [
  {
    name: "GET public slots ?startDate&endDate",
    as: "visitor",
    url: (w, d) => `/api/v1/doctor-availability/${w.f.doctorA}/available-time-slots?${new URLSearchParams(d)}`,
    params: ["startDate", "endDate"],
  },
  {
    name: "GET public slots ?include=booked",
    as: "patientA",
    url: (w, d) => `/api/v1/doctor-availability/${w.f.doctorA}/available-time-slots?${new URLSearchParams({ ...d, include: "booked" })}`,
    params: ["startDate", "endDate"],
  },
  {
    name: "GET doctor's own time slots ?startDate&endDate",
    as: "doctorA",
    url: (w, d) => `/api/v1/doctor-availability/${w.f.doctorA}/time-slots?${new URLSearchParams(d)}`,
    params: ["startDate", "endDate"],
    writes: true,
  },
  {
    name: "GET public slots of a day /date/{date}",
    as: "visitor",
    url: (w, d) => `/api/v1/doctor-availability/${w.f.doctorA}/available-time-slots/date/${encodeURIComponent(d.startDate)}`,
    params: ["startDate"],
  },
  {
    name: "GET the doctor's own slots of a day /date/{date}",
    as: "doctorA",
    url: (w, d) => `/api/v1/doctor-availability/${w.f.doctorA}/available-time-slots/date/${encodeURIComponent(d.startDate)}`,
    params: ["startDate"],
  },
]

/** The text kind of a leaf, or undefined when it is not free text (ids, codes, emails, phones, addresses of files…). */
export const textKindOf = (route: HostileRoute, path: Path): TextKind | undefined => route.text[pathPattern(path)]

/** Asserts each free-text pattern of the route names at least one leaf of its valid body (a typo would test nothing). */
export function expectTextPatternsUsed(route: HostileRoute, body: Json) {
  const patterns = new Set(stringLeaves(body).map((l) => pathPattern(l.path)))
  for (const pattern of Object.keys(route.text)) expect(patterns, `${route.name}: no field ${pattern} in its valid body`).toContain(pattern)
}

/** What is wrong with an answer to a refused request: a 2xx/3xx, a 5xx, or a code off the catalogue (null when right). */
export function refusalProblem(route: Pick<HostileRoute, "encoding">, answer: Answer): string | null {
  if (answer.status < 400) return `accepted (${answer.status})`
  if (answer.status >= 500) return `server error ${answer.status}`
  // The login site answers its own HTML page; everything else the catalogue's JSON.
  if (route.encoding === "form") return null
  if (!(ERROR_CODES as ReadonlyArray<string>).includes(answer.body?.code)) return `code off the catalogue: ${String(answer.body?.code)}`
  return null
}

/** The field errors of an answer, as `name: message`. */
export const fieldsOf = (answer: Answer): string[] =>
  Array.isArray(answer.body?.fields) ? answer.body.fields.map((f: { name: string; message: string }) => `${f.name}: ${f.message}`) : []

/** One line per failure: route, field, variant, what came back. */
export const describeFailure = (route: string, field: string, label: string, value: string, answer: Answer, problem: string) =>
  `${route} | ${field} | ${label} ${visible(value)} | ${problem} | ${answer.status} ${answer.text.slice(0, 160)}`

/** The personal data in a valid body: what a log line must never show. */
export function personalValues(route: HostileRoute, body: Json): Map<string, string> {
  const personal = /(^|\.)(email|phoneNumber|phone|dateOfBirth|password|oldPassword|newPassword|firstName|lastName|name)$/
  const notPersonal = /(^|\.)(city|state|zip|keyword|healthcare_facility_name)$/
  const found = new Map<string, string>()
  for (const leaf of stringLeaves(body)) {
    const pattern = pathPattern(leaf.path)
    // A city, a zip or a search word alone says little about anyone, and "Dakar" is also in "Africa/Dakar".
    if (leaf.value.length < 4 || notPersonal.test(pattern)) continue
    if (route.text[pattern] || personal.test(pattern)) found.set(leaf.value, `${route.name} ${pattern}`)
  }
  return found
}

/**
 * The seeded people's personal data and every session token: patients A and B as they read their
 * own records, doctor A's profile. What a log line must never show, whatever was sent.
 */
export async function worldSecrets(w: World): Promise<Map<string, string>> {
  const personal = /(^|\.)(email|phoneNumber|dateOfBirth|firstName|lastName|allergies\.\*|chronicConditions\.\*|conditions\.\*|address|description|biography)$/
  const secrets = new Map<string, string>()
  const records: Array<[string, Json]> = [
    ["patient A", await ownerGet(w.ctx, "patientA", `/patients/${w.f.patientA}`)],
    ["patient B", await ownerGet(w.ctx, "patientB", `/patients/${w.f.patientB}`)],
    ["doctor A", await ownerGet(w.ctx, "doctorA", `/doctors/${w.f.doctorA}`)],
  ]
  for (const [who, record] of records) {
    for (const leaf of stringLeaves(record)) {
      if (leaf.value.length >= 4 && personal.test(pathPattern(leaf.path))) secrets.set(leaf.value, `${who}'s ${pathPattern(leaf.path)}`)
    }
  }
  for (const [caller, token] of Object.entries(w.tokens)) if (token) secrets.set(token, `${caller}'s session token`)
  secrets.set("Passw0rd!", "the demo password")
  return secrets
}

/** A fingerprint of every table but sessions: any write shows. */
export async function databaseFingerprint(gw: TestGateway): Promise<string> {
  const tables = (await gw.db.execute<Record<string, unknown>>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'sessions' ORDER BY tablename`,
  )) as {
    rows: Array<{ tablename: string }>
  }
  const parts: string[] = []
  for (const { tablename } of tables.rows) {
    const result = (await gw.db.execute<Record<string, unknown>>(
      sql.raw(`SELECT '${tablename}:' || count(*) || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS h FROM "${tablename}" t`),
    )) as {
      rows: Array<{ h: string }>
    }
    parts.push(result.rows[0]!.h)
  }
  return parts.join("\n")
}

/** Every caller's session still answers: a refusal did not come from a caller signed out along the way. */
export async function expectSessionsAlive(w: World) {
  for (const [caller, token] of Object.entries(w.tokens)) {
    if (!token) continue
    const answer = await w.call("GET", "/api/v1/session", { token })
    expect(answer.status, `${caller}'s session`).toBe(200)
  }
}

export type { Body }
