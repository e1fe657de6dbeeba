import { eq } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { doctors, users } from "../db/schema.ts"
import { doctorFormOf } from "../../tests/support/gatewayFixtures.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { bookingBody, idsOf, nextAvailableSlot } from "./testing/appointmentFixtures.ts"
import { testIds } from "../../schemas/testIds.ts"

// The product's cache of public reads: whatever it keeps, nobody reads a change made through the
// gateway late, and the doctor's own view of the schedule is never shared.
let gw: TestGateway
let patient: { token: string; patientId: string }
let doctor: { token: string; doctorId: string; userId: string }

const weekOf = (startsAt: Date, timeZone: string) => {
  const date = Temporal.Instant.fromEpochMilliseconds(startsAt.getTime()).toZonedDateTimeISO(timeZone).toPlainDate()
  return `startDate=${date}&endDate=${date.add({ days: 6 })}`
}
const searchBody = (keyword: string) => ({ paginationSettings: { offset: 0, limit: 10 }, query: { keyword } })

beforeAll(async () => {
  // This suite books the demo patient again and again about other rules: issue 38's booking limits are proved apart.
  gw = await startTestGateway({ readCacheMs: 60_000, bookingLimits: false })
  const p = await idsOf(gw, "patient@demo.sn")
  const d = await idsOf(gw, "doctor@demo.sn")
  patient = { token: await gw.signIn("patient@demo.sn"), patientId: p.patientId! }
  doctor = { token: await gw.signIn("doctor@demo.sn"), doctorId: d.doctorId!, userId: d.userId }
})
afterAll(async () => {
  await gw?.stop()
})

describe("the public reads' cache", () => {
  it("keeps a read: a change made outside the gateway is not seen within the time limit", async () => {
    const before = await gw.api("GET", `/doctors/${doctor.doctorId}`)
    await gw.db
      .update(doctors)
      .set({ biography: "Changed straight in the database, not through the gateway." })
      .where(eq(doctors.id, testIds.doctor(doctor.doctorId)))
    const after = await gw.api("GET", `/doctors/${doctor.doctorId}`)
    expect(after.body.biography).toBe(before.body.biography)
  })

  it("shows a booked slot as gone at once, to every visitor", async () => {
    const slot = await nextAvailableSlot(gw, testIds.doctor(doctor.doctorId))
    const path = `/doctor-availability/${doctor.doctorId}/available-time-slots?${weekOf(slot.startsAt, slot.timeZone)}`
    const ids = async () => ((await gw.api("GET", path)).body as Array<{ id: string }>).map((s) => s.id)
    expect(await ids()).toContain(slot.id)
    const booked = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
    expect(booked.status).toBe(201)
    expect(await ids()).not.toContain(slot.id)
  })

  it("gives the doctor their own view (with appointment ids) and never shares it with visitors", async () => {
    const slot = await nextAvailableSlot(gw, testIds.doctor(doctor.doctorId))
    await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
    const path = `/doctor-availability/${doctor.doctorId}/available-time-slots?${weekOf(slot.startsAt, slot.timeZone)}&include=booked`
    const appointmentOf = (list: Array<{ id: string; appointmentId: string | null }>) => list.find((s) => s.id === slot.id)?.appointmentId
    expect(appointmentOf((await gw.api("GET", path, { token: doctor.token })).body)).toEqual(expect.any(String))
    expect(appointmentOf((await gw.api("GET", path)).body)).toBeNull()
    expect(appointmentOf((await gw.api("GET", path, { token: doctor.token })).body)).toEqual(expect.any(String))
  })

  it("finds a doctor under a new name as soon as the doctor saved it", async () => {
    const profile = (await gw.api("GET", `/doctors/${doctor.doctorId}`)).body
    expect((await gw.api("POST", "/doctors/search", { body: searchBody("Ndiaye-Gueye") })).body.data).toEqual([])
    const form = { ...doctorFormOf(profile), lastName: "Ndiaye-Gueye" }
    const saved = await gw.api("PUT", `/doctors/${doctor.doctorId}`, { token: doctor.token, body: form })
    expect(saved.status, saved.text).toBe(200)
    const found = (await gw.api("POST", "/doctors/search", { body: searchBody("Ndiaye-Gueye") })).body.data
    expect(found.map((d: { id: string }) => d.id)).toEqual([doctor.doctorId])
    expect((await gw.api("GET", `/doctors/${doctor.doctorId}`)).body.lastName).toBe("Ndiaye-Gueye")
    const [user] = await gw.db
      .select({ lastName: users.lastName })
      .from(users)
      .where(eq(users.id, testIds.user(doctor.userId)))
    expect(user?.lastName).toBe("Ndiaye-Gueye")
  })

  it("does not let a refused write, a search or a session check empty it", async () => {
    const before = (await gw.api("GET", `/doctors/${doctor.doctorId}`)).body.biography
    await gw.db
      .update(doctors)
      .set({ biography: "Another change made straight in the database." })
      .where(eq(doctors.id, testIds.doctor(doctor.doctorId)))
    expect((await gw.api("PUT", `/doctors/${doctor.doctorId}`, { token: doctor.token, body: { firstName: "" } })).status).toBe(400)
    await gw.api("POST", "/doctors/search", { body: searchBody("diop") })
    expect((await gw.api("POST", "/healthcare-facilities/search", { body: { paginationSettings: { offset: 0, limit: 10 } } })).status).toBe(200)
    expect((await gw.api("POST", "/validate-session", { token: patient.token })).status).toBe(200)
    expect((await gw.api("GET", `/doctors/${doctor.doctorId}`)).body.biography).toBe(before)
  })
})
