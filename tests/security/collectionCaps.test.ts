import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { decodeWithFields } from "../../schemas/decode.ts"
import { COLLECTION_CAPS } from "../../schemas/collectionCaps.ts"
import { LIMITS } from "../../schemas/limits.ts"
import { PatientUpdate } from "../../schemas/patient.ts"
import { doctors, medicalRecords, patientSettings, slotWaitlistEntries } from "../../server/db/schema.ts"
import { createSignedInPatients } from "../../server/routes/testing/appointmentFixtures.ts"
import { startTestGateway, type TestGateway } from "../../server/testing/testGateway.ts"
import type { DoctorId } from "../../schemas/ids.ts"

/**
 * Issue 38, finding "250 emergency contacts; 50 feed rotations a second": every collection a user
 * adds to has a cap, counted in the write's own transaction. The numbers are written here as
 * literals: SPEC gives only the 3 locations.
 */
let gw: TestGateway
let allDoctors: DoctorId[]
let made = 0
beforeAll(async () => {
  gw = await startTestGateway()
  allDoctors = (await gw.db.select({ id: doctors.id }).from(doctors)).map((d) => d.id)
})
afterAll(async () => {
  await gw?.stop()
})

/** A new patient with a settings row, as sign-up makes them (profile reads need it). */
async function newPatient() {
  const patient = (await createSignedInPatients(gw, 1, `caps${made++}`))[0]!
  await gw.db.insert(patientSettings).values({ patientId: patient.patientId })
  return patient
}
type Answer = { status: number; body: { code?: string; fields?: Array<{ name: string; message: string }> } }
const refusal = (answer: Answer) => [answer.status, answer.body.code, answer.body.fields?.[0]?.message]
const contact = (i: number) => ({
  firstName: "Idriss",
  lastName: `Mahamat${i}`,
  phoneNumber: `+23566${String(100_000 + i).padStart(6, "0")}`,
  relationship: "SIBLING",
})

it("pins the caps: locations 3 (SPEC §9), emergency contacts 5, dependants 20, alerts 50, records 100, waitlists 10, feeds 10 a day", () => {
  expect(LIMITS.locationsMax).toBe(3)
  expect(COLLECTION_CAPS).toEqual({
    locations: 3,
    emergencyContacts: 5,
    dependants: 20,
    medicalAlerts: 50,
    medicalRecords: 100,
    waitlistEntries: 10,
    feedRotationsPerDay: 10,
  })
})

describe("emergency contacts", () => {
  it("the 6th is refused with 422 BUSINESS_ERROR and a translated reason; one deleted makes room", async () => {
    const patient = await newPatient()
    const add = (i: number) => gw.api("POST", `/patients/${patient.patientId}/emergency-contacts`, { token: patient.token, body: contact(i) })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const added = await add(i)
      expect(added.status, added.text).toBe(201)
      ids.push(added.body.id as string)
    }
    expect(refusal(await add(5))).toEqual([422, "BUSINESS_ERROR", "emergencyContacts.full"])
    const profile = await gw.api("GET", `/patients/${patient.patientId}`, { token: patient.token })
    expect(profile.body.emergencyContacts).toHaveLength(5)
    expect((await gw.api("DELETE", `/patients/${patient.patientId}/emergency-contacts/${ids[0]}`, { token: patient.token })).status).toBe(200)
    expect((await add(6)).status).toBe(201)
    expect(refusal(await add(7))[2]).toBe("emergencyContacts.full")
  })

  it("parallel additions make no more than 5", async () => {
    const patient = await newPatient()
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        gw.api("POST", `/patients/${patient.patientId}/emergency-contacts`, { token: patient.token, body: contact(100 + i) }),
      ),
    )
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 422)).toHaveLength(7)
  })
})

describe("medical records", () => {
  it("the 101st is refused", async () => {
    const patient = await newPatient()
    await gw.db.insert(medicalRecords).values(
      Array.from({ length: 99 }, (_, i) => ({
        patientId: patient.patientId,
        title: `R${i}`,
        type: "LAB_RESULT" as const,
        description: "Bilan",
        recordDate: "2026-01-01",
        attachments: [],
      })),
    )
    const add = () =>
      gw.api("POST", `/patients/${patient.patientId}/medical-records`, {
        token: patient.token,
        body: { type: "LAB_RESULT", description: "Bilan sanguin", attachments: [] },
      })
    const hundredth = await add()
    expect(hundredth.status, hundredth.text).toBe(201)
    expect(refusal(await add())).toEqual([422, "BUSINESS_ERROR", "medicalRecords.full"])
  })
})

describe("the freed-slot waitlists", () => {
  it("one account waits for 10 doctors at most, dependants included", async () => {
    expect(allDoctors.length).toBeGreaterThan(11)
    const patient = await newPatient()
    await gw.db.insert(slotWaitlistEntries).values(
      allDoctors.slice(0, 9).map((doctorId) => ({
        patientId: patient.patientId,
        doctorId,
        mode: "BETWEEN_DATES" as const,
        fromDate: "2099-01-01",
        toDate: "2099-01-02",
      })),
    )
    const today = Temporal.Now.plainDateISO("Africa/Dakar")
    const join = (doctorId: DoctorId) =>
      gw.api("POST", "/slot-waitlists", {
        token: patient.token,
        body: { doctorId, mode: "BETWEEN_DATES", fromDate: today.add({ days: 1 }).toString(), toDate: today.add({ days: 5 }).toString() },
      })
    const tenth = await join(allDoctors[9]!)
    expect(tenth.status, tenth.text).toBe(201)
    expect(refusal(await join(allDoctors[10]!))).toEqual([422, "BUSINESS_ERROR", "slotWaitlist.full"])
  })
})

describe("the calendar feed", () => {
  it("is made or replaced 10 times a day at most: the 11th is 429 BUSINESS_ERROR with Retry-After, and the 10th address still works", async () => {
    const patient = await newPatient()
    let last = ""
    for (let i = 0; i < 10; i++) {
      const made = await gw.api("POST", "/calendar-feed", { token: patient.token })
      expect(made.status, made.text).toBe(201)
      last = (made.body as { url: string }).url
    }
    const eleventh = await gw.api("POST", "/calendar-feed", { token: patient.token })
    expect(refusal(eleventh)).toEqual([429, "BUSINESS_ERROR", "calendarFeed.full"])
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(23 * 3600)
    expect((await gw.call("GET", new URL(last).pathname)).status).toBe(200)
    // Another user is not held by this one's count.
    expect((await gw.api("POST", "/calendar-feed", { token: (await newPatient()).token })).status).toBe(201)
  })
})

describe("collections sent whole", () => {
  const profile = {
    firstName: "Awa",
    lastName: "Diop",
    email: "awa.diop@example.sn",
    phoneNumber: "+221771234567",
    dateOfBirth: "1990-01-01",
    civility: "WOMAN",
    bloodType: "O+",
    preferredNotificationMethods: ["EMAIL"],
    allergies: [],
    chronicConditions: [],
    locations: [{ address: "Rue 1", city: "Dakar", country: "SENEGAL", isPrimary: true }],
  }
  const dependant = { firstName: "Moussa", lastName: "Diop", dateOfBirth: "2015-01-01", gender: "MALE", relationship: "CHILD" }
  const alert = { type: "Allergie", description: "Pénicilline", severity: "HIGH" }
  const fieldOf = (input: unknown) => {
    const result = decodeWithFields(PatientUpdate, input)
    return result.ok ? "ok" : result.fields[0]
  }

  it("are capped by the shared schema, client and gateway alike: 20 dependants, 50 alerts, 3 locations", () => {
    expect(fieldOf({ ...profile, dependants: Array(20).fill(dependant), medicalAlerts: Array(50).fill(alert) })).toBe("ok")
    expect(fieldOf({ ...profile, dependants: Array(21).fill(dependant) })).toEqual({ name: "dependants", message: "validation.listTooLong" })
    expect(fieldOf({ ...profile, medicalAlerts: Array(51).fill(alert) })).toEqual({ name: "medicalAlerts", message: "validation.listTooLong" })
    expect(fieldOf({ ...profile, locations: Array(4).fill({ ...profile.locations[0], isPrimary: false }) })).toEqual({
      name: "locations",
      message: "validation.maxLocations",
    })
  })
})
