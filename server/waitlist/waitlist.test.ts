import { and, eq } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { DoctorId, PatientId } from "../../schemas/ids.ts"
import { OFFER_MINUTES } from "../../schemas/slotWaitlist.ts"
import { doctors, jobs, locations, patients, slotOffers, slotWaitlistEntries, timeSlots, users } from "../db/schema.ts"
import type { ApiError } from "../http/errors.ts"
import { joinWaitlist } from "./entries.ts"
import type { Mail } from "../email/contactMail.ts"
import { JobWorker } from "../jobs/worker.ts"
import { bookingBody, createSignedInPatients, idsOf, insertSlot } from "../routes/testing/appointmentFixtures.ts"
import { memorySmsSink } from "../sms/sms.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { waitlistHandlers } from "./jobs.ts"
import { offerFreedSlot } from "./offers.ts"

/*
 * Issue 14, the freed-slot waitlist, through the gateway: expectations from the issue. A freed slot
 * in range goes to the first in line, held 15 minutes; declining or expiry passes it on; booking it
 * (or moving the appointment into it) accepts it; no one left: open to all.
 */

let gw: TestGateway
let doctorId: DoctorId

beforeAll(async () => {
  gw = await startTestGateway()
  doctorId = (await idsOf(gw, "doctor@demo.sn")).doctorId!
})
afterAll(async () => {
  await gw?.stop()
})
// Each case has its own line and runs the worker over its own jobs only.
beforeEach(async () => {
  await gw.db.delete(jobs)
  await gw.db.delete(slotWaitlistEntries)
})

let tags = 0
async function patientsNamed(count: number, phone = "+221770000002") {
  const made = await createSignedInPatients(gw, count, `wl${tags++}`)
  for (const p of made) {
    const [row] = await gw.db.select({ userId: patients.userId }).from(patients).where(eq(patients.id, p.patientId))
    await gw.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, row!.userId))
    await gw.db
      .update(patients)
      .set({ preferredNotificationMethods: ["SMS", "EMAIL"] })
      .where(eq(patients.id, p.patientId))
  }
  return made
}

function worker() {
  const sms = memorySmsSink()
  const mails: Mail[] = []
  const handlers = waitlistHandlers({ sendSms: sms.send, sendMail: async (m) => void mails.push(m), replyTo: "contact@promed.sn" }, "https://promed.sn")
  const jobWorker = new JobWorker(gw.db, handlers)
  // Twice: the jobs a run enqueues (an offer's notice) are due at once and run on the next turn.
  const runDue = async (now?: Date) => {
    await jobWorker.runDue(now)
    await jobWorker.runDue(now)
  }
  return { worker: { runDue }, sms: sms.sent, mails }
}

const dayOf = (slot: { slotDate: string }) => slot.slotDate
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000)

async function book(patient: { patientId: PatientId; token: string }, slot: Awaited<ReturnType<typeof insertSlot>>) {
  const response = await gw.api("POST", "/appointments", { token: patient.token, body: bookingBody(slot, patient.patientId) })
  expect(response.status).toBe(201)
  return response.body.id as string
}

const offerOf = async (patient: { token: string }) => {
  const list = await gw.api("GET", "/slot-waitlists", { token: patient.token })
  expect(list.status).toBe(200)
  return list.body[0]?.offer ?? null
}

describe("the freed-slot waitlist (issue 14)", () => {
  it("offers a cancelled slot to the first in line, then the next on a decline, then opens it when the time runs out", async () => {
    const [holder, first, second, stranger] = await patientsNamed(4)
    const slot = await insertSlot(gw, doctorId, 72)
    const appointmentId = await book(holder!, slot)
    const range = { doctorId, mode: "BETWEEN_DATES", fromDate: dayOf(slot), toDate: dayOf(slot) }
    expect((await gw.api("POST", "/slot-waitlists", { token: first!.token, body: range })).status).toBe(201)
    expect((await gw.api("POST", "/slot-waitlists", { token: second!.token, body: range })).status).toBe(201)
    expect((await gw.api("GET", `/doctors/${doctorId}/slot-waitlist`, { token: await gw.signIn("doctor@demo.sn") })).body.waiting).toBeGreaterThanOrEqual(2)

    expect((await gw.api("PUT", `/appointments/cancel/${appointmentId}`, { token: holder!.token })).status).toBe(200)
    const run = worker()
    await run.worker.runDue()
    const offer = await offerOf(first!)
    expect(offer).toMatchObject({ timeSlotId: slot.id, startsAt: slot.startsAtUtc })
    const held = Date.parse(offer.expiresAt) - Date.now()
    expect(held).toBeGreaterThan((OFFER_MINUTES - 1) * 60_000)
    expect(held).toBeLessThanOrEqual(OFFER_MINUTES * 60_000)
    expect(await offerOf(second!)).toBeNull()
    // Told on the channels chosen for reminders, with the link to answer; no medical detail.
    expect(run.sms).toHaveLength(1)
    expect(run.sms[0]!.text).toContain("https://promed.sn/appointments")
    expect(run.mails.map((m) => m.subject)).toEqual(["Promed – Un créneau s'est libéré pour vous"])

    // Held for the first in line: someone else can neither hold nor book it.
    expect((await gw.api("POST", `/time-slots/${slot.id}/hold`, { token: stranger!.token })).body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
    expect((await gw.api("POST", "/appointments", { token: stranger!.token, body: bookingBody(slot, stranger!.patientId) })).body.code).toBe(
      "TIME_SLOT_ALREADY_BOOKED",
    )
    // Another patient's offer is not theirs to decline.
    expect((await gw.api("POST", `/slot-offers/${offer.id}/decline`, { token: second!.token })).body.code).toBe("FORBIDDEN_ACTION")

    expect((await gw.api("POST", `/slot-offers/${offer.id}/decline`, { token: first!.token })).status).toBe(200)
    expect(await offerOf(first!)).toBeNull()
    const next = await offerOf(second!)
    expect(next).toMatchObject({ timeSlotId: slot.id })
    // A declined offer cannot be declined again.
    expect((await gw.api("POST", `/slot-offers/${offer.id}/decline`, { token: first!.token })).body.code).toBe("BUSINESS_ERROR")

    // The second one lets the time run out: no one is left who was not offered it, so it is open to all.
    await run.worker.runDue(minutesFromNow(OFFER_MINUTES + 1))
    const [ended] = await gw.db.select({ status: slotOffers.status }).from(slotOffers).where(eq(slotOffers.id, next.id))
    expect(ended!.status).toBe("EXPIRED")
    expect(await offerOf(second!)).toBeNull()
    expect(await offerOf(first!)).toBeNull()
    await book(stranger!, slot)
  })

  it("booking the offered slot accepts the offer and ends the wait", async () => {
    const [holder, waiting] = await patientsNamed(2)
    const slot = await insertSlot(gw, doctorId, 80)
    const appointmentId = await book(holder!, slot)
    const joined = await gw.api("POST", "/slot-waitlists", {
      token: waiting!.token,
      body: { doctorId, mode: "BETWEEN_DATES", fromDate: dayOf(slot), toDate: dayOf(slot) },
    })
    expect(joined.body).toMatchObject({ doctorId, mode: "BETWEEN_DATES", offer: null, attendeeName: expect.stringContaining("Test1") })
    await gw.api("PUT", `/appointments/cancel/${appointmentId}`, { token: holder!.token })
    await worker().worker.runDue()
    const offer = await offerOf(waiting!)
    expect(offer.timeSlotId).toBe(slot.id)
    // The wizard holds the slot at its review: the offer's 15 minutes are not cut to 5.
    const hold = await gw.api("POST", `/time-slots/${slot.id}/hold`, { token: waiting!.token })
    expect(hold.body.heldUntil).toBe(offer.expiresAt)
    // Leaving the review lets go of the review's hold, not of the offer: the slot stays theirs.
    expect((await gw.api("DELETE", `/time-slots/${slot.id}/hold`, { token: waiting!.token })).status).toBe(200)
    expect((await gw.api("POST", `/time-slots/${slot.id}/hold`, { token: holder!.token })).body.code).toBe("TIME_SLOT_ALREADY_BOOKED")
    await book(waiting!, slot)
    const [accepted] = await gw.db.select({ status: slotOffers.status }).from(slotOffers).where(eq(slotOffers.id, offer.id))
    expect(accepted!.status).toBe("ACCEPTED")
    expect((await gw.api("GET", "/slot-waitlists", { token: waiting!.token })).body).toEqual([])
  })

  it("'earlier than my appointment': a freed earlier slot is offered, and moving the appointment into it accepts it", async () => {
    const [holder, waiting] = await patientsNamed(2)
    const later = await insertSlot(gw, doctorId, 120)
    const own = await book(waiting!, later)
    const earlier = await insertSlot(gw, doctorId, 60)
    const theirs = await book(holder!, earlier)
    expect(
      (await gw.api("POST", "/slot-waitlists", { token: waiting!.token, body: { doctorId, mode: "EARLIER_THAN_APPOINTMENT", appointmentId: own } })).status,
    ).toBe(201)
    await gw.api("PUT", `/appointments/cancel/${theirs}`, { token: holder!.token })
    await worker().worker.runDue()
    const offer = await offerOf(waiting!)
    expect(offer.timeSlotId).toBe(earlier.id)
    const moved = await gw.api("PUT", `/appointments/${own}`, { token: waiting!.token, body: { timeSlotId: earlier.id, appointmentTime: earlier.startsAtUtc } })
    expect(moved.status).toBe(200)
    const [accepted] = await gw.db.select({ status: slotOffers.status }).from(slotOffers).where(eq(slotOffers.id, offer.id))
    expect(accepted!.status).toBe("ACCEPTED")
    expect((await gw.api("GET", "/slot-waitlists", { token: waiting!.token })).body).toEqual([])
  })

  it("cancelling the appointment one waits to move ends that wait", async () => {
    const [waiting] = await patientsNamed(1)
    const own = await book(waiting!, await insertSlot(gw, doctorId, 130))
    await gw.api("POST", "/slot-waitlists", { token: waiting!.token, body: { doctorId, mode: "EARLIER_THAN_APPOINTMENT", appointmentId: own } })
    expect((await gw.api("GET", "/slot-waitlists", { token: waiting!.token })).body).toHaveLength(1)
    expect((await gw.api("PUT", `/appointments/cancel/${own}`, { token: waiting!.token })).status).toBe(200)
    expect((await gw.api("GET", "/slot-waitlists", { token: waiting!.token })).body).toEqual([])
  })

  it("a slot later than the appointment, or outside the dates, is not offered; leaving with an offer passes it on", async () => {
    const [holder, earlierOnly, leaver, next] = await patientsNamed(4)
    const own = await book(earlierOnly!, await insertSlot(gw, doctorId, 50))
    await gw.api("POST", "/slot-waitlists", { token: earlierOnly!.token, body: { doctorId, mode: "EARLIER_THAN_APPOINTMENT", appointmentId: own } })
    const slot = await insertSlot(gw, doctorId, 100)
    const day = Temporal.PlainDate.from(dayOf(slot))
    await gw.api("POST", "/slot-waitlists", {
      token: next!.token,
      body: { doctorId, mode: "BETWEEN_DATES", fromDate: day.add({ days: 1 }).toString(), toDate: day.add({ days: 3 }).toString() },
    })
    await gw.api("POST", "/slot-waitlists", { token: leaver!.token, body: { doctorId, mode: "BETWEEN_DATES", fromDate: dayOf(slot), toDate: dayOf(slot) } })
    const theirs = await book(holder!, slot)
    await gw.api("PUT", `/appointments/cancel/${theirs}`, { token: holder!.token })
    await worker().worker.runDue()
    expect(await offerOf(earlierOnly!)).toBeNull()
    expect(await offerOf(next!)).toBeNull()
    const offer = await offerOf(leaver!)
    expect(offer.timeSlotId).toBe(slot.id)
    const [entry] = (await gw.api("GET", "/slot-waitlists", { token: leaver!.token })).body
    expect((await gw.api("DELETE", `/slot-waitlists/${entry.id}`, { token: next!.token })).body.code).toBe("FORBIDDEN_ACTION")
    expect((await gw.api("DELETE", `/slot-waitlists/${entry.id}`, { token: leaver!.token })).status).toBe(200)
    const [ended] = await gw.db.select({ status: slotOffers.status }).from(slotOffers).where(eq(slotOffers.id, offer.id))
    expect(ended!.status).toBe("DECLINED")
    // No one else fits the slot: anyone may book it again.
    await book(holder!, slot)
  })

  it("a new availability's slots are offered to whoever waits in its dates, not other free slots", async () => {
    const [waiting] = await patientsNamed(1)
    const doctorToken = await gw.signIn("doctor@demo.sn")
    const today = Temporal.Now.plainDateISO("Africa/Dakar")
    const range = { doctorId, mode: "BETWEEN_DATES", fromDate: today.toString(), toDate: today.add({ days: 8 }).toString() }
    expect((await gw.api("POST", "/slot-waitlists", { token: waiting!.token, body: range })).status).toBe(201)
    // Other free slots in the range, older than the entry, stay as they were: only new ones are news.
    const run = worker()
    await run.worker.runDue()
    expect(await offerOf(waiting!)).toBeNull()
    const added = await gw.api("POST", `/doctor-availability/${doctorId}`, {
      token: doctorToken,
      body: { dayOfWeek: "SUNDAY", startTime: "20:00", endTime: "23:00", isRecurring: false, slotDurationMinutes: 30 },
    })
    expect(added.status).toBe(201)
    await run.worker.runDue()
    const offer = await offerOf(waiting!)
    expect(offer).not.toBeNull()
    const [slot] = await gw.db
      .select({ availabilityId: timeSlots.availabilityId, startTime: timeSlots.startTime })
      .from(timeSlots)
      .where(eq(timeSlots.id, offer.timeSlotId))
    // Its first slot: the other cases leave slots at "now + N hours", so which of its hours are free
    // (a slot left there, and the buffer the doctor keeps after it) depends on when the suite runs.
    const [first] = await gw.db
      .select({ availabilityId: timeSlots.availabilityId, startTime: timeSlots.startTime })
      .from(timeSlots)
      .where(eq(timeSlots.availabilityId, added.body.id))
      .orderBy(timeSlots.startsAt)
      .limit(1)
    expect(slot).toEqual(first)
  })

  it("refuses a second entry for the same person, a past range, another's appointment", async () => {
    const [a, b] = await patientsNamed(2)
    const today = Temporal.Now.plainDateISO("Africa/Dakar")
    const range = { doctorId, mode: "BETWEEN_DATES", fromDate: today.add({ days: 1 }).toString(), toDate: today.add({ days: 5 }).toString() }
    expect((await gw.api("POST", "/slot-waitlists", { token: a!.token, body: range })).status).toBe(201)
    const again = await gw.api("POST", "/slot-waitlists", { token: a!.token, body: range })
    expect([again.status, again.body.code]).toEqual([409, "DUPLICATE_ENTRY"])
    const past = await gw.api("POST", "/slot-waitlists", { token: b!.token, body: { ...range, fromDate: today.subtract({ days: 2 }).toString() } })
    expect(past.body.fields).toEqual([{ name: "fromDate", message: "validation.dateNotPast" }])
    const reversed = await gw.api("POST", "/slot-waitlists", { token: b!.token, body: { ...range, fromDate: range.toDate, toDate: range.fromDate } })
    expect(reversed.body.fields).toEqual([{ name: "toDate", message: "validation.endDateAfterStart" }])
    const own = await book(a!, await insertSlot(gw, doctorId, 140))
    const foreign = await gw.api("POST", "/slot-waitlists", { token: b!.token, body: { doctorId, mode: "EARLIER_THAN_APPOINTMENT", appointmentId: own } })
    expect(foreign.body.code).toBe("FORBIDDEN_ACTION")
    const missing = await gw.api("POST", "/slot-waitlists", { token: b!.token, body: { doctorId, mode: "EARLIER_THAN_APPOINTMENT" } })
    expect(missing.body.fields).toEqual([{ name: "appointmentId", message: "validation.required" }])
  })

  // Issue 14 and 39: a range from today on, ending at most 62 days after today, today being the
  // doctor's own: at 23:30 UTC on Friday 4 December it is still the 4th in Dakar (UTC+0) and
  // already the 5th in N'Djamena (UTC+1).
  it("takes a range's today in the doctor's zone and lets it end 62 days after, not 63", async () => {
    const now = Temporal.Instant.from("2026-12-04T23:30:00Z")
    const [patient] = await patientsNamed(1)
    const doctorIn = async (country: "SENEGAL" | "CHAD") => {
      const [row] = await gw.db
        .select({ id: doctors.id })
        .from(doctors)
        .innerJoin(locations, and(eq(locations.userId, doctors.userId), eq(locations.isPrimary, true)))
        .where(eq(locations.country, country))
        .limit(1)
      return row!.id
    }
    const verdict = async (doctor: DoctorId, fromDate: string, toDate: string) => {
      try {
        await joinWaitlist(gw.db, patient!.patientId, { doctorId: doctor, mode: "BETWEEN_DATES", fromDate, toDate }, now)
        await gw.db.delete(slotWaitlistEntries)
        return "ok"
      } catch (error) {
        return (error as ApiError).fields?.map((f) => `${f.name}: ${f.message}`).join(", ")
      }
    }
    const dakar = await doctorIn("SENEGAL")
    expect(await verdict(dakar, "2026-12-04", "2027-02-04")).toBe("ok")
    expect(await verdict(dakar, "2026-12-03", "2026-12-10")).toBe("fromDate: validation.dateNotPast")
    expect(await verdict(dakar, "2026-12-04", "2027-02-05")).toBe("toDate: slotWaitlist.waitlistRangeTooFar")
    const ndjamena = await doctorIn("CHAD")
    expect(await verdict(ndjamena, "2026-12-05", "2027-02-05")).toBe("ok")
    expect(await verdict(ndjamena, "2026-12-04", "2026-12-10")).toBe("fromDate: validation.dateNotPast")
    expect(await verdict(ndjamena, "2026-12-05", "2027-02-06")).toBe("toDate: slotWaitlist.waitlistRangeTooFar")
  })

  it("never offers one slot twice, however many workers offer it at once", async () => {
    const waiting = await patientsNamed(5)
    const slot = await insertSlot(gw, doctorId, 90)
    for (const p of waiting) {
      await gw.api("POST", "/slot-waitlists", { token: p.token, body: { doctorId, mode: "BETWEEN_DATES", fromDate: dayOf(slot), toDate: dayOf(slot) } })
    }
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => offerFreedSlot(gw.db, slot.id)))
    expect(results.filter((r) => r.status === "fulfilled" && r.value !== null)).toHaveLength(1)
    const live = await gw.db
      .select()
      .from(slotOffers)
      .where(and(eq(slotOffers.timeSlotId, slot.id), eq(slotOffers.status, "OFFERED")))
    expect(live).toHaveLength(1)
    expect(live[0]!.patientId).toBe(waiting[0]!.patientId)
  })
})
