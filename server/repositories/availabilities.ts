import { and, asc, desc, eq, gte } from "drizzle-orm"
import { Temporal } from "temporal-polyfill"
import type { AvailabilityInput } from "../../schemas/availability.ts"
import type { FacilityTimeZone } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import { availabilities, doctorFacilities, doctors, healthcareFacilities, locations, timeSlots } from "../db/schema.ts"
import { toIsoDate } from "../db/time.ts"
import { inTransaction } from "../db/transaction.ts"
import { ApiError } from "../http/errors.ts"
import { slotsFreed } from "../waitlist/offers.ts"
import { clashes, oneOffDateOf, zoneOfCountry } from "../scheduling/availabilityRules.ts"
import { topUpSlots } from "../scheduling/schedule.ts"
import type { AvailabilityId, DoctorId, FacilityId } from "../../schemas/ids.ts"

type AvailabilityRow = typeof availabilities.$inferSelect

/**
 * Where an availability takes place and so which zone its times are in: the facility asked for
 * (one of the doctor's), else the doctor's first facility, else no facility in the zone of the
 * doctor's primary address.
 */
async function placeOf(
  db: Db,
  doctorId: DoctorId,
  facilityId: FacilityId | null | undefined,
): Promise<{ facilityId: FacilityId | null; timeZone: FacilityTimeZone }> {
  const facilities = await db
    .select({ id: healthcareFacilities.id, timeZone: healthcareFacilities.timeZone })
    .from(doctorFacilities)
    .innerJoin(healthcareFacilities, eq(healthcareFacilities.id, doctorFacilities.facilityId))
    .where(eq(doctorFacilities.doctorId, doctorId))
    .orderBy(asc(healthcareFacilities.name))
  if (facilityId) {
    const chosen = facilities.find((f) => f.id === facilityId)
    if (!chosen) throw new ApiError("HEALTHCARE_FACILITY_NOT_FOUND", "The doctor does not work at this facility")
    return { facilityId: chosen.id, timeZone: chosen.timeZone }
  }
  const first = facilities[0]
  if (first) return { facilityId: first.id, timeZone: first.timeZone }
  const [home] = await db
    .select({ country: locations.country })
    .from(locations)
    .innerJoin(doctors, eq(doctors.userId, locations.userId))
    .where(eq(doctors.id, doctorId))
    .orderBy(desc(locations.isPrimary), asc(locations.position))
    .limit(1)
  return { facilityId: null, timeZone: zoneOfCountry(home?.country) }
}

/**
 * Adds an availability to the doctor's schedule and makes its slots (topUpSlots), in one
 * transaction; refuses a facility the doctor does not work at and an overlap on the same day.
 */
export async function createAvailability(db: Db, doctorId: DoctorId, input: AvailabilityInput): Promise<AvailabilityRow> {
  return inTransaction(db, async (tx) => {
    // One writer per doctor at a time, so two overlapping submissions cannot both pass the check.
    await tx.select({ id: doctors.id }).from(doctors).where(eq(doctors.id, doctorId)).for("update")
    const place = await placeOf(tx, doctorId, input.healthcareFacilityId)
    const now = Temporal.Now.zonedDateTimeISO(place.timeZone)
    const today = now.toPlainDate().toString()
    const onDate = input.isRecurring ? null : oneOffDateOf(input, now).toString()
    const candidate = { ...input, onDate }
    const existing = await tx.select().from(availabilities).where(eq(availabilities.doctorId, doctorId))
    if (existing.some((e) => clashes({ ...e, onDate: toIsoDate(e.onDate) }, candidate, today))) {
      throw new ApiError("AVAILABILITY_ALREADY_EXISTS", "It overlaps an availability of the same day")
    }
    const [row] = await tx
      .insert(availabilities)
      .values({
        doctorId,
        facilityId: place.facilityId,
        dayOfWeek: input.dayOfWeek,
        startTime: input.startTime,
        endTime: input.endTime,
        isRecurring: input.isRecurring,
        slotDurationMinutes: input.slotDurationMinutes,
        timeZone: place.timeZone,
        onDate,
      })
      .returning()
    await topUpSlots(tx, doctorId)
    // New slots: whoever waits for this doctor may be offered one of them (issue 14).
    await slotsFreed(tx, { doctorId, availabilityId: row!.id })
    return row!
  })
}

/** Deletes one of the doctor's availabilities with its slots; refuses while a slot ahead is BOOKED. */
export async function deleteAvailability(db: Db, doctorId: DoctorId, availabilityId: AvailabilityId): Promise<void> {
  await inTransaction(db, async (tx) => {
    // Locked like a booking would lock it: no slot can become BOOKED between the check and the delete.
    await tx.select({ id: doctors.id }).from(doctors).where(eq(doctors.id, doctorId)).for("update")
    const [row] = await tx
      .select({ id: availabilities.id })
      .from(availabilities)
      .where(and(eq(availabilities.id, availabilityId), eq(availabilities.doctorId, doctorId)))
    if (!row) throw new ApiError("AVAILABILITY_NOT_FOUND")
    // Its slots are locked too: a booking waiting on one of them finds it gone, never half deleted.
    const ahead = await tx
      .select({ status: timeSlots.status })
      .from(timeSlots)
      .where(and(eq(timeSlots.availabilityId, availabilityId), gte(timeSlots.startsAt, new Date())))
      .for("update")
    if (ahead.some((s) => s.status === "BOOKED")) throw new ApiError("BUSINESS_ERROR", "cannot delete booked slots")
    // Its slots go with it; past appointments keep their own time and place.
    await tx.delete(availabilities).where(eq(availabilities.id, availabilityId))
  })
}
