import fc from "fast-check"
import type * as Schema from "effect/Schema"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CreateAppointmentRequest, UpdateAppointmentRequest } from "../../schemas/appointment.ts"
import { AvailabilityInput, AvailableSlotsQuery, PublicSlotsQuery } from "../../schemas/availability.ts"
import { ContactEmailRequest } from "../../schemas/contact.ts"
import { DoctorSearchRequest, DoctorUpdate } from "../../schemas/doctor.ts"
import { ERROR_CODES } from "../../schemas/errors.ts"
import { FacilitySearchRequest } from "../../schemas/facility.ts"
import { EmergencyContactInput, MedicalRecordInput, PatientUpdate } from "../../schemas/patient.ts"
import { ReactionInput, ReviewInput } from "../../schemas/review.ts"
import { ChangePasswordRequest, TokenRequest } from "../../schemas/session.ts"
import { DoctorSettingsUpdate, PatientSettings } from "../../schemas/settings.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { ACCESS_ROWS, currentDoctorForm, currentPatientForm, ownerGet, type RowContext } from "./accessRows.ts"
import { brokenBodies, brokenQueries } from "./breakers.ts"
import { createFixtures, signInEveryone, type CallerName, type Fixtures, type Tokens } from "./fixtures.ts"

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 30)
type AnySchema = Schema.Codec<unknown, unknown, never, never>

let gw: TestGateway
let tokens: Tokens
let f: Fixtures
let ctx: RowContext
let before: string

/** A fingerprint of every table but sessions: any write shows. */
async function databaseFingerprint(): Promise<string> {
  const tables = (await gw.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'sessions' ORDER BY tablename`)) as unknown as {
    rows: Array<{ tablename: string }>
  }
  const parts: string[] = []
  for (const { tablename } of tables.rows) {
    const result = (await gw.db.execute(sql.raw(`SELECT '${tablename}:' || count(*) || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS h FROM "${tablename}" t`))) as unknown as {
      rows: Array<{ h: string }>
    }
    parts.push(result.rows[0]!.h)
  }
  return parts.join("\n")
}

interface BodyRoute {
  name: string
  method: string
  path: (f: Fixtures) => string
  as: CallerName
  schema: AnySchema
  valid: (f: Fixtures) => Record<string, unknown> | Promise<Record<string, unknown>>
}

const later = "2027-03-01T09:00:00Z"
const comment = "Très bonne prise en charge, je recommande vivement ce médecin."

/** Every route that takes a body, with the schema the gateway decodes it with and a valid body. */
const BODY_ROUTES: ReadonlyArray<BodyRoute> = [
  { name: "change password", method: "POST", path: () => "/api/v1/account/change-password", as: "patientB", schema: ChangePasswordRequest, valid: () => ({ oldPassword: "Passw0rd!", newPassword: "N3wPass!x" }) },
  { name: "sign in for scripts", method: "POST", path: () => "/auth/token", as: "visitor", schema: TokenRequest, valid: () => ({ email: "patient@demo.sn", password: "Passw0rd!" }) },
  {
    name: "book",
    method: "POST",
    path: () => "/api/v1/appointments",
    as: "patientA",
    schema: CreateAppointmentRequest,
    valid: (f) => ({ doctorId: f.doctorA, patientId: f.patientA, timeSlotId: f.freeSlotA.id, appointmentTime: f.freeSlotA.startsAt, appointmentType: "CLINIC", reason: "Contrôle" }),
  },
  { name: "reschedule", method: "PUT", path: (f) => `/api/v1/appointments/${f.nearAppointment}`, as: "patientA", schema: UpdateAppointmentRequest, valid: (f) => ({ timeSlotId: f.freeSlotA.id, appointmentTime: later, reason: "Contrôle" }) },
  {
    name: "add availability",
    method: "POST",
    path: (f) => `/api/v1/doctor-availability/${f.doctorA}`,
    as: "doctorA",
    schema: AvailabilityInput,
    valid: () => ({ dayOfWeek: "SUNDAY", startTime: "09:00", endTime: "12:00", isRecurring: true, slotDurationMinutes: 30 }),
  },
  { name: "doctor profile", method: "PUT", path: (f) => `/api/v1/doctors/${f.doctorA}`, as: "doctorA", schema: DoctorUpdate, valid: (f) => currentDoctorForm(ctx, f) },
  {
    name: "doctor settings",
    method: "PUT",
    path: (f) => `/api/v1/doctors/${f.doctorA}/settings`,
    as: "doctorA",
    schema: DoctorSettingsUpdate,
    valid: async () => {
      const { doctorSettingsId: _a, doctorId: _b, ...settings } = (await ownerGet(ctx, "doctorA", "/session")).settings
      return settings
    },
  },
  { name: "doctor search", method: "POST", path: () => "/api/v1/doctors/search", as: "visitor", schema: DoctorSearchRequest, valid: () => ({ paginationSettings: { offset: 0, limit: 10 }, query: { keyword: "cardio", rating: 4 }, sortBy: { property: "rating", order: "desc" } }) },
  { name: "facility search", method: "POST", path: () => "/api/v1/healthcare-facilities/search", as: "visitor", schema: FacilitySearchRequest, valid: () => ({ paginationSettings: { offset: 0, limit: 10 }, query: { keyword: "dakar" } }) },
  {
    name: "contact email",
    method: "POST",
    path: () => "/api/v1/email/send?lang=fr",
    as: "visitor",
    schema: ContactEmailRequest,
    valid: () => ({
      data: {
        template: "contact",
        smtpConfigId: "default",
        context: { firstName: "Awa", lastName: "Diop", role: "PATIENT", email: "awa@example.sn", message: "Bonjour, une question sur les rendez-vous.", name: "Awa Diop (PATIENT)", subject: "Contact" },
      },
    }),
  },
  { name: "patient profile", method: "PUT", path: (f) => `/api/v1/patients/${f.patientA}`, as: "patientA", schema: PatientUpdate, valid: (f) => currentPatientForm(ctx, f) },
  { name: "patient settings", method: "PUT", path: (f) => `/api/v1/patients/${f.patientA}/settings`, as: "patientA", schema: PatientSettings, valid: async (f) => (await ownerGet(ctx, "patientA", `/patients/${f.patientA}`)).settings },
  {
    name: "add emergency contact",
    method: "POST",
    path: (f) => `/api/v1/patients/${f.patientA}/emergency-contacts`,
    as: "patientA",
    schema: EmergencyContactInput,
    valid: () => ({ firstName: "Mariama", lastName: "Ba", phoneNumber: "+221775550199", relationship: "SIBLING", email: "mariama@example.sn" }),
  },
  {
    name: "edit emergency contact",
    method: "PUT",
    path: (f) => `/api/v1/patients/emergency-contacts/${f.contactOfA}`,
    as: "patientA",
    schema: EmergencyContactInput,
    valid: () => ({ firstName: "Ousmane", lastName: "Diop", phoneNumber: "+221770000111", relationship: "HUSBAND" }),
  },
  { name: "add medical record", method: "POST", path: (f) => `/api/v1/patients/${f.patientA}/medical-records`, as: "patientA", schema: MedicalRecordInput, valid: () => ({ type: "VACCINATION", description: "Rappel tétanos", attachments: [] }) },
  { name: "write review", method: "POST", path: () => "/api/v1/reviews", as: "patientA", schema: ReviewInput, valid: (f) => ({ patientId: f.patientA, doctorId: f.doctorB, rating: 4, comment }) },
  { name: "edit review", method: "PUT", path: (f) => `/api/v1/reviews/${f.reviewToEdit}`, as: "patientA", schema: ReviewInput, valid: (f) => ({ patientId: f.patientA, doctorId: f.doctorA, rating: 5, comment }) },
  { name: "react", method: "POST", path: () => "/api/v1/reviews/reactions", as: "patientB", schema: ReactionInput, valid: (f) => ({ reviewId: f.reviewToEdit, patientId: f.patientB, reactionType: "LIKE" }) },
]

interface QueryRoute {
  name: string
  path: (f: Fixtures) => string
  as: CallerName
  schema: AnySchema
  valid: Record<string, string>
}

const QUERY_ROUTES: ReadonlyArray<QueryRoute> = [
  { name: "doctor's time slots", path: (f) => `/api/v1/doctor-availability/${f.doctorA}/time-slots`, as: "doctorA", schema: AvailableSlotsQuery, valid: { startDate: "2026-12-01", endDate: "2026-12-07" } },
  { name: "public slots", path: (f) => `/api/v1/doctor-availability/${f.doctorA}/available-time-slots`, as: "visitor", schema: PublicSlotsQuery, valid: { startDate: "2026-12-01", endDate: "2026-12-07" } },
]

beforeAll(async () => {
  gw = await startTestGateway()
  tokens = await signInEveryone(gw)
  f = await createFixtures(gw, tokens)
  ctx = { gw, tokens, bucket: "promed-local.appspot.com" }
  before = await databaseFingerprint()
})

afterAll(async () => {
  await gw?.stop()
})

/** A refused request: a 4xx with a code of the catalogue, never a 5xx. */
function expectRefused(response: { status: number; body: { code?: string } | undefined; text: string }, what: string) {
  expect(response.status, `${what} → ${response.status} ${response.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400)
  expect(response.status, `${what} → ${response.text.slice(0, 300)}`).toBeLessThan(500)
  expect(ERROR_CODES, `${what} → ${response.text.slice(0, 300)}`).toContain(response.body?.code)
}

describe("bad input is refused with a 4xx and a catalogue code, never a 5xx", () => {
  for (const route of BODY_ROUTES) {
    it(`${route.method} ${route.name}: broken bodies built from its schema`, async () => {
      const valid = (await route.valid(f)) as Record<string, never>
      await fc.assert(
        fc.asyncProperty(brokenBodies(route.schema, valid), async (body) => {
          const response = await gw.call(route.method, route.path(f), { token: tokens[route.as], body: JSON.stringify(body) })
          expectRefused(response, JSON.stringify(body).slice(0, 200))
        }),
        { numRuns: RUNS },
      )
    })
  }

  for (const route of QUERY_ROUTES) {
    it(`GET ${route.name}: broken query strings`, async () => {
      await fc.assert(
        fc.asyncProperty(brokenQueries(route.schema, route.valid), async (query) => {
          const response = await gw.call("GET", `${route.path(f)}?${new URLSearchParams(query)}`, { token: tokens[route.as] })
          expectRefused(response, JSON.stringify(query).slice(0, 200))
        }),
        { numRuns: RUNS },
      )
    })
  }

  it("malformed ids in every id route of the gateway", async () => {
    const idRoutes = ACCESS_ROWS.filter((r) => r.route.includes("/api/v1/") && r.route.includes(":"))
    const hostileId = fc.constantFrom("not-a-uuid", "1", "-1", "' OR 1=1 --", "%00", "..%2F..%2Fetc", "😀", "x".repeat(2_000), "00000000-0000-0000-0000-000000000000Z")
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...idRoutes), hostileId, fc.constantFrom<CallerName>("patientA", "doctorA"), async (row, id, caller) => {
        const [method, pattern] = row.route.split(" ") as [string, string]
        // Every path parameter but the date one gets the hostile id.
        const path = pattern.replace(/:date\b/, "2026-12-01").replace(/:\w+/g, encodeURIComponent(id))
        const response = await gw.call(method, path, { token: tokens[caller], body: method === "GET" || method === "DELETE" ? undefined : {} })
        expectRefused(response, `${method} ${path.slice(0, 120)}`)
      }),
      { numRuns: RUNS * 2 },
    )
  })

  it("leaves the database exactly as it was", async () => {
    expect(await databaseFingerprint()).toBe(before)
  })
})
