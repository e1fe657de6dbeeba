import type { Context } from "hono"
import { Hono } from "hono"
import * as doctorAccount from "../../schemas/contracts/doctorAccount.ts"
import { requireDoctor } from "../http/auth.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { writesDoctor } from "../http/readCache.ts"
import { route } from "../http/contract.ts"
import { updateDoctor } from "../repositories/doctorUpdates.ts"
import { loadDoctor } from "../repositories/doctors.ts"
import { loadDoctorSettings, saveDoctorSettings, toDoctorSettings } from "../repositories/settings.ts"
import { replanFreeSlots } from "../scheduling/schedule.ts"
import { storageSiteOf } from "../storage/ownedUrls.ts"
import type { DoctorId } from "../../schemas/ids.ts"

/**
 * The access rule of everything a doctor owns (schedule, settings, profile, patients): only that
 * doctor. Another role gets ROLE_NOT_MATCH, another doctor FORBIDDEN_ACTION.
 */
export async function requireDoctorSelf(c: Context<AppEnv>, doctorId: DoctorId): Promise<Caller & { doctorId: DoctorId }> {
  const caller = await requireDoctor(c)
  if (caller.doctorId !== doctorId) throw new ApiError("FORBIDDEN_ACTION", "A doctor may only act on their own account")
  return caller
}

/** A doctor's own profile and settings (issue 5): PUT /doctors/{id}, PUT /doctors/{id}/settings. */
export function doctorAccountRoutes() {
  const app = new Hono<AppEnv>()

  route(app, doctorAccount.updateDoctor, {
    policy: ({ c, params }) => requireDoctorSelf(c, params.id),
    handle: async ({ c, params, body }) => {
      const { db } = c.get("deps")
      await updateDoctor(db, storageSiteOf(c), params.id, body)
      const doctor = await loadDoctor(db, params.id)
      if (!doctor) throw new ApiError("DOCTOR_NOT_FOUND")
      return doctor
    },
  })

  route(app, doctorAccount.updateDoctorSettings, {
    policy: ({ c, params }) => requireDoctorSelf(c, params.id),
    handle: async ({ c, params, body }) => {
      const doctorId = params.id
      const { db } = c.get("deps")
      const before = await loadDoctorSettings(db, doctorId)
      // The appointments notification is always on for doctors (SPEC §4).
      const notifications = [...new Set(["APPOINTMENTS" as const, ...body.notifications])]
      const row = await saveDoctorSettings(db, doctorId, { ...body, notifications })
      if (!row) throw new ApiError("DOCTOR_SETTINGS_NOT_FOUND")
      // What the settings change among the cached reads is this doctor's (weeks replanned) and every
      // search (a PRIVATE doctor leaves them), not the other doctors' profiles and weeks.
      writesDoctor(c, doctorId)
      // Free slots ahead follow the new spacing and daily maximum; booked ones stay.
      if (row.bufferTime !== before.bufferTime || row.maxDailyAppointment !== before.maxDailyAppointment) {
        await replanFreeSlots(db, doctorId)
      }
      return toDoctorSettings(row)
    },
  })

  return app
}
