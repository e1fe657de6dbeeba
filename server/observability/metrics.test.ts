import { randomBytes } from "node:crypto"
import { and, eq, notLike } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createApp } from "../app.ts"
import type { Db } from "../db/client.ts"
import { jobs, patients, patientSettings, users } from "../db/schema.ts"
import { JobWorker } from "../jobs/worker.ts"
import { REMINDER_JOB } from "../reminders/schedule.ts"
import { reminderHandlers } from "../reminders/send.ts"
import { bookingBody, createSignedInPatients, idsOf, insertSlot } from "../routes/testing/appointmentFixtures.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { testIds } from "../../schemas/testIds.ts"
import { Metrics } from "./metrics.ts"
import { sendCounted } from "./notices.ts"
import { deliver, enqueueContactMessage } from "../email/outbox.ts"
import { CONTACT_TEMPLATE } from "../../schemas/contact.ts"

const TOKEN = "metrics-token-for-the-tests-0123456789"

let gw: TestGateway
let app: ReturnType<typeof createApp>
let doctorId: string

beforeAll(async () => {
  gw = await startTestGateway()
  app = createApp({ db: gw.db, config: { ...gw.config, metricsToken: TOKEN } })
  doctorId = (await idsOf(gw, "doctor@demo.sn")).doctorId!
})
afterAll(async () => {
  await gw?.stop()
})

interface Sample {
  readonly name: string
  readonly labels: Readonly<Record<string, string>>
  readonly value: number
}

/** The samples of a Prometheus text exposition (comments left out). */
function samplesOf(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
      if (!match) throw new Error(`not a sample line: ${line}`)
      const labels: Record<string, string> = {}
      for (const [, key, value] of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!
      return { name: match[1]!, labels, value: Number(match[3]) }
    })
}

async function scrape(target = app): Promise<{ text: string; samples: Sample[] }> {
  const response = await target.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(response.status).toBe(200)
  const text = await response.text()
  return { text, samples: samplesOf(text) }
}

/** The value of the one sample of this name whose labels include these (0 when there is none). */
function valueOf(samples: ReadonlyArray<Sample>, name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
  expect(found.length).toBeLessThanOrEqual(1)
  return found[0]?.value ?? 0
}

describe("GET /metrics", () => {
  it("is not there (404) when METRICS_TOKEN is unset", async () => {
    const response = await gw.call("GET", "/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(404)
    expect(response.text).not.toContain("http_requests_total")
  })

  it("answers 401 without the token, with a wrong one, or with it outside a bearer header", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, "Bearer ", TOKEN, `Basic ${TOKEN}`]) {
      const response = await app.request("/metrics", { headers: authorization === undefined ? {} : { Authorization: authorization } })
      expect(response.status, String(authorization)).toBe(401)
      const text = await response.text()
      expect(text).not.toContain("http_requests_total")
      expect(text).not.toContain("process_cpu")
    }
  })

  it("answers the Prometheus text to the right token, never cached, with the process's defaults", async () => {
    const response = await app.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(response.headers.get("cache-control")).toBe("no-store")
    const text = await response.text()
    expect(text).toContain("# TYPE http_requests_total counter")
    expect(text).toContain("# TYPE http_request_duration_seconds histogram")
    expect(text).toMatch(/^process_cpu_user_seconds_total /m)
  })

  it("counts requests by route template and status, with no id or query string in any label", async () => {
    const before = valueOf((await scrape()).samples, "http_requests_total", { method: "GET", route: "/api/v1/doctors/:id", status: "200" })
    const secret = "aissatou.ndiaye@example.sn"
    for (let i = 0; i < 2; i++) {
      const response = await app.request(`/api/v1/doctors/${doctorId}?email=${encodeURIComponent(secret)}&lang=fr`)
      expect(response.status).toBe(200)
    }
    const { text, samples } = await scrape()
    expect(valueOf(samples, "http_requests_total", { method: "GET", route: "/api/v1/doctors/:id", status: "200" })).toBe(before + 2)
    expect(valueOf(samples, "http_request_duration_seconds_count", { method: "GET", route: "/api/v1/doctors/:id", status: "200" })).toBe(before + 2)
    // The histogram's buckets reach from 5 ms to 10 s.
    const buckets = samples.filter((s) => s.name === "http_request_duration_seconds_bucket" && s.labels.route === "/api/v1/doctors/:id").map((s) => s.labels.le)
    expect(buckets).toContain("0.005")
    expect(buckets).toContain("10")
    expect(text).not.toContain(doctorId)
    expect(text).not.toContain(secret)
    expect(text).not.toContain(encodeURIComponent(secret))
    expect(text).not.toContain("lang=fr")
  })

  it("counts paths that match no route under fixed labels, however many different ones come", async () => {
    const random = () => `/${randomBytes(8).toString("hex")}/${randomBytes(4).toString("hex")}`
    const paths = Array.from({ length: 5 }, random)
    const before = (await scrape()).samples
    const unmatched = valueOf(before, "http_requests_total", { method: "POST", route: "unmatched", status: "404" })
    for (const p of paths) expect((await app.request(p, { method: "POST" })).status).toBe(404)
    // A GET goes to the app's catch-all (here with no SPA built, 503), one fixed label too.
    for (const p of paths) await app.request(p)
    const { text, samples } = await scrape()
    expect(valueOf(samples, "http_requests_total", { method: "POST", route: "unmatched", status: "404" })).toBe(unmatched + paths.length)
    const getRoutes = new Set(samples.filter((s) => s.name === "http_requests_total" && s.labels.method === "GET").map((s) => s.labels.route))
    for (const p of paths) {
      expect(text).not.toContain(p)
      expect(text).not.toContain(p.split("/")[1])
    }
    expect(getRoutes.has("app")).toBe(true)
    // One series per route template: nowhere near one per path.
    for (const route of getRoutes) expect(route === "app" || route === "unmatched" || route!.startsWith("/")).toBe(true)
  })

  it("does not count its own scrapes", async () => {
    await scrape()
    const { samples } = await scrape()
    expect(samples.some((s) => s.name === "http_requests_total" && s.labels.route === "/metrics")).toBe(false)
  })
})

describe("the job queue's gauges", () => {
  it("count a due pending job, a running one, one whose lease ran out, and how long the oldest has been due", async () => {
    const before = (await scrape()).samples
    const due = valueOf(before, "jobs_due")
    const running = valueOf(before, "jobs_running")
    const now = Date.now()
    await gw.db.insert(jobs).values([
      { kind: "metrics.test", runAt: new Date(now - 3 * 3600_000) },
      // Not due yet: not counted.
      { kind: "metrics.test", runAt: new Date(now + 3600_000) },
      { kind: "metrics.test", runAt: new Date(now - 1000), status: "running", lockedUntil: new Date(now + 60_000) },
      // Its worker died: due again.
      { kind: "metrics.test", runAt: new Date(now - 60_000), status: "running", lockedUntil: new Date(now - 1000) },
      { kind: "metrics.test", runAt: new Date(now - 3600_000), status: "done" },
    ])
    try {
      const after = (await scrape()).samples
      expect(valueOf(after, "jobs_due")).toBe(due + 2)
      expect(valueOf(after, "jobs_running")).toBe(running + 1)
      const oldest = valueOf(after, "jobs_oldest_due_age_seconds")
      expect(oldest).toBeGreaterThanOrEqual(3 * 3600 - 5)
    } finally {
      await gw.db.delete(jobs).where(eq(jobs.kind, "metrics.test"))
    }
  })

  it("are left out, and the scrape still answers at once, when the database does not answer", async () => {
    const silent = new Proxy({} as Db, { get: () => () => new Promise(() => {}) })
    const metrics = new Metrics(silent, { jobsReadTimeoutMs: 200 })
    const started = performance.now()
    const text = await metrics.scrape()
    expect(performance.now() - started).toBeLessThan(1500)
    expect(text).toContain("http_requests_total")
    expect(text).not.toContain("jobs_due")
    expect(text).not.toContain("jobs_oldest_due_age_seconds")
    // A failing database is the same: no gauges, no failed scrape.
    const failing = new Metrics(new Proxy({} as Db, { get: () => () => Promise.reject(new Error("connection refused")) }))
    expect(await failing.scrape()).not.toContain("jobs_due")
  })
})

describe("the database pool's gauges", () => {
  it("show connections in use, idle and the waiting checkouts, read at each scrape, only once observed", async () => {
    const metrics = new Metrics(gw.db)
    expect(await metrics.scrape()).not.toContain("db_pool")
    let pool = { total: 7, idle: 3, waiting: 2 }
    metrics.observePool(() => pool)
    let samples = samplesOf(await metrics.scrape())
    expect(valueOf(samples, "db_pool_connections", { state: "in_use" })).toBe(4)
    expect(valueOf(samples, "db_pool_connections", { state: "idle" })).toBe(3)
    expect(valueOf(samples, "db_pool_waiting")).toBe(2)
    pool = { total: 20, idle: 0, waiting: 9 }
    samples = samplesOf(await metrics.scrape())
    expect(valueOf(samples, "db_pool_connections", { state: "in_use" })).toBe(20)
    expect(valueOf(samples, "db_pool_waiting")).toBe(9)
  })
})

describe("notices_total", () => {
  it("counts a reminder's sends by channel and outcome", async () => {
    const [patient] = await createSignedInPatients(gw, 1, "metrics")
    const [row] = await gw.db.select({ userId: patients.userId }).from(patients).where(eq(patients.id, patient!.patientId))
    await gw.db.update(users).set({ phoneNumber: "+221770000002" }).where(eq(users.id, row!.userId))
    await gw.db
      .update(patients)
      .set({ preferredNotificationMethods: ["SMS", "EMAIL"] })
      .where(eq(patients.id, patient!.patientId))
    await gw.db.insert(patientSettings).values({ patientId: patient!.patientId, reminders: true, appLanguage: "FR" })
    const slot = await insertSlot(gw, testIds.doctor(doctorId), 30)
    const booked = await gw.api("POST", "/appointments", { token: patient!.token, body: bookingBody(slot, testIds.patient(patient!.patientId)) })
    expect(booked.status).toBe(201)

    const count = (samples: ReadonlyArray<Sample>, channel: string, outcome: string) => valueOf(samples, "notices_total", { channel, outcome })
    const before = (await scrape()).samples
    // The SMS provider refuses, the mail goes out.
    const handlers = reminderHandlers({
      sendSms: () => Promise.reject(new Error("SMS provider answered 503")),
      sendMail: async () => {},
      replyTo: "contact@promed.sn",
    })
    // Only this appointment's reminder runs (the seeded ones are not this test's).
    await gw.db.delete(jobs).where(and(eq(jobs.kind, REMINDER_JOB), notLike(jobs.dedupeKey, `reminder:${booked.body.id}:%`)))
    await new JobWorker(gw.db, { [REMINDER_JOB]: handlers[REMINDER_JOB]! }).runDue(new Date(slot.startsAt.getTime() - 24 * 3600_000))
    const after = (await scrape()).samples
    expect(count(after, "SMS", "failed")).toBe(count(before, "SMS", "failed") + 1)
    expect(count(after, "EMAIL", "sent")).toBe(count(before, "EMAIL", "sent") + 1)
    expect(count(after, "SMS", "sent")).toBe(count(before, "SMS", "sent"))
    expect(count(after, "EMAIL", "failed")).toBe(count(before, "EMAIL", "failed"))
  })

  it("counts the contact outbox's mails and the senders that go through sendCounted (waitlist offers, agendas)", async () => {
    const count = (samples: ReadonlyArray<Sample>, channel: string, outcome: string) => valueOf(samples, "notices_total", { channel, outcome })
    const before = (await scrape()).samples
    const context = {
      firstName: "Awa",
      lastName: "Diop",
      role: "PATIENT",
      email: "awa@example.sn",
      name: "Awa Diop",
      subject: "Question",
      message: "Bonjour, une question.",
    }
    const id = await enqueueContactMessage(gw.db, context as Parameters<typeof enqueueContactMessage>[1], "fr", CONTACT_TEMPLATE)
    expect(await deliver(gw.db, id, () => Promise.reject(new Error("550 refused")), "contact@promed.sn")).toBe("FAILED")
    expect(await deliver(gw.db, id, async () => {}, "contact@promed.sn")).toBe("SENT")
    await sendCounted("SMS", async () => {})
    await expect(sendCounted("SMS", () => Promise.reject(new Error("provider down")))).rejects.toThrow("provider down")
    const after = (await scrape()).samples
    expect(count(after, "EMAIL", "failed")).toBe(count(before, "EMAIL", "failed") + 1)
    expect(count(after, "EMAIL", "sent")).toBe(count(before, "EMAIL", "sent") + 1)
    expect(count(after, "SMS", "sent")).toBe(count(before, "SMS", "sent") + 1)
    expect(count(after, "SMS", "failed")).toBe(count(before, "SMS", "failed") + 1)
  })
})
