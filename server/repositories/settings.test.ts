import { count, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { doctors, doctorSettings, patients, patientSettings, users } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"

let gw: TestGateway

beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

async function idsOf(email: string) {
  const [row] = await gw.db
    .select({ doctorId: doctors.id, patientId: patients.id })
    .from(users)
    .leftJoin(doctors, eq(doctors.userId, users.id))
    .leftJoin(patients, eq(patients.userId, users.id))
    .where(eq(users.email, email))
  return row!
}

// Reads are reads (issue 10, server layers): a GET never makes the settings row it lacks.
describe("settings reads write nothing", () => {
  it("GET /session of a doctor without a settings row answers DOCTOR_SETTINGS_NOT_FOUND and leaves the table as it was", async () => {
    const { doctorId } = await idsOf("doctor@demo.sn")
    const token = await gw.signIn("doctor@demo.sn")
    await gw.db.delete(doctorSettings).where(eq(doctorSettings.doctorId, doctorId!))
    const response = await gw.api("GET", "/session", { token })
    expect(response.status).toBe(404)
    expect(response.body.code).toBe("DOCTOR_SETTINGS_NOT_FOUND")
    const [left] = await gw.db.select({ n: count() }).from(doctorSettings).where(eq(doctorSettings.doctorId, doctorId!))
    expect(left!.n).toBe(0)
  })

  it("GET /patients/{id} of a patient without a settings row answers PATIENT_SETTINGS_NOT_FOUND and leaves the table as it was", async () => {
    const { patientId } = await idsOf("patient@demo.sn")
    const token = await gw.signIn("patient@demo.sn")
    await gw.db.delete(patientSettings).where(eq(patientSettings.patientId, patientId!))
    const response = await gw.api("GET", `/patients/${patientId}`, { token })
    expect(response.status).toBe(404)
    expect(response.body.code).toBe("PATIENT_SETTINGS_NOT_FOUND")
    const [left] = await gw.db.select({ n: count() }).from(patientSettings).where(eq(patientSettings.patientId, patientId!))
    expect(left!.n).toBe(0)
  })
})
