import { and, eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { verifyPassword } from "../auth/passwords.ts"
import { type Database, openDatabase } from "./client.ts"
import { DEMO_PASSWORD } from "./demoAccounts.ts"
import * as t from "./schema.ts"
import { isSeeded, SEED_ACCOUNTS, type SeedSummary, seed } from "./seed.ts"

// A fixed "now" keeps the run reproducible; the database's own now() is not used below.
const NOW = new Date("2026-11-23T10:00:00Z")

let database: Database
let summary: SeedSummary
const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
  const result = (await database.db.execute<Record<string, unknown>>(query)) as { rows: T[] }
  return result.rows[0] as T
}

beforeAll(async () => {
  database = await openDatabase({ memory: true })
  expect(await isSeeded(database.db)).toBe(false)
  summary = await seed(database.db, { now: NOW })
}, 120_000)
afterAll(() => database.close())

describe("seed", () => {
  it("is detected as seeded", async () => {
    expect(await isSeeded(database.db)).toBe(true)
  })

  it("creates the six accounts with their roles, sharing the demo password", async () => {
    const rows = await database.db.select({ email: t.users.email, role: t.users.role, hash: t.users.passwordHash }).from(t.users)
    const byEmail = new Map(rows.map((r) => [r.email, r]))
    for (const account of SEED_ACCOUNTS) expect(byEmail.get(account.email)?.role).toBe(account.role)
    const admin = byEmail.get("admin@demo.sn")
    expect(admin && (await verifyPassword(DEMO_PASSWORD, admin.hash))).toBe(true)
    const [manager] = await database.db
      .select({ name: t.healthcareFacilities.name })
      .from(t.managers)
      .innerJoin(t.users, eq(t.users.id, t.managers.userId))
      .innerJoin(t.healthcareFacilities, eq(t.healthcareFacilities.id, t.managers.facilityId))
      .where(eq(t.users.email, "manager@demo.sn"))
    expect(manager?.name).toBe("Hôpital Principal de Dakar")
  })

  it("gives a doctor in Dakar the login doctor3@demo.sn (the demo password), asking every patient a 5,000 FCFA deposit, with a weekly schedule and free slots (issue 40)", async () => {
    const [row] = await database.db
      .select({ hash: t.users.passwordHash, doctorId: t.doctors.id, depositFor: t.doctorSettings.depositFor, deposit: t.doctorSettings.bookingDeposit })
      .from(t.users)
      .innerJoin(t.doctors, eq(t.doctors.userId, t.users.id))
      .innerJoin(t.doctorSettings, eq(t.doctorSettings.doctorId, t.doctors.id))
      .where(eq(t.users.email, "doctor3@demo.sn"))
    expect(row).toMatchObject({ depositFor: "ALL", deposit: 5000 })
    expect(await verifyPassword(DEMO_PASSWORD, row!.hash)).toBe(true)
    const facilities = await database.db
      .select({ city: t.healthcareFacilities.city, country: t.healthcareFacilities.country })
      .from(t.doctorFacilities)
      .innerJoin(t.healthcareFacilities, eq(t.healthcareFacilities.id, t.doctorFacilities.facilityId))
      .where(eq(t.doctorFacilities.doctorId, row!.doctorId))
    expect(facilities.length).toBeGreaterThan(0)
    for (const f of facilities) expect(f).toEqual({ city: "Dakar", country: "SENEGAL" })
    const free = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM time_slots WHERE doctor_id = ${row!.doctorId} AND status = 'AVAILABLE'`)
    expect(free.n).toBeGreaterThan(10)
    // Every other doctor asks none: the search and the demo's other scenes are as they were.
    const others = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM doctor_settings WHERE deposit_for <> 'NONE'`)
    expect(others.n).toBe(1)
  })

  it("has at least 40 doctors over at least 15 specialties", async () => {
    expect(summary.doctors).toBe(48)
    const { doctors } = await one<{ doctors: number }>(sql`select count(*)::int as doctors from doctors`)
    expect(doctors).toBeGreaterThanOrEqual(40)
    const { used } = await one<{ used: number }>(sql`select count(distinct specialty_id)::int as used from doctor_specialties`)
    expect(used).toBeGreaterThanOrEqual(15)
  })

  it("gives every doctor a clinic service, search text, a primary city and 1-2 specialties", async () => {
    const row = await one<{ without_clinic: number; without_search: number; without_city: number; bad_specialties: number }>(sql`
      select
        (select count(*)::int from doctors d where not exists
           (select 1 from provided_services p where p.doctor_id = d.id and p.code = 'CLINIC')) as without_clinic,
        (select count(*)::int from doctors where search_text = '') as without_search,
        (select count(*)::int from doctors where primary_city is null or min_price is null) as without_city,
        (select count(*)::int from (select d.id from doctors d left join doctor_specialties s on s.doctor_id = d.id
           group by d.id having count(s.specialty_id) not between 1 and 2) x) as bad_specialties`)
    expect(row).toEqual({ without_clinic: 0, without_search: 0, without_city: 0, bad_specialties: 0 })
    const prices = await one<{ bad: number }>(sql`select count(*)::int as bad from provided_services where price < 5000 or price > 50000 or price % 500 <> 0`)
    expect(prices.bad).toBe(0)
  })

  it("has at least 15 facilities of the four types, some without coordinates", async () => {
    const rows = await database.db
      .select({ type: t.healthcareFacilities.facilityType, n: sql<number>`count(*)::int`, noCoords: sql<number>`count(*) filter (where lat is null)::int` })
      .from(t.healthcareFacilities)
      .groupBy(t.healthcareFacilities.facilityType)
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(15)
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(["HOSPITAL", "CLINIC", "PHARMACY", "LABORATORY"]))
    expect(rows.reduce((sum, r) => sum + r.noCoords, 0)).toBeGreaterThanOrEqual(1)
  })

  it("generates slots for the next four weeks and none in the past", async () => {
    expect(summary.timeSlots).toBeGreaterThan(0)
    const row = await one<{ total: number; past: number; first: string; last: string; doctors_without: number }>(sql`
      select count(*)::int as total,
             count(*) filter (where starts_at < ${NOW.toISOString()}::timestamptz)::int as past,
             min(slot_date)::text as first, max(slot_date)::text as last,
             (select count(*)::int from doctors d where not exists (select 1 from time_slots s where s.doctor_id = d.id)) as doctors_without
      from time_slots`)
    expect(row.total).toBe(summary.timeSlots)
    expect(row.past).toBe(0)
    expect(row.first >= "2026-11-23").toBe(true)
    expect(row.last <= "2026-12-20").toBe(true)
    expect(row.doctors_without).toBe(0)
    const overCap = await one<{ n: number }>(sql`
      select count(*)::int as n from (
        select s.doctor_id, s.slot_date from time_slots s join doctor_settings ds on ds.doctor_id = s.doctor_id
        group by s.doctor_id, s.slot_date, ds.max_daily_appointment having count(*) > ds.max_daily_appointment) x`)
    expect(overCap.n).toBe(0)
  })

  it("gives the demo patient dependants, emergency contacts, alerts, a record and settings", async () => {
    const row = await one<{
      dependants: number
      relationships: string
      contacts: number
      priorities: number
      alerts: number
      records: number
      settings: number
      homes: number
    }>(sql`
      select
        (select count(*)::int from dependants where patient_id = p.id) as dependants,
        (select string_agg(relationship, ',' order by relationship) from dependants where patient_id = p.id) as relationships,
        (select count(*)::int from emergency_contacts where patient_id = p.id and phone_number ~ '^\\+[1-9][0-9]{6,14}$') as contacts,
        (select count(distinct priority)::int from emergency_contacts where patient_id = p.id) as priorities,
        (select count(*)::int from medical_alerts where patient_id = p.id) as alerts,
        (select count(*)::int from medical_records where patient_id = p.id) as records,
        (select count(*)::int from patient_settings where patient_id = p.id) as settings,
        (select count(*)::int from locations l where l.user_id = u.id and l.is_primary and l.residency = 'HOME' and l.city = 'Dakar') as homes
      from patients p join users u on u.id = p.user_id where u.email = 'patient@demo.sn'`)
    expect(row).toEqual({ dependants: 2, relationships: "CHILD,PARENT", contacts: 2, priorities: 2, alerts: 2, records: 1, settings: 1, homes: 1 })
  })

  it("books an upcoming CONFIRMED appointment of the demo patient with the demo doctor on a BOOKED slot", async () => {
    const rows = await database.db
      .select({ appointment: t.appointments, slotStatus: t.timeSlots.status, slotStartsAt: t.timeSlots.startsAt, patientEmail: t.users.email })
      .from(t.appointments)
      .innerJoin(t.doctors, eq(t.doctors.id, t.appointments.doctorId))
      .innerJoin(t.timeSlots, eq(t.timeSlots.id, t.appointments.timeSlotId))
      .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
      .innerJoin(t.users, eq(t.users.id, t.patients.userId))
      .where(and(eq(t.appointments.status, "CONFIRMED"), sql`${t.doctors.userId} = (select id from users where email = 'doctor@demo.sn')`))
    expect(rows.length).toBeGreaterThanOrEqual(2)
    for (const r of rows) {
      expect(r.slotStatus).toBe("BOOKED")
      expect(r.appointment.appointmentTime.getTime()).toBe(r.slotStartsAt.getTime())
      expect(r.appointment.facilityId).not.toBeNull()
      expect(r.appointment.location).toBeNull()
    }
    const mine = rows.filter((r) => r.patientEmail === "patient@demo.sn")
    expect(mine.some((r) => r.appointment.appointmentTime.getTime() > NOW.getTime() + 48 * 3600_000)).toBe(true)
  })

  it("leaves the demo doctor's Tuesdays free (the issue's scenario adds 09:00-12:00 and sees its 6 slots alone)", async () => {
    const rows = await database.db
      .select({ day: t.availabilities.dayOfWeek, start: t.availabilities.startTime, end: t.availabilities.endTime })
      .from(t.availabilities)
      .innerJoin(t.doctors, eq(t.doctors.id, t.availabilities.doctorId))
      .where(sql`${t.doctors.userId} = (select id from users where email = 'doctor@demo.sn')`)
    expect(rows.map((r) => `${r.day} ${r.start}-${r.end}`).sort()).toEqual([
      "FRIDAY 08:30-12:30",
      "MONDAY 08:30-12:30",
      "THURSDAY 08:30-12:30",
      "THURSDAY 15:00-18:00",
      "WEDNESDAY 08:30-12:30",
    ])
  })

  it("puts every upcoming appointment of the demo accounts on a generated slot of its availability's back-to-back grid", async () => {
    const demo = sql`(select id from users where email like '%@demo.sn')`
    const row = await one<{ upcoming: number; off_slot: number; off_grid: number }>(sql`
      with mine as (
        select a.* from appointments a
        join doctors d on d.id = a.doctor_id join patients p on p.id = a.patient_id
        where (d.user_id in ${demo} or p.user_id in ${demo}) and a.appointment_time > ${NOW.toISOString()}::timestamptz)
      select
        (select count(*)::int from mine) as upcoming,
        (select count(*)::int from mine m left join time_slots s on s.id = m.time_slot_id
           where s.id is null or s.status <> 'BOOKED' or s.starts_at <> m.appointment_time) as off_slot,
        (select count(*)::int from mine m join time_slots s on s.id = m.time_slot_id join availabilities v on v.id = s.availability_id
           where ((split_part(s.start_time, ':', 1)::int * 60 + split_part(s.start_time, ':', 2)::int)
                - (split_part(v.start_time, ':', 1)::int * 60 + split_part(v.start_time, ':', 2)::int)) % v.slot_duration_minutes <> 0
              or s.end_time > v.end_time) as off_grid`)
    expect(row.upcoming).toBeGreaterThanOrEqual(5)
    expect(row).toMatchObject({ off_slot: 0, off_grid: 0 })
  })

  it("never lets two slots of a doctor's date overlap", async () => {
    const row = await one<{ n: number }>(sql`
      select count(*)::int as n from time_slots x join time_slots y
        on y.doctor_id = x.doctor_id and y.slot_date = x.slot_date and y.id <> x.id
       and x.start_time < y.end_time and y.start_time < x.end_time`)
    expect(row.n).toBe(0)
  })

  it("lets the demo patient review the demo doctor: a COMPLETE visit and no review yet", async () => {
    const row = await one<{ complete: number; reviews: number; featured: number }>(sql`
      with p as (select p.id from patients p join users u on u.id = p.user_id where u.email = 'patient@demo.sn'),
           d as (select d.id from doctors d join users u on u.id = d.user_id where u.email = 'doctor@demo.sn')
      select
        (select count(*)::int from appointments a where a.patient_id = (select id from p) and a.doctor_id = (select id from d)
           and a.status = 'COMPLETE' and a.appointment_time < ${NOW.toISOString()}::timestamptz) as complete,
        (select count(*)::int from reviews r where r.patient_id = (select id from p) and r.doctor_id = (select id from d)) as reviews,
        (select count(*)::int from reviews r where r.doctor_id = (select id from d) and r.is_featured) as featured`)
    expect(row).toEqual({ complete: 1, reviews: 0, featured: 1 })
  })

  it("keeps reviews valid and the doctors' ratings in line with them", async () => {
    const row = await one<{ bad: number; reviewed: number; mismatched: number; out_of_range: number }>(sql`
      select
        (select count(*)::int from reviews where length(comment) not between 20 and 512 or rating not between 1 and 5
           or posted_date > ${NOW.toISOString()}::timestamptz) as bad,
        (select count(distinct doctor_id)::int from reviews) as reviewed,
        (select count(*)::int from doctors d where d.review_count <> (select count(*) from reviews r where r.doctor_id = d.id)) as mismatched,
        (select count(*)::int from doctors d where d.review_count = 0 and d.average_rate not between 3 and 5) as out_of_range`)
    expect(row).toEqual({ bad: 0, reviewed: 40, mismatched: 0, out_of_range: 0 })
  })
})
