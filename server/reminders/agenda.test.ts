import { eq } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { doctorSettings, jobs } from "../db/schema.ts"
import type { Mail } from "../email/contactMail.ts"
import { JobWorker } from "../jobs/worker.ts"
import { bookingBody, createSignedInPatients, idsOf, insertSlot } from "../routes/testing/appointmentFixtures.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { AGENDA_PLAN_JOB, agendaDue, agendaHandlers, enqueueAgendaPlanning } from "./agenda.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

describe("agendaDue", () => {
  it("is tomorrow's agenda at 18:00 in the facility's zone (Dakar UTC+0, N'Djamena UTC+1)", () => {
    const now = new Date("2030-03-10T09:00:00Z")
    expect(agendaDue(now, "Africa/Dakar")).toEqual({ date: "2030-03-11", runAt: new Date("2030-03-10T18:00:00Z") })
    expect(agendaDue(now, "Africa/Ndjamena")).toEqual({ date: "2030-03-11", runAt: new Date("2030-03-10T17:00:00Z") })
    // 23:30 UTC is already the next day in N'Djamena.
    expect(agendaDue(new Date("2030-03-10T23:30:00Z"), "Africa/Ndjamena").date).toBe("2030-03-12")
  })
})

describe("doctors' agenda email", () => {
  it("sends the doctor, at 18:00 local the day before, tomorrow's confirmed appointments in their language, once", async () => {
    const { doctorId } = await idsOf(gw, "doctor@demo.sn")
    await gw.db.update(doctorSettings).set({ appLanguage: "FR" }).where(eq(doctorSettings.doctorId, doctorId!))
    const [patient] = await createSignedInPatients(gw, 1, "agenda")
    const slot = await insertSlot(gw, doctorId!, 40)
    expect((await gw.api("POST", "/appointments", { token: patient!.token, body: bookingBody(slot, patient!.patientId) })).status).toBe(201)
    const local = Temporal.Instant.fromEpochMilliseconds(slot.startsAt.getTime()).toZonedDateTimeISO(slot.timeZone)
    const eveningBefore = local.subtract({ days: 1 }).with({ hour: 18, minute: 0, second: 0, millisecond: 0 })
    const at = (hours: number) => new Date(eveningBefore.epochMilliseconds + hours * 3600_000)

    const mails: Mail[] = []
    const handlers = agendaHandlers({ sendMail: async (mail) => void mails.push(mail), sendSms: async () => {}, replyTo: "contact@promed.sn" })
    const worker = new JobWorker(gw.db, handlers)
    await enqueueAgendaPlanning(gw.db, at(-3))
    await worker.runDue(at(-3))
    expect(mails).toHaveLength(0)
    // The planner enqueued its next hourly run.
    expect((await gw.db.select().from(jobs).where(eq(jobs.kind, AGENDA_PLAN_JOB))).filter((j) => j.status === "pending")).toHaveLength(1)
    await worker.runDue(at(0))
    const mine = mails.filter((m) => m.to === "doctor@demo.sn")
    expect(mine).toHaveLength(1)
    expect(mine[0]!.subject).toContain("Votre agenda du")
    expect(mine[0]!.text).toContain(`${local.toPlainTime().toString({ smallestUnit: "minute" })}  Test0 agenda – Cabinet`)
    expect(mine[0]!.text).not.toContain("genou")
    // Later planning runs of the same evening do not send it again.
    await worker.runDue(at(1))
    await worker.runDue(at(2))
    expect(mails.filter((m) => m.to === "doctor@demo.sn")).toHaveLength(1)
  })
})
