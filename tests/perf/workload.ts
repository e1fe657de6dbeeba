import pg from "pg"
import { Temporal } from "temporal-polyfill"
import type { LoadRequest } from "./load.ts"
import { cycle } from "./load.ts"

/** Realistic doctor searches: keyword, specialty and city, rating floors, the four sorts. */
export function searchRequests(): () => LoadRequest {
  const bodies = [
    { query: { keyword: "car", providedServiceCodes: ["CLINIC"] } },
    { query: { specialtyCodes: ["CARDIOLOGY"], location: "Dakar", providedServiceCodes: ["CLINIC"] }, sortBy: { property: "price", order: "asc" } },
    { query: { specialtyCodes: ["PEDIATRICS"], rating: 4, providedServiceCodes: ["CLINIC"] }, sortBy: { property: "rating", order: "desc" } },
    { query: { keyword: "diop", providedServiceCodes: ["CLINIC"] } },
    { query: { location: "Thiès", language: "WO", providedServiceCodes: ["CLINIC"] }, sortBy: { property: "experience", order: "desc" } },
    { query: { providedServiceCodes: ["CLINIC"] }, sortBy: { property: "user.firstName", order: "desc" } },
  ]
  return cycle(bodies.map((b) => ({ method: "POST" as const, path: "/api/v1/doctors/search", body: { paginationSettings: { offset: 0, limit: 10 }, ...b } })))
}

export interface Fixtures {
  doctorIds: string[]
  patientId: string
  freeSlots: Array<{ id: string; doctorId: string; startsAt: string }>
}

/** Ids the workload needs, read straight from the database. */
export async function loadFixtures(databaseUrl: string, slotCount: number): Promise<Fixtures> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const doctors = await client.query<{ id: string }>("select id from doctors order by id limit 500")
    const patient = await client.query<{ id: string }>("select p.id from patients p join users u on u.id = p.user_id where u.email = 'patient2@demo.sn'")
    // Spread over many doctors so bookings do not queue on one doctor's rows.
    const slots = await client.query<{ id: string; doctor_id: string; starts_at: Date }>(
      `select id, doctor_id, starts_at from (
         select id, doctor_id, starts_at, row_number() over (partition by doctor_id order by starts_at) as n
         from time_slots where status = 'AVAILABLE' and starts_at > now() + interval '2 days'
       ) s where n <= 20 order by n, doctor_id limit $1`,
      [slotCount],
    )
    return {
      doctorIds: doctors.rows.map((r) => r.id),
      patientId: patient.rows[0]!.id,
      freeSlots: slots.rows.map((r) => ({ id: r.id, doctorId: r.doctor_id, startsAt: r.starts_at.toISOString().replace(/\.\d{3}Z$/, "Z") })),
    }
  } finally {
    await client.end()
  }
}

export const profileRequests = (f: Fixtures) => cycle(f.doctorIds.map((id) => ({ method: "GET" as const, path: `/api/v1/doctors/${id}` })))

/** One week of available slots of a doctor, starting next Monday (the booking wizard's read). */
export function weekSlotRequests(f: Fixtures): () => LoadRequest {
  const today = Temporal.Now.plainDateISO("Africa/Dakar")
  const monday = today.add({ days: 8 - today.dayOfWeek })
  const query = `startDate=${monday}&endDate=${monday.add({ days: 6 })}`
  return cycle(f.doctorIds.map((id) => ({ method: "GET" as const, path: `/api/v1/doctor-availability/${id}/available-time-slots?${query}` })))
}

/** The reason the bench's bookings give: how they are found again to be released. */
export const BENCH_REASON = "Consultation de suivi"

/** A booking of this free slot for this patient. */
export const bookingOf = (slot: Fixtures["freeSlots"][number], patientId: string): LoadRequest => ({
  method: "POST",
  path: "/api/v1/appointments",
  body: {
    doctorId: slot.doctorId,
    patientId,
    timeSlotId: slot.id,
    appointmentTime: slot.startsAt,
    appointmentType: "CLINIC",
    reason: BENCH_REASON,
  },
})

/** Each request books a different free slot, so every one should succeed (201). */
export function bookingRequests(f: Fixtures): () => LoadRequest {
  let i = 0
  return () => bookingOf(f.freeSlots[i++ % f.freeSlots.length]!, f.patientId)
}
