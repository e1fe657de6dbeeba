import ICAL from "ical.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eq } from "drizzle-orm"
import { appointments, calendarFeeds } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { bookingBody, idsOf, insertSlot } from "./testing/appointmentFixtures.ts"
import { testIds } from "../../schemas/testIds.ts"

let gw: TestGateway
let patient: { token: string; patientId: string }
let doctor: { token: string; doctorId: string }
let patient2: string

beforeAll(async () => {
  // This suite books the demo patient again and again about other rules: issue 38's booking limits are proved apart.
  gw = await startTestGateway({ bookingLimits: false })
  const [p, d] = await Promise.all([idsOf(gw, "patient@demo.sn"), idsOf(gw, "doctor@demo.sn")])
  patient = { token: await gw.signIn("patient@demo.sn"), patientId: p.patientId! }
  doctor = { token: await gw.signIn("doctor@demo.sn"), doctorId: d.doctorId! }
  patient2 = await gw.signIn("patient2@demo.sn")
})
afterAll(async () => {
  await gw?.stop()
})

/** The path of a feed's address under /api/v1. */
const feedPath = (url: string) => new URL(url).pathname.replace(/^\/api\/v1/, "")

async function newFeed(token: string) {
  const made = await gw.api("POST", "/calendar-feed", { token })
  expect(made.status).toBe(201)
  expect(made.headers.get("cache-control")).toBe("no-store")
  return made.body as { url: string; createdAt: string }
}

/** The feed as a calendar application reads it (ical.js): no bearer, only the address. */
async function readFeed(url: string) {
  const response = await gw.api("GET", feedPath(url))
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8")
  const calendar = new ICAL.Component(ICAL.parse(response.text))
  return { calendar, events: calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) }
}

describe("the private calendar feed (issue 13)", () => {
  it("is made once, read without a bearer, and lists the patient's appointments naming the doctor", async () => {
    expect((await gw.api("GET", "/calendar-feed", { token: patient.token })).body).toEqual({ active: false, createdAt: null })
    const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), 60)
    const booked = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
    expect(booked.status).toBe(201)

    const feed = await newFeed(patient.token)
    expect(feed.url).toMatch(/^http:\/\/localhost\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    const status = await gw.api("GET", "/calendar-feed", { token: patient.token })
    expect(status.body).toEqual({ active: true, createdAt: feed.createdAt })
    // The address is not kept: only its hash is.
    const stored = await gw.db.select().from(calendarFeeds)
    expect(JSON.stringify(stored)).not.toContain(feedPath(feed.url).slice("/calendar/".length, -".ics".length))

    const { calendar, events } = await readFeed(feed.url)
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Promed – Mes rendez-vous")
    const mine = events.find((e) => e.uid === `${booked.body.id}@promed`)
    expect(mine?.summary).toMatch(/^Promed – Dr /)
    expect(mine?.startDate.toJSDate().toISOString().replace(".000", "")).toBe(slot.startsAtUtc)
    expect(events.length).toBeGreaterThan(1)
  })

  it("is the doctor's agenda for a doctor, naming the patients", async () => {
    const feed = await newFeed(doctor.token)
    const { calendar, events } = await readFeed(feed.url)
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Promed – Agenda")
    expect(events.length).toBeGreaterThan(0)
    for (const event of events) expect(event.summary).not.toMatch(/Dr /)
  })

  it("reaches back 30 days: last month's visit is there, an older one is not", async () => {
    const visits = []
    for (const [hours, daysAgo] of [
      [70, 29],
      [71, 31],
    ] as const) {
      const slot = await insertSlot(gw, testIds.doctor(doctor.doctorId), hours)
      const booked = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, testIds.patient(patient.patientId)) })
      expect(booked.status).toBe(201)
      await gw.db
        .update(appointments)
        .set({ appointmentTime: new Date(Date.now() - daysAgo * 86_400_000) })
        .where(eq(appointments.id, booked.body.id))
      visits.push(`${booked.body.id}@promed`)
    }
    const uids = (await readFeed((await newFeed(patient.token)).url)).events.map((e) => e.uid)
    expect(uids).toContain(visits[0])
    expect(uids).not.toContain(visits[1])
  })

  it("stops at once when replaced or revoked; an odd address is refused", async () => {
    const first = await newFeed(patient2)
    const second = await newFeed(patient2)
    expect(second.url).not.toBe(first.url)
    expect((await gw.api("GET", feedPath(first.url))).body.code).toBe("NOT_FOUND")
    expect((await gw.api("GET", feedPath(second.url))).status).toBe(200)
    const revoked = await gw.api("DELETE", "/calendar-feed", { token: patient2 })
    expect(revoked.body).toEqual({ active: false, createdAt: null })
    const gone = await gw.api("GET", feedPath(second.url))
    expect(gone.status).toBe(404)
    expect(gone.body.code).toBe("NOT_FOUND")
    for (const odd of ["short.ics", `${"a".repeat(43)}.txt`, `${"a".repeat(42)}%2F.ics`, `${"a".repeat(43)}.ics.ics`]) {
      const refused = await gw.api("GET", `/calendar/${odd}`)
      expect([400, 404]).toContain(refused.status)
      expect(refused.headers.get("content-type")).not.toContain("text/calendar")
    }
  })
})
