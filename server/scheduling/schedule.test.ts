import { eq } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DoctorId } from "../../schemas/ids.ts"
import { availabilities, doctors } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { loadAvailabilities } from "./schedule.ts"

// SPEC §2 (the doctor's schedule lists availabilities by weekday, Monday first, as the week starts
// Monday, SPEC §9) and §4 (a one-off availability applies to its day): what the schedule screen gets.

let gw: TestGateway
let doctorId: DoctorId
beforeAll(async () => {
  gw = await startTestGateway({ seedDoctors: 2 })
  const [doctor] = await gw.db.select({ id: doctors.id }).from(doctors).limit(1)
  doctorId = doctor!.id
  await gw.db.delete(availabilities).where(eq(availabilities.doctorId, doctorId))
})
afterAll(async () => {
  await gw?.stop()
})

const day = (days: number) => Temporal.Now.plainDateISO("Africa/Dakar").add({ days }).toString()
const weekdayOf = (date: string) => ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"][Temporal.PlainDate.from(date).dayOfWeek - 1]!

describe("a doctor's availabilities as the schedule lists them", () => {
  it("come Monday first to Sunday, by start time within a day; a one-off already past is left out", async () => {
    const add = (dayOfWeek: string, startTime: string, more: { isRecurring?: boolean; onDate?: string } = {}) =>
      gw.db
        .insert(availabilities)
        .values({
          doctorId,
          dayOfWeek,
          startTime,
          endTime: "23:00",
          isRecurring: more.isRecurring ?? true,
          slotDurationMinutes: 30,
          onDate: more.onDate ?? null,
        })
        .returning({ id: availabilities.id })
    await add("SUNDAY", "08:00")
    await add("MONDAY", "14:00")
    await add("WEDNESDAY", "10:00")
    await add("MONDAY", "09:00")
    await add("SATURDAY", "07:00")
    await add(weekdayOf(day(-1)), "06:00", { isRecurring: false, onDate: day(-1) })
    await add(weekdayOf(day(0)), "22:00", { isRecurring: false, onDate: day(0) })

    const listed = await loadAvailabilities(gw.db, doctorId, "owner")
    const expected = [
      ["MONDAY", "09:00"],
      ["MONDAY", "14:00"],
      ["WEDNESDAY", "10:00"],
      ["SATURDAY", "07:00"],
      ["SUNDAY", "08:00"],
      [weekdayOf(day(0)), "22:00"],
    ].sort(([a, at], [b, bt]) => weekdayIndex(a!) - weekdayIndex(b!) || at!.localeCompare(bt!))
    expect(listed.map((a) => [a.dayOfWeek, a.startTime])).toEqual(expected)
    expect(listed.some((a) => a.onDate === day(-1))).toBe(false)
    expect(listed.find((a) => a.onDate === day(0))).toMatchObject({ isRecurring: false, startTime: "22:00" })
  })

  it("a doctor with none has an empty schedule", async () => {
    expect(await loadAvailabilities(gw.db, "00000000-0000-4000-8000-000000000000" as DoctorId, "public")).toEqual([])
  })
})

const weekdayIndex = (day: string) => ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"].indexOf(day)
