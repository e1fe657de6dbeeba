import { eq } from "drizzle-orm"
import type { DoctorUpdate } from "../../schemas/doctor.ts"
import type { Db } from "../db/client.ts"
import { doctors, providedServices, users } from "../db/schema.ts"
import { inTransaction } from "../db/transaction.ts"
import { ApiError } from "../http/errors.ts"
import { requireOwnPhotoUrl, type StorageSite } from "../storage/ownedUrls.ts"
import { refreshDoctorSearchFields } from "./doctors.ts"
import { replaceLocations } from "./locations.ts"
import type { DoctorId } from "../../schemas/ids.ts"

/** Saves the doctor form: user fields, practice fields, and locations and services replaced as sent; a new photo must be the doctor's own upload. */
export async function updateDoctor(db: Db, site: StorageSite, doctorId: DoctorId, body: DoctorUpdate): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ userId: doctors.userId, photoUrl: users.photoUrl })
      .from(doctors)
      .innerJoin(users, eq(users.id, doctors.userId))
      .where(eq(doctors.id, doctorId))
      .for("update")
    if (!row) throw new ApiError("DOCTOR_NOT_FOUND")
    await requireOwnPhotoUrl(tx, site, body.photoUrl, row.photoUrl, row.userId)
    // The email is read-only (SPEC §5): the body has no email field and the column is never set.
    await tx
      .update(users)
      .set({
        firstName: body.firstName.trim(),
        lastName: body.lastName.trim(),
        ...("phoneNumber" in body ? { phoneNumber: body.phoneNumber ?? null } : {}),
        ...("civility" in body ? { civility: body.civility ?? null } : {}),
        ...("photoUrl" in body ? { photoUrl: body.photoUrl ?? null } : {}),
      })
      .where(eq(users.id, row.userId))
    await tx
      .update(doctors)
      .set({
        refNumber: body.refNumber.trim(),
        careerStartYear: body.careerStartYear,
        ...("biography" in body ? { biography: body.biography?.trim() || null } : {}),
        ...("website" in body ? { website: body.website ?? null } : {}),
        spokenLanguages: [...new Set(body.doctorSpokenLanguages)],
        insuranceAccepted: [...new Set(body.insuranceAccepted.map((i) => i.trim()).filter(Boolean))],
      })
      .where(eq(doctors.id, doctorId))
    await replaceLocations(tx, row.userId, body.locations)
    await tx.delete(providedServices).where(eq(providedServices.doctorId, doctorId))
    await tx.insert(providedServices).values(body.providedServices.map((s) => ({ doctorId, code: s.code, price: s.price })))
    await refreshDoctorSearchFields(tx, doctorId)
  })
}
