import { eq } from "drizzle-orm"
import * as Schema from "effect/Schema"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NotificationList } from "../../schemas/notification.ts"
import { patients, patientSettings } from "../db/schema.ts"
import { JobWorker } from "../jobs/worker.ts"
import { reminderHandlers } from "../reminders/send.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { bookingBody, createSignedInPatients, idsOf, insertSlot } from "./testing/appointmentFixtures.ts"

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway()
})
afterAll(async () => {
  await gw?.stop()
})

describe("GET /appointments/{id}/notifications", () => {
  it("shows the appointment's patient and doctor what was sent, failures included; nobody else", async () => {
    const { doctorId } = await idsOf(gw, "doctor@demo.sn")
    const [patient, stranger] = await createSignedInPatients(gw, 2, "notif")
    await gw.db
      .update(patients)
      .set({ preferredNotificationMethods: ["SMS", "EMAIL"] })
      .where(eq(patients.id, patient!.patientId))
    await gw.db.insert(patientSettings).values({ patientId: patient!.patientId, reminders: true, appLanguage: "FR" })
    const slot = await insertSlot(gw, doctorId!, 30)
    const booked = await gw.api("POST", "/appointments", { token: patient!.token, body: bookingBody(slot, patient!.patientId) })
    expect(booked.status).toBe(201)
    const id = booked.body.id as string
    expect((await gw.api("GET", `/appointments/${id}/notifications`, { token: patient!.token })).body).toEqual([])

    // The patient has no phone number: the SMS is skipped, the email fails at the mail server.
    const handlers = reminderHandlers({ sendSms: async () => {}, sendMail: () => Promise.reject(new Error("421 try later")), replyTo: "contact@promed.sn" })
    await new JobWorker(gw.db, handlers).runDue(new Date(slot.startsAt.getTime() - 24 * 3600_000))

    const seen = await gw.api("GET", `/appointments/${id}/notifications`, { token: patient!.token })
    expect(seen.status).toBe(200)
    const entries = Schema.decodeUnknownSync(NotificationList)(seen.body)
    expect(entries.map(({ kind, channel, status, error }) => ({ kind, channel, status, error }))).toEqual([
      { kind: "REMINDER_24H", channel: "SMS", status: "skipped", error: "NO_PHONE" },
      { kind: "REMINDER_24H", channel: "EMAIL", status: "failed", error: "421 try later" },
    ])
    const doctor = await gw.signIn("doctor@demo.sn")
    expect((await gw.api("GET", `/appointments/${id}/notifications`, { token: doctor })).body).toEqual(seen.body)
    expect((await gw.api("GET", `/appointments/${id}/notifications`, { token: stranger!.token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("GET", `/appointments/${id}/notifications`)).status).toBe(401)
    const unknown = await gw.api("GET", "/appointments/3f2a0000-0000-4000-8000-00000000dead/notifications", { token: patient!.token })
    expect(unknown.body.code).toBe("APPOINTMENT_NOT_FOUND")
  })
})
