import { and, eq, like } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { jobs, noticeSends, notificationLog, patients, patientSettings, users } from "../db/schema.ts"
import type { Mail } from "../email/contactMail.ts"
import { enqueue } from "../jobs/queue.ts"
import { JobWorker } from "../jobs/worker.ts"
import { memorySmsSink } from "../sms/sms.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { bookingBody, createSignedInPatients, idsOf, insertSlot } from "../routes/testing/appointmentFixtures.ts"
import { REMINDER_JOB } from "./schedule.ts"
import { reminderHandlers } from "./send.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
let doctorId: string

beforeAll(async () => {
  gw = await startTestGateway()
  doctorId = (await idsOf(gw, "doctor@demo.sn")).doctorId!
})
afterAll(async () => {
  await gw?.stop()
})
// Each case runs the worker over its own appointment's jobs only: what earlier cases left is cleared.
beforeEach(async () => {
  await gw.db.delete(jobs)
})

let patientCount = 0
/** A new patient with these notification settings. */
async function patientWith(settings: { reminders: boolean; methods: string[]; language: string; phone?: string | null }) {
  const [patient] = await createSignedInPatients(gw, 1, `rem${patientCount++}`)
  const [row] = await gw.db.select({ userId: patients.userId }).from(patients).where(eq(patients.id, patient!.patientId))
  await gw.db
    .update(users)
    .set({ phoneNumber: settings.phone === undefined ? "+221770000001" : settings.phone })
    .where(eq(users.id, row!.userId))
  await gw.db.update(patients).set({ preferredNotificationMethods: settings.methods }).where(eq(patients.id, patient!.patientId))
  await gw.db.insert(patientSettings).values({ patientId: patient!.patientId, reminders: settings.reminders, appLanguage: settings.language })
  return patient!
}

async function book(patient: { patientId: string; token: string }, hoursAhead: number) {
  const slot = await insertSlot(gw, testIds.doctor(doctorId), hoursAhead)
  const response = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
  expect(response.status).toBe(201)
  return { id: response.body.id as string, at: slot.startsAt }
}

/** A worker with in-memory channels; `failSms` makes the SMS provider refuse. */
function workerWith(options: { failSms?: boolean } = {}) {
  const sms = memorySmsSink()
  const mails: Mail[] = []
  const sendSms = options.failSms ? () => Promise.reject(new Error("SMS provider answered 503")) : sms.send
  const handlers = reminderHandlers({ sendSms, sendMail: async (mail) => void mails.push(mail), replyTo: "contact@promed.sn" })
  return { worker: new JobWorker(gw.db, handlers, { backoffMs: 1000 }), sms: sms.sent, mails }
}

const jobsOf = (appointmentId: string) =>
  gw.db
    .select({ key: jobs.dedupeKey, status: jobs.status, runAt: jobs.runAt, kind: jobs.kind })
    .from(jobs)
    .where(like(jobs.dedupeKey, `%${appointmentId}%`))
const logOf = (appointmentId: string) =>
  gw.db
    .select({ kind: notificationLog.kind, channel: notificationLog.channel, status: notificationLog.status, error: notificationLog.error })
    .from(notificationLog)
    .where(eq(notificationLog.appointmentId, testIds.appointment(appointmentId)))
    .orderBy(notificationLog.at)

describe("reminders", () => {
  it("a booking enqueues the 24 h and 2 h reminders in its transaction, none already past", async () => {
    const patient = await patientWith({ reminders: true, methods: ["EMAIL"], language: "FR" })
    const far = await book(patient, 30)
    const rows = await jobsOf(far.id)
    expect(rows.map((r) => r.key).sort()).toEqual([`reminder:${far.id}:0:24h`, `reminder:${far.id}:0:2h`])
    expect(rows.find((r) => r.key!.endsWith("24h"))!.runAt.getTime()).toBe(far.at.getTime() - 24 * 3600_000)
    const soon = await book(patient, 3)
    expect((await jobsOf(soon.id)).map((r) => r.key)).toEqual([`reminder:${soon.id}:0:2h`])
  })

  it("sends a due reminder on the chosen channels in the patient's language, without the reason, and logs each send", async () => {
    const patient = await patientWith({ reminders: true, methods: ["SMS", "EMAIL"], language: "AR" })
    const appointment = await book(patient, 30)
    const { worker, sms, mails } = workerWith()
    await worker.runDue(new Date(appointment.at.getTime() - 24 * 3600_000))
    expect(sms).toHaveLength(1)
    expect(sms[0]!.to).toBe("+221770000001")
    expect(sms[0]!.text).toContain("تذكير")
    expect(sms[0]!.text.length).toBeLessThanOrEqual(70)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).not.toContain("genou")
    expect(sms[0]!.text).not.toContain("genou")
    expect(await logOf(appointment.id)).toEqual([
      { kind: "REMINDER_24H", channel: "SMS", status: "sent", error: null },
      { kind: "REMINDER_24H", channel: "EMAIL", status: "sent", error: null },
    ])
  })

  it("a notice sent while the database drops out is recorded sent once it is back, and not sent again (issue 37)", async () => {
    const patient = await patientWith({ reminders: true, methods: ["SMS"], language: "FR" })
    const appointment = await book(patient, 30)
    // The log's first two writes meet a lost connection, as across a PostgreSQL restart.
    let cut = 2
    const flaky = new Proxy(gw.db, {
      get(target, key, receiver) {
        if (key !== "insert") return Reflect.get(target, key, receiver) as unknown
        return (table: unknown) =>
          table === notificationLog && cut-- > 0
            ? { values: () => Promise.reject(new Error("Connection terminated unexpectedly")) }
            : target.insert(table as typeof notificationLog)
      },
    })
    const sms = memorySmsSink()
    const handlers = reminderHandlers({ sendSms: sms.send, sendMail: async () => {}, replyTo: "contact@promed.sn" })
    const worker = new JobWorker(flaky, handlers, { backoffMs: 1000 })
    const due = new Date(appointment.at.getTime() - 24 * 3600_000)
    await worker.runDue(due)
    await worker.runDue(new Date(due.getTime() + 60_000))
    expect(cut).toBeLessThan(0)
    expect(sms.sent).toHaveLength(1)
    expect(await logOf(appointment.id)).toEqual([{ kind: "REMINDER_24H", channel: "SMS", status: "sent", error: null }])
    expect((await jobsOf(appointment.id)).find((j) => j.key!.endsWith("24h"))!.status).toBe("done")
  })

  it("a notice whose 'sent' was saved but its answer lost in the crash is logged once, not twice (issue 37)", async () => {
    const patient = await patientWith({ reminders: true, methods: ["EMAIL"], language: "FR" })
    const appointment = await book(patient, 30)
    let lost = 1
    const crashing = new Proxy(gw.db, {
      get(target, key, receiver) {
        if (key !== "insert") return Reflect.get(target, key, receiver) as unknown
        return (table: unknown) => {
          const insert = target.insert(table as typeof notificationLog)
          if (table !== notificationLog || lost-- <= 0) return insert
          return {
            values: async (row: typeof notificationLog.$inferInsert) => {
              await insert.values(row)
              throw new Error("Connection terminated unexpectedly")
            },
          }
        }
      },
    })
    const mails: Mail[] = []
    const handlers = reminderHandlers({ sendSms: memorySmsSink().send, sendMail: async (mail) => void mails.push(mail), replyTo: "contact@promed.sn" })
    await new JobWorker(crashing, handlers, { backoffMs: 1000 }).runDue(new Date(appointment.at.getTime() - 24 * 3600_000))
    expect(lost).toBeLessThan(1)
    expect(mails).toHaveLength(1)
    expect(await logOf(appointment.id)).toEqual([{ kind: "REMINDER_24H", channel: "EMAIL", status: "sent", error: null }])
  })

  it("a reminder whose earlier attempt was cut off while sending is not sent a second time, and the log says why (issue 37)", async () => {
    const patient = await patientWith({ reminders: true, methods: ["SMS"], language: "FR" })
    const appointment = await book(patient, 30)
    const [job] = await gw.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(like(jobs.dedupeKey, `%${appointment.id}%24h`))
    // What a worker killed between beginning the send and recording it leaves behind.
    await gw.db.insert(noticeSends).values({ jobId: job!.id, channel: "SMS" })
    const { worker, sms } = workerWith()
    await worker.runDue(new Date(appointment.at.getTime() - 24 * 3600_000))
    expect(sms).toHaveLength(0)
    expect(await logOf(appointment.id)).toEqual([{ kind: "REMINDER_24H", channel: "SMS", status: "skipped", error: "INTERRUPTED" }])
    expect((await jobsOf(appointment.id)).find((j) => j.key!.endsWith("24h"))!.status).toBe("done")
  })

  it("a reminder the provider refused is sent by the job's retry", async () => {
    const patient = await patientWith({ reminders: true, methods: ["SMS"], language: "FR" })
    const appointment = await book(patient, 30)
    const due = new Date(appointment.at.getTime() - 24 * 3600_000)
    await workerWith({ failSms: true }).worker.runDue(due)
    const { worker, sms } = workerWith()
    await worker.runDue(new Date(due.getTime() + 60_000))
    expect(sms).toHaveLength(1)
    expect((await logOf(appointment.id)).map((entry) => entry.status)).toEqual(["failed", "sent"])
  })

  it("sends nothing, and logs it skipped, when the patient turned reminders off", async () => {
    const patient = await patientWith({ reminders: false, methods: ["SMS"], language: "EN" })
    const appointment = await book(patient, 30)
    const { worker, sms, mails } = workerWith()
    await worker.runDue(new Date(appointment.at.getTime() - 24 * 3600_000))
    expect(sms).toHaveLength(0)
    expect(mails).toHaveLength(0)
    expect(await logOf(appointment.id)).toEqual([{ kind: "REMINDER_24H", channel: "SMS", status: "skipped", error: "REMINDERS_OFF" }])
  })

  it("a reschedule replaces the pending reminders, and a stale reminder does nothing", async () => {
    const patient = await patientWith({ reminders: true, methods: ["EMAIL"], language: "EN" })
    const appointment = await book(patient, 40)
    const target = await insertSlot(gw, testIds.doctor(doctorId), 80)
    const moved = await gw.api("PUT", `/appointments/${appointment.id}`, {
      token: patient.token,
      body: { timeSlotId: target.id, appointmentTime: target.startsAtUtc },
    })
    expect(moved.status).toBe(200)
    const rows = await jobsOf(appointment.id)
    expect(rows.map((r) => r.key).sort()).toEqual([`reminder:${appointment.id}:1:24h`, `reminder:${appointment.id}:1:2h`])
    // A reminder of the old time that a worker had already claimed when the move came.
    await enqueue(gw.db, { kind: REMINDER_JOB, payload: { appointmentId: appointment.id, rescheduleCount: 0, before: "2h" }, runAt: new Date(0) })
    const { worker, mails } = workerWith()
    await worker.runDue(new Date(appointment.at.getTime() - 2 * 3600_000))
    expect(mails).toHaveLength(0)
    await worker.runDue(new Date(target.startsAt.getTime() - 24 * 3600_000))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain("tomorrow")
  })

  it("a cancellation removes the reminders and sends a cancellation notice now", async () => {
    const patient = await patientWith({ reminders: true, methods: ["SMS"], language: "FR" })
    const appointment = await book(patient, 30)
    expect((await gw.api("PUT", `/appointments/cancel/${appointment.id}`, { token: patient.token })).status).toBe(200)
    expect((await jobsOf(appointment.id)).map((r) => [r.kind, r.status])).toEqual([["appointment.cancellation", "pending"]])
    const { worker, sms } = workerWith()
    await worker.runDue(new Date(Date.now() + 1000))
    expect(sms.map((m) => m.text)).toEqual([expect.stringContaining("annulé")])
    expect(await logOf(appointment.id)).toEqual([{ kind: "CANCELLATION", channel: "SMS", status: "sent", error: null }])
  })

  it("a failed SMS is logged and retried without sending the email again", async () => {
    const patient = await patientWith({ reminders: true, methods: ["SMS", "EMAIL"], language: "EN" })
    const appointment = await book(patient, 30)
    const due = new Date(appointment.at.getTime() - 24 * 3600_000)
    const failing = workerWith({ failSms: true })
    await failing.worker.runDue(due)
    expect(failing.mails).toHaveLength(1)
    const [job] = await gw.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, `reminder:${appointment.id}:0:24h`)))
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: "SMS: SMS provider answered 503" })
    const working = workerWith()
    await working.worker.runDue(new Date(due.getTime() + 1000))
    expect(working.sms).toHaveLength(1)
    expect(working.mails).toHaveLength(0)
    expect((await logOf(appointment.id)).map((r) => `${r.channel} ${r.status}`)).toEqual(["SMS failed", "EMAIL sent", "SMS sent"])
  })
})
