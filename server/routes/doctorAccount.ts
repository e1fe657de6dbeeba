import { eq } from "drizzle-orm"
import type { Context } from "hono"
import { Hono } from "hono"
import { DoctorUpdate } from "../../schemas/doctor.ts"
import { Id } from "../../schemas/fields.ts"
import { DoctorSettingsUpdate } from "../../schemas/settings.ts"
import type { Db } from "../db/client.ts"
import { doctors, doctorSettings, providedServices, users } from "../db/schema.ts"
import { requireDoctor } from "../http/auth.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { readBody, readParam } from "../http/validate.ts"
import { loadDoctor, refreshDoctorSearchFields } from "../repositories/doctors.ts"
import { replaceLocations } from "../repositories/locations.ts"
import { loadDoctorSettings, toDoctorSettings } from "../repositories/settings.ts"
import { replanFreeSlots } from "../scheduling/schedule.ts"
import { requireOwnPhotoUrl, storageSiteOf, type StorageSite } from "../storage/ownedUrls.ts"
import { inTransaction } from "../db/transaction.ts"

/**
 * The access rule of everything a doctor owns (schedule, settings, profile, patients): only that
 * doctor. Another role gets ROLE_NOT_MATCH, another doctor FORBIDDEN_ACTION.
 */
export async function requireDoctorSelf(c: Context<AppEnv>, doctorId: string): Promise<Caller & { doctorId: string }> {
  const caller = await requireDoctor(c)
  if (caller.doctorId !== doctorId) throw new ApiError("FORBIDDEN_ACTION", "A doctor may only act on their own account")
  return caller
}

/** Saves the doctor form: user fields, practice fields, and locations and services replaced as sent; a new photo must be the doctor's own upload. */
async function updateDoctor(db: Db, site: StorageSite, doctorId: string, body: DoctorUpdate): Promise<void> {
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

/** A doctor's own profile and settings (issue 5): PUT /doctors/{id}, PUT /doctors/{id}/settings. */
export function doctorAccountRoutes() {
  const app = new Hono<AppEnv>()

  app.put("/doctors/:id", async (c) => {
    const doctorId = readParam(c, "id", Id)
    await requireDoctorSelf(c, doctorId)
    const body = await readBody(c, DoctorUpdate)
    const { db } = c.get("deps")
    await updateDoctor(db, storageSiteOf(c), doctorId, body)
    const doctor = await loadDoctor(db, doctorId)
    if (!doctor) throw new ApiError("DOCTOR_NOT_FOUND")
    return c.json(doctor)
  })

  app.put("/doctors/:id/settings", async (c) => {
    const doctorId = readParam(c, "id", Id)
    await requireDoctorSelf(c, doctorId)
    const body = await readBody(c, DoctorSettingsUpdate)
    const { db } = c.get("deps")
    const before = await loadDoctorSettings(db, doctorId)
    // The appointments notification is always on for doctors (SPEC §4).
    const notifications = [...new Set(["APPOINTMENTS" as const, ...body.notifications])]
    const [row] = await db
      .update(doctorSettings)
      .set({ ...body, notifications })
      .where(eq(doctorSettings.doctorId, doctorId))
      .returning()
    if (!row) throw new ApiError("DOCTOR_SETTINGS_NOT_FOUND")
    // Free slots ahead follow the new spacing and daily maximum; booked ones stay.
    if (row.bufferTime !== before.bufferTime || row.maxDailyAppointment !== before.maxDailyAppointment) {
      await replanFreeSlots(db, doctorId)
    }
    return c.json(toDoctorSettings(row))
  })

  return app
}
