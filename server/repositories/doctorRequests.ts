import { and, desc, eq, isNull, or } from "drizzle-orm"
import type { DoctorRequest, DoctorRequestInput } from "../../schemas/doctorRequest.ts"
import type { Db } from "../db/client.ts"
import { doctorRequests, healthcareFacilities, managers } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import { isUniqueViolation } from "./appointmentRules.ts"
import type { DoctorRequestId, FacilityId, UserId } from "../../schemas/ids.ts"

/**
 * Stores a doctor's request, its texts trimmed and an empty message dropped. "taken" when the
 * address already has a pending request (the unique index decides, so two sends at once cannot
 * both pass); "noFacility" when the facility named does not exist.
 */
export async function createDoctorRequest(db: Db, input: DoctorRequestInput): Promise<{ id: string } | "taken" | "noFacility"> {
  if (input.facilityId) {
    const [facility] = await db.select({ id: healthcareFacilities.id }).from(healthcareFacilities).where(eq(healthcareFacilities.id, input.facilityId))
    if (!facility) return "noFacility"
  }
  const message = input.message?.trim()
  try {
    const [row] = await db
      .insert(doctorRequests)
      .values({
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email: input.email,
        phoneNumber: input.phoneNumber,
        specialtyCode: input.specialtyCode,
        refNumber: input.refNumber.trim(),
        facilityId: input.facilityId ?? null,
        message: message ? message : null,
      })
      .returning({ id: doctorRequests.id })
    return { id: row!.id }
  } catch (error) {
    if (isUniqueViolation(error, "doctor_requests_pending_email_key")) return "taken"
    throw error
  }
}

/** The manager's row: undefined when the user is no manager; facilityId null when they run none yet. */
export async function managerOf(db: Db, userId: UserId): Promise<{ facilityId: FacilityId | null } | undefined> {
  const [row] = await db.select({ facilityId: managers.facilityId }).from(managers).where(eq(managers.userId, userId))
  return row
}

/**
 * Pending requests a manager is to read: those addressed to their facility and those addressed to
 * none (any manager may take those), newest first. A manager without a facility sees only the latter.
 */
export async function pendingDoctorRequestsFor(db: Db, facilityId: FacilityId | null): Promise<DoctorRequest[]> {
  const addressed = facilityId ? or(isNull(doctorRequests.facilityId), eq(doctorRequests.facilityId, facilityId)) : isNull(doctorRequests.facilityId)
  const rows = await db
    .select({ request: doctorRequests, facilityName: healthcareFacilities.name })
    .from(doctorRequests)
    .leftJoin(healthcareFacilities, eq(healthcareFacilities.id, doctorRequests.facilityId))
    .where(and(eq(doctorRequests.status, "PENDING"), addressed))
    .orderBy(desc(doctorRequests.createdAt), desc(doctorRequests.id))
    .limit(200)
  return rows.map(({ request: r, facilityName }) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phoneNumber: r.phoneNumber,
    specialtyCode: r.specialtyCode,
    refNumber: r.refNumber,
    facility: r.facilityId && facilityName !== null ? { id: r.facilityId, name: facilityName } : null,
    message: r.message,
    status: r.status,
    createdAt: toUtcSeconds(r.createdAt),
  }))
}

/**
 * Marks a request reviewed when the manager may read it (addressed to their facility or to none);
 * false when there is no such request for them. Marking a reviewed one again changes nothing.
 */
export async function markDoctorRequestReviewed(db: Db, id: DoctorRequestId, facilityId: FacilityId | null): Promise<boolean> {
  const addressed = facilityId ? or(isNull(doctorRequests.facilityId), eq(doctorRequests.facilityId, facilityId)) : isNull(doctorRequests.facilityId)
  const [row] = await db
    .update(doctorRequests)
    .set({ status: "REVIEWED" })
    .where(and(eq(doctorRequests.id, id), addressed))
    .returning({ id: doctorRequests.id })
  return row !== undefined
}
