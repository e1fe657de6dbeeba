import { eq } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DoctorPatientDetail, DoctorPatientList } from "../../schemas/doctorPatients.ts"
import { appointments, patients } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { idsOf } from "./testing/appointmentFixtures.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
let doctorToken: string
let doctor2Token: string
let patientToken: string
let doctorId: string
let doctor2Id: string
let awaId: string
let fatouId: string
/** A patient of the demo doctor who never saw doctor 2. */
let strangerId: string

beforeAll(async () => {
  gw = await startTestGateway({ seedDoctors: 4 })
  ;[doctorToken, doctor2Token, patientToken] = await Promise.all([gw.signIn("doctor@demo.sn"), gw.signIn("doctor2@demo.sn"), gw.signIn("patient@demo.sn")])
  doctorId = (await idsOf(gw, "doctor@demo.sn")).doctorId!
  doctor2Id = (await idsOf(gw, "doctor2@demo.sn")).doctorId!
  awaId = (await idsOf(gw, "patient@demo.sn")).patientId!
  fatouId = (await idsOf(gw, "patient2@demo.sn")).patientId!
  const mine = await gw.db
    .selectDistinct({ id: appointments.patientId })
    .from(appointments)
    .where(eq(appointments.doctorId, testIds.doctor(doctorId)))
  const theirs = new Set(
    (
      await gw.db
        .selectDistinct({ id: appointments.patientId })
        .from(appointments)
        .where(eq(appointments.doctorId, testIds.doctor(doctor2Id)))
    ).map((r) => r.id),
  )
  strangerId = mine.map((r) => r.id).find((id) => !theirs.has(id))!
})
afterAll(async () => {
  await gw?.stop()
})

describe("GET /doctors/{id}/patients", () => {
  it("lists exactly the patients who had an appointment with the doctor, with visits and status", async () => {
    const response = await gw.api("GET", `/doctors/${doctorId}/patients`, { token: doctorToken })
    expect(response.status).toBe(200)
    const list = Schema.decodeUnknownSync(DoctorPatientList)(response.body)
    const expected = await gw.db
      .selectDistinct({ id: appointments.patientId })
      .from(appointments)
      .where(eq(appointments.doctorId, testIds.doctor(doctorId)))
    expect(new Set(list.map((p) => p.id))).toEqual(new Set(expected.map((e) => e.id)))
    const awa = list.find((p) => p.id === awaId)!
    expect(awa).toMatchObject({ firstName: "Awa", lastName: "Diop", status: "ACTIVE", bloodType: "O+", civility: "WOMAN", dateOfBirth: "1988-06-14" })
    expect(awa.conditions).toContain("Asthme")
    expect(awa.appointmentCount).toBeGreaterThanOrEqual(2)
    expect(awa.lastAppointment).toMatch(/Z$/)
    expect(awa.nextAppointment).toMatch(/Z$/)
    // Each patient's last visit (past, not canceled) and next one (ahead, confirmed), or none.
    const rows = await gw.db
      .select()
      .from(appointments)
      .where(eq(appointments.doctorId, testIds.doctor(doctorId)))
    const now = Date.now()
    const iso = (times: number[], pick: (...n: number[]) => number) => (times.length ? new Date(pick(...times)).toISOString().replace(".000", "") : null)
    for (const patient of list) {
      const theirs = rows.filter((r) => r.patientId === patient.id)
      const last = theirs.filter((r) => r.appointmentTime.getTime() < now && r.status !== "CANCELED").map((r) => r.appointmentTime.getTime())
      const next = theirs.filter((r) => r.appointmentTime.getTime() >= now && r.status === "CONFIRMED").map((r) => r.appointmentTime.getTime())
      expect([patient.lastAppointment, patient.nextAppointment], patient.lastName).toEqual([iso(last, Math.max), iso(next, Math.min)])
    }
    expect(list.some((p) => p.lastAppointment === null || p.nextAppointment === null)).toBe(true)
    // Doctor 2 sees Fatou (seeded visit) but never a patient who has not seen her.
    const theirs = Schema.decodeUnknownSync(DoctorPatientList)((await gw.api("GET", `/doctors/${doctor2Id}/patients`, { token: doctor2Token })).body)
    expect(theirs.map((p) => p.id)).toContain(fatouId)
    expect(theirs.map((p) => p.id)).not.toContain(strangerId)
  })

  it("shows the status kept on the patient record", async () => {
    await gw.db
      .update(patients)
      .set({ status: "INACTIVE" })
      .where(eq(patients.id, testIds.patient(fatouId)))
    const list = Schema.decodeUnknownSync(DoctorPatientList)((await gw.api("GET", `/doctors/${doctorId}/patients`, { token: doctorToken })).body)
    expect(list.find((p) => p.id === fatouId)?.status).toBe("INACTIVE")
    await gw.db
      .update(patients)
      .set({ status: "ACTIVE" })
      .where(eq(patients.id, testIds.patient(fatouId)))
  })

  it("is the doctor's own list", async () => {
    expect((await gw.api("GET", `/doctors/${doctorId}/patients`, { token: doctor2Token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("GET", `/doctors/${doctorId}/patients`, { token: patientToken })).body.code).toBe("ROLE_NOT_MATCH")
    expect((await gw.api("GET", `/doctors/${doctorId}/patients`)).status).toBe(401)
  })
})

describe("one patient of the doctor", () => {
  it("gives contacts by priority, addresses and alerts to the doctor, by either path", async () => {
    const detail = Schema.decodeUnknownSync(DoctorPatientDetail)((await gw.api("GET", `/doctors/${doctorId}/patients/${awaId}`, { token: doctorToken })).body)
    expect(detail.emergencyContacts.map((c) => [c.firstName, c.priority])).toEqual([
      ["Ibrahima", 1],
      ["Mariama", 2],
    ])
    expect(detail.locations.find((l) => l.isPrimary)?.address).toBe("Villa 112, rue MZ-12, Mermoz")
    expect(detail.medicalAlerts.map((a) => a.severity).sort()).toEqual(["HIGH", "LOW"])
    const same = (await gw.api("GET", `/doctors/patients/${awaId}`, { token: doctorToken })).body
    expect(same).toEqual(detail)
  })

  it("answers FORBIDDEN_ACTION for a patient with no appointment with that doctor, PATIENT_NOT_FOUND for nobody", async () => {
    const other = await gw.api("GET", `/doctors/${doctor2Id}/patients/${strangerId}`, { token: doctor2Token })
    expect([other.status, other.body.code]).toEqual([403, "FORBIDDEN_ACTION"])
    expect((await gw.api("GET", `/doctors/patients/${strangerId}`, { token: doctor2Token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("GET", `/doctors/${doctorId}/patients/${awaId}`, { token: doctor2Token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("GET", `/doctors/patients/${awaId}`, { token: patientToken })).body.code).toBe("ROLE_NOT_MATCH")
    const nobody = await gw.api("GET", `/doctors/${doctorId}/patients/00000000-0000-4000-8000-000000000000`, { token: doctorToken })
    expect(nobody.body.code).toBe("PATIENT_NOT_FOUND")
    expect((await gw.api("GET", `/doctors/${doctorId}/patients/nope`, { token: doctorToken })).body.code).toBe("INVALID_PARAMETER")
  })
})
