import type { Context } from "hono"
import { Hono } from "hono"
import { DoctorUpdate } from "../../schemas/doctor.ts"
import { Id } from "../../schemas/fields.ts"
import { DoctorSettingsUpdate } from "../../schemas/settings.ts"
import { requireDoctor } from "../http/auth.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { readBody, readParam } from "../http/validate.ts"
import { updateDoctor } from "../repositories/doctorUpdates.ts"
import { loadDoctor } from "../repositories/doctors.ts"
import { loadDoctorSettings, saveDoctorSettings, toDoctorSettings } from "../repositories/settings.ts"
import { replanFreeSlots } from "../scheduling/schedule.ts"
import { storageSiteOf } from "../storage/ownedUrls.ts"

/**
 * The access rule of everything a doctor owns (schedule, settings, profile, patients): only that
 * doctor. Another role gets ROLE_NOT_MATCH, another doctor FORBIDDEN_ACTION.
 */
export async function requireDoctorSelf(c: Context<AppEnv>, doctorId: string): Promise<Caller & { doctorId: string }> {
  const caller = await requireDoctor(c)
  if (caller.doctorId !== doctorId) throw new ApiError("FORBIDDEN_ACTION", "A doctor may only act on their own account")
  return caller
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
    const row = await saveDoctorSettings(db, doctorId, { ...body, notifications })
    if (!row) throw new ApiError("DOCTOR_SETTINGS_NOT_FOUND")
    // Free slots ahead follow the new spacing and daily maximum; booked ones stay.
    if (row.bufferTime !== before.bufferTime || row.maxDailyAppointment !== before.maxDailyAppointment) {
      await replanFreeSlots(db, doctorId)
    }
    return c.json(toDoctorSettings(row))
  })

  return app
}
