import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DoctorSearchRequest } from "../../schemas/doctor.ts"
import type { DoctorId, PatientId, UserId } from "../../schemas/ids.ts"
import { appointments, medicalAlerts, medicalRecords, patients, users } from "../../server/db/schema.ts"
import { searchDoctors } from "../../server/repositories/doctorSearch.ts"
import { idsOf, insertSlot } from "../../server/routes/testing/appointmentFixtures.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import { multipart } from "./accessRows.ts"

/**
 * Issue 38, "settings that act": `shareMedicalDataWithDoctors: false` hides allergies, chronic
 * conditions, blood type, alerts and records from doctors, while the patient's own doctor still
 * sees name, age, civility and contact; a doctor whose visibility is PRIVATE is left out of search
 * and listings. The expectations are the issue's words; the settings are changed through the API,
 * as their owners change them, with the read cache on.
 */
let gw: TestGateway
let patientToken: string
let doctorToken: string
let patientId: PatientId
let patientUserId: UserId
let doctorId: DoctorId
let appointmentId: string
let recordFile: string

const BUCKET = "promed-local.appspot.com"
/** Words planted in the patient's medical data, found nowhere else in the database. */
const MEDICAL = { allergy: "Arachide-quarante-huit", condition: "Drepanocytose-trente-huit", alert: "Anticoagulant-sous-AVK", record: "Bilan-confidentiel-38" }
const PERSON = { firstName: "Khady", lastName: "Ndiaye", dateOfBirth: "1988-07-19", civility: "WOMAN", phoneNumber: "+221771234567" } as const

beforeAll(async () => {
  gw = await startTestGateway()
  patientToken = await gw.signIn("patient@demo.sn")
  doctorToken = await gw.signIn("doctor@demo.sn")
  const patient = await idsOf(gw, "patient@demo.sn")
  patientId = patient.patientId!
  patientUserId = patient.userId
  doctorId = (await idsOf(gw, "doctor@demo.sn")).doctorId!

  await gw.db.update(users).set(PERSON).where(eq(users.id, patientUserId))
  await gw.db
    .update(patients)
    .set({ bloodType: "AB-", allergies: [MEDICAL.allergy], chronicConditions: [MEDICAL.condition] })
    .where(eq(patients.id, patientId))
  await gw.db.insert(medicalAlerts).values({ patientId, type: "MEDICATION", description: MEDICAL.alert, severity: "HIGH" })
  await gw.db.insert(medicalRecords).values({ patientId, title: MEDICAL.record, type: "LAB_RESULT", description: MEDICAL.record, recordDate: "2026-01-10" })

  // The patient is the doctor's: an appointment with them, ahead.
  const slot = await insertSlot(gw, doctorId, 72)
  const [appointment] = await gw.db
    .insert(appointments)
    .values({
      doctorId,
      patientId,
      timeSlotId: slot.id,
      appointmentTime: slot.startsAt,
      appointmentType: "CLINIC",
      status: "CONFIRMED",
      reason: "Contrôle annuel",
    })
    .returning({ id: appointments.id })
  appointmentId = appointment!.id

  // A record file of the patient's, in storage.
  recordFile = `medical-records/${patientUserId}/bilan-38.pdf`
  const upload = multipart(recordFile, "application/pdf", new TextEncoder().encode("%PDF-1.4\n%%EOF\n"))
  const uploaded = await gw.call("POST", `/v0/b/${BUCKET}/o?name=${encodeURIComponent(recordFile)}`, {
    body: upload.body,
    headers: { ...upload.headers, Authorization: `Firebase ${patientToken}` },
  })
  if (uploaded.status !== 200) throw new Error(`fixture upload failed: ${uploaded.status} ${uploaded.text}`)
})
afterAll(async () => {
  await gw?.stop()
})

/** The patient saves their settings as the settings screen does: everything as it is, one switch changed. */
async function setSharing(share: boolean) {
  const own = await gw.api("GET", `/patients/${patientId}`, { token: patientToken })
  const saved = await gw.api("PUT", `/patients/${patientId}/settings`, {
    token: patientToken,
    body: { ...own.body.settings, shareMedicalDataWithDoctors: share },
  })
  expect(saved.status, saved.text).toBe(200)
}

/** Every read a doctor can make of this patient under /api/v1: the patient list, the patient both ways, the appointment and what hangs from it. */
const doctorReads = () => ({
  list: `/doctors/${doctorId}/patients`,
  detail: `/doctors/${doctorId}/patients/${patientId}`,
  detailOfCaller: `/doctors/patients/${patientId}`,
  appointments: "/appointments",
  appointment: `/appointments/${appointmentId}`,
  notifications: `/appointments/${appointmentId}/notifications`,
  calendarFile: `/appointments/${appointmentId}/calendar.ics`,
})

type DoctorRead = keyof ReturnType<typeof doctorReads>

async function readAsDoctor() {
  const answers = {} as Record<DoctorRead, Awaited<ReturnType<TestGateway["api"]>>>
  for (const [name, path] of Object.entries(doctorReads()) as Array<[DoctorRead, string]>) {
    answers[name] = await gw.api("GET", path, { token: doctorToken })
    expect(answers[name].status, `${name}: ${answers[name].text}`).toBe(200)
  }
  const inList = (answers.list.body as Array<{ id: string }>).find((p) => p.id === patientId)
  expect(inList, "the patient is in the doctor's list").toBeDefined()
  return { answers, patientViews: [inList, answers.detail.body, answers.detailOfCaller.body] as Array<Record<string, unknown>> }
}

/** Name, age (the date of birth), civility and contact: what the patient's own doctor always sees. */
function expectPerson(view: Record<string, unknown>) {
  expect(view).toMatchObject({ ...PERSON, email: "patient@demo.sn" })
}

describe("shareMedicalDataWithDoctors", () => {
  it("off: no doctor read of the patient carries allergies, chronic conditions, blood type, alerts or records; name, age, civility and contact stay", async () => {
    await setSharing(false)
    const { answers, patientViews } = await readAsDoctor()
    for (const view of patientViews) {
      expectPerson(view)
      expect(view.bloodType).toBeNull()
      expect(view.allergies).toEqual([])
      expect(view.conditions).toEqual([])
      expect(view).not.toHaveProperty("medicalRecords")
    }
    expect(answers.detail.body.medicalAlerts).toEqual([])
    expect(answers.detailOfCaller.body.medicalAlerts).toEqual([])
    for (const [name, answer] of Object.entries(answers)) {
      for (const word of Object.values(MEDICAL)) expect(answer.text, `${name} names ${word}`).not.toContain(word)
      expect(answer.text, `${name} carries the blood type`).not.toMatch(/"AB-"/)
    }
  })

  it("off: the doctor reads none of the patient's record files in storage", async () => {
    await setSharing(false)
    const auth = { Authorization: `Firebase ${doctorToken}` }
    const list = await gw.call("GET", `/v0/b/${BUCKET}/o?prefix=${encodeURIComponent(`medical-records/${patientUserId}/`)}&delimiter=%2F`, { headers: auth })
    expect(list.status).toBe(403)
    const object = `/v0/b/${BUCKET}/o/${encodeURIComponent(recordFile)}`
    expect((await gw.call("GET", object, { headers: auth })).status).toBe(403)
    const download = await gw.call("GET", `${object}?alt=media`, { headers: auth })
    expect(download.status).toBe(403)
    expect(download.text).not.toContain("%PDF")
  })

  it("on: the doctor sees the allergies, chronic conditions, blood type and alerts", async () => {
    await setSharing(true)
    const { answers, patientViews } = await readAsDoctor()
    for (const view of patientViews) {
      expectPerson(view)
      expect(view.bloodType).toBe("AB-")
      expect(view.allergies).toEqual([MEDICAL.allergy])
      expect(view.conditions).toEqual([MEDICAL.condition])
    }
    for (const detail of [answers.detail.body, answers.detailOfCaller.body]) {
      expect(detail.medicalAlerts).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: "MEDICATION", description: MEDICAL.alert, severity: "HIGH" })]),
      )
    }
  })
})

describe("a PRIVATE doctor", () => {
  let doctor: { firstName: string; lastName: string; specialty: string; city: string }

  beforeAll(async () => {
    const profile = (await gw.api("GET", `/doctors/${doctorId}`)).body
    doctor = { firstName: profile.firstName, lastName: profile.lastName, specialty: profile.specialties[0].code, city: profile.locations[0].city }
  })

  /** The searches a visitor makes: by name, by specialty (its own listing path), by city, and the whole list. */
  const searches = (): Record<string, DoctorSearchRequest> => ({
    byName: { paginationSettings: { offset: 0, limit: 100 }, query: { keyword: doctor.lastName } },
    byFullName: { paginationSettings: { offset: 0, limit: 100 }, query: { keyword: `${doctor.firstName} ${doctor.lastName}` } },
    bySpecialty: { paginationSettings: { offset: 0, limit: 100 }, query: { specialtyCodes: [doctor.specialty] } },
    byCity: { paginationSettings: { offset: 0, limit: 100 }, query: { location: doctor.city } },
    everyone: { paginationSettings: { offset: 0, limit: 100 } },
    byRating: { paginationSettings: { offset: 0, limit: 100 }, sortBy: { property: "rating", order: "desc" } },
  })

  /** For each search, whether the doctor is found: through the gateway (its read cache) and by the statement alone. */
  async function found(): Promise<Record<string, boolean>> {
    const seen: Record<string, boolean> = {}
    for (const [name, request] of Object.entries(searches())) {
      const answer = await gw.api("POST", "/doctors/search", { body: request })
      expect(answer.status, answer.text).toBe(200)
      const ids = (answer.body.data as Array<{ id: string }>).map((d) => d.id)
      expect(answer.body.paginationSettings.totalCount, name).toBeLessThanOrEqual(100)
      seen[name] = ids.includes(doctorId)
      const byStatement = (await searchDoctors(gw.db, request)).data.map((d) => d.id)
      seen[`${name} (statement)`] = byStatement.includes(doctorId)
    }
    return seen
  }

  const everywhere = (value: boolean) =>
    Object.fromEntries(
      Object.keys(searches()).flatMap((name) => [
        [name, value],
        [`${name} (statement)`, value],
      ]),
    )

  async function setVisibility(visibility: "PUBLIC" | "PRIVATE") {
    const { doctorSettingsId: _id, doctorId: _doctor, ...settings } = (await gw.api("GET", "/session", { token: doctorToken })).body.settings
    const saved = await gw.api("PUT", `/doctors/${doctorId}/settings`, { token: doctorToken, body: { ...settings, visibility } })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body.visibility).toBe(visibility)
  }

  it("is found while PUBLIC, is left out of every search at once when PRIVATE, and comes back when PUBLIC", async () => {
    // Searched first, so that the read cache holds these answers when the setting changes.
    expect(await found()).toEqual(everywhere(true))
    await setVisibility("PRIVATE")
    expect(await found()).toEqual(everywhere(false))
    await setVisibility("PUBLIC")
    expect(await found()).toEqual(everywhere(true))
  })

  it("keeps the profile reachable by its address (patients with an appointment follow it)", async () => {
    await setVisibility("PRIVATE")
    const profile = await gw.api("GET", `/doctors/${doctorId}`)
    expect(profile.status).toBe(200)
    expect(profile.body.id).toBe(doctorId)
    await setVisibility("PUBLIC")
  })
})
