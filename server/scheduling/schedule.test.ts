import { and, asc, eq, gt } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DoctorId } from "../../schemas/ids.ts"
import { appointments, availabilities, doctors, patients, timeSlots } from "../db/schema.ts"
import { startTestGateway, type TestGateway } from "../testing/testGateway.ts"
import { loadAvailabilities, loadTimeSlots, topUpSlots } from "./schedule.ts"

// SPEC §2 (the doctor's schedule lists availabilities by weekday, Monday first, as the week starts
// Monday, SPEC §9) and §4 (a one-off availability applies to its day): what the schedule screen gets.

let gw: TestGateway
let doctorId: DoctorId
let otherDoctorId: DoctorId
beforeAll(async () => {
  gw = await startTestGateway({ seedDoctors: 2 })
  const [doctor, other] = await gw.db.select({ id: doctors.id }).from(doctors).orderBy(asc(doctors.id)).limit(2)
  doctorId = doctor!.id
  otherDoctorId = other!.id
  await gw.db.delete(availabilities).where(eq(availabilities.doctorId, doctorId))
})
afterAll(async () => {
  await gw?.stop()
})

const day = (days: number) => Temporal.Now.plainDateISO("Africa/Dakar").add({ days }).toString()
const weekdayOf = (date: string) => ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"][Temporal.PlainDate.from(date).dayOfWeek - 1]!

describe("a doctor's availabilities as the schedule lists them", () => {
  it("come Monday first to Sunday, every weekday in its place, by start time within a day; a one-off already past is left out", async () => {
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
    await add("FRIDAY", "12:00")
    await add("THURSDAY", "11:00")
    await add("TUESDAY", "16:00")
    await add(weekdayOf(day(-1)), "06:00", { isRecurring: false, onDate: day(-1) })
    await add(weekdayOf(day(0)), "22:00", { isRecurring: false, onDate: day(0) })

    const listed = await loadAvailabilities(gw.db, doctorId, "owner")
    const expected = [
      ["MONDAY", "09:00"],
      ["MONDAY", "14:00"],
      ["TUESDAY", "16:00"],
      ["WEDNESDAY", "10:00"],
      ["THURSDAY", "11:00"],
      ["FRIDAY", "12:00"],
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

// SPEC §2: the doctor's schedule shows each booked slot's appointment; the public sees bookable
// slots only (SPEC §4: a canceled appointment frees its slot).
describe("a slot's appointment as the owner and the public see it", () => {
  it("the owner sees the live appointment of a slot, never a canceled one; the public sees neither's id", async () => {
    await topUpSlots(gw.db, otherDoctorId)
    const [booked, freed] = await gw.db
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.doctorId, otherDoctorId), eq(timeSlots.status, "AVAILABLE"), gt(timeSlots.startsAt, new Date(Date.now() + 86_400_000))))
      .orderBy(asc(timeSlots.startsAt))
      .limit(2)
    const [patient] = await gw.db.select({ id: patients.id }).from(patients).limit(1)
    const appointmentOn = (slot: typeof booked, status: "CONFIRMED" | "CANCELED") => ({
      doctorId: otherDoctorId,
      patientId: patient!.id,
      timeSlotId: slot!.id,
      appointmentTime: slot!.startsAt,
      appointmentType: "CLINIC" as const,
      status,
      reason: "Contrôle",
    })
    const [live] = await gw.db.insert(appointments).values(appointmentOn(booked, "CONFIRMED")).returning({ id: appointments.id })
    await gw.db.update(timeSlots).set({ status: "BOOKED" }).where(eq(timeSlots.id, booked!.id))
    await gw.db.insert(appointments).values(appointmentOn(freed, "CANCELED"))

    const range = [booked!.slotDate, freed!.slotDate].sort() as [string, string]
    const owner = await loadTimeSlots(gw.db, otherDoctorId, range[0], range[1], "owner")
    expect(owner.find((s) => s.id === booked!.id)).toMatchObject({ status: "BOOKED", appointmentId: live!.id })
    expect(owner.find((s) => s.id === freed!.id)).toMatchObject({ status: "AVAILABLE", appointmentId: null })

    const visitor = await loadTimeSlots(gw.db, otherDoctorId, range[0], range[1], "public")
    expect(visitor.some((s) => s.id === booked!.id)).toBe(false)
    expect(visitor.find((s) => s.id === freed!.id)).toMatchObject({ status: "AVAILABLE", appointmentId: null })
  })
})
