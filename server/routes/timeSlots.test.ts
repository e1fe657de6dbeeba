import * as Schema from "effect/Schema"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { TimeSlotList, type TimeSlot } from "../../schemas/availability.ts"
import { doctorIdOf } from "../../tests/support/gatewayFixtures.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"

let gw: TestGateway
let doctorId: string
const today = Temporal.Now.plainDateISO("Africa/Dakar")
const decode = Schema.decodeUnknownSync(TimeSlotList)

const slotsPath = (id: string, start: Temporal.PlainDate, end: Temporal.PlainDate, extra = "") =>
  `/doctor-availability/${id}/available-time-slots?startDate=${start}&endDate=${end}${extra}`

async function slots(path: string, token?: string): Promise<TimeSlot[]> {
  const response = await gw.api("GET", path, { token })
  expect(response.status, response.text).toBe(200)
  return [...decode(response.body)]
}

beforeAll(async () => {
  gw = await startTestGateway()
  doctorId = await doctorIdOf(gw.db, "doctor@demo.sn")
})
afterAll(async () => {
  await gw?.stop()
})

describe("GET /doctor-availability/{id}/available-time-slots", () => {
  it("lists the bookable slots of the range in time order, none started or booked", async () => {
    const end = today.add({ days: 13 })
    const list = await slots(slotsPath(doctorId, today, end))
    expect(list.length).toBeGreaterThan(10)
    const now = Date.now()
    for (const slot of list) {
      expect(slot.status).toBe("AVAILABLE")
      expect(Date.parse(slot.startsAt)).toBeGreaterThan(now)
      expect(slot.slotDate >= today.toString() && slot.slotDate <= end.toString()).toBe(true)
      expect(slot.slotStartTime < slot.slotEndTime).toBe(true)
      expect(slot.appointmentId).toBeNull()
    }
    const starts = list.map((s) => s.startsAt)
    expect(starts).toEqual([...starts].sort())
  })

  it("adds the booked slots on request, with appointment ids only for their doctor", async () => {
    const end = today.add({ days: 13 })
    const withBooked = await slots(slotsPath(doctorId, today, end, "&include=booked"))
    const booked = withBooked.filter((s) => s.status === "BOOKED")
    expect(booked.length).toBeGreaterThan(0)
    expect(booked.every((s) => s.appointmentId === null)).toBe(true)
    const token = await gw.signIn("doctor@demo.sn")
    const own = await slots(slotsPath(doctorId, today, end, "&include=booked"), token)
    expect(own.filter((s) => s.status === "BOOKED").every((s) => typeof s.appointmentId === "string")).toBe(true)
    const available = await slots(slotsPath(doctorId, today, end))
    expect(withBooked.length).toBe(available.length + booked.length)
  })

  it("refuses an inverted range, a range over 62 days and malformed dates", async () => {
    const inverted = await gw.api("GET", slotsPath(doctorId, today, today.subtract({ days: 1 })))
    expect(inverted.status).toBe(400)
    expect(inverted.body.code).toBe("INVALID_PARAMETER")
    expect((await gw.api("GET", slotsPath(doctorId, today, today.add({ days: 61 })))).status).toBe(200)
    expect((await gw.api("GET", slotsPath(doctorId, today, today.add({ days: 62 })))).status).toBe(400)
    const malformed = await gw.api("GET", `/doctor-availability/${doctorId}/available-time-slots?startDate=2026-13-01&endDate=2026-12-01`)
    expect(malformed.status).toBe(400)
    expect(malformed.body.fields).toContainEqual({ name: "startDate", message: "validation.dateInvalid" })
    const missing = await gw.api("GET", `/doctor-availability/${doctorId}/available-time-slots`)
    expect(missing.body.code).toBe("INVALID_PARAMETER")
  })

  it("answers DOCTOR_NOT_FOUND for an unknown doctor", async () => {
    const response = await gw.api("GET", slotsPath("00000000-0000-4000-8000-000000000000", today, today))
    expect(response.status).toBe(404)
    expect(response.body.code).toBe("DOCTOR_NOT_FOUND")
  })
})

describe("GET /doctor-availability/{id}/available-time-slots/date/{date}", () => {
  it("lists one day's bookable slots", async () => {
    const range = await slots(slotsPath(doctorId, today, today.add({ days: 13 })))
    const day = range[0]!.slotDate
    const list = await slots(`/doctor-availability/${doctorId}/available-time-slots/date/${day}`)
    expect(list.map((s) => s.id)).toEqual(range.filter((s) => s.slotDate === day).map((s) => s.id))
  })

  it("refuses a malformed date", async () => {
    const response = await gw.api("GET", `/doctor-availability/${doctorId}/available-time-slots/date/23-11-2026`)
    expect(response.status).toBe(400)
    expect(response.body.code).toBe("INVALID_PARAMETER")
  })
})
