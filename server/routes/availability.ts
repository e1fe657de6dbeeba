import { Hono } from "hono"
import { Temporal } from "temporal-polyfill"
import * as availability from "../../schemas/contracts/availability.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { route } from "../http/contract.ts"
import { writesDoctor } from "../http/readCache.ts"
import { loadAvailabilities, loadTimeSlots, toAvailability } from "../scheduling/schedule.ts"
import { createAvailability, deleteAvailability } from "../repositories/availabilities.ts"
import { requireDoctorSelf } from "./doctorAccount.ts"
import { requireDoctorExists } from "../repositories/doctors.ts"

/** The longest range the doctor's slot read answers at once (a month view and a bit). */
const RANGE_MAX_DAYS = 62

/**
 * A doctor's availability (issue 5). GET /doctor-availability/{id} is public, since patients book
 * from it, but only the doctor sees BOOKED slots and their appointments; visitors see free future
 * slots. Writes and the full slot read are the doctor's own.
 */
export function availabilityRoutes() {
  const app = new Hono<AppEnv>()

  route(app, availability.getAvailability, {
    handle: async ({ c, params, optionalCaller }) => {
      const { db } = c.get("deps")
      await requireDoctorExists(db, params.doctorId)
      const owner = (await optionalCaller())?.doctorId === params.doctorId
      return loadAvailabilities(db, params.doctorId, owner ? "owner" : "public")
    },
  })

  // Every slot of a date range with its status and appointment: the doctor's week and day views.
  route(app, availability.getScheduleSlots, {
    policy: ({ c, params }) => requireDoctorSelf(c, params.doctorId),
    handle: async ({ c, params, query: { startDate, endDate } }) => {
      const span = Temporal.PlainDate.from(startDate).until(Temporal.PlainDate.from(endDate)).days
      if (span < 0 || span >= RANGE_MAX_DAYS) {
        throw new ApiError("INVALID_PARAMETER", `The range must run forward and span at most ${RANGE_MAX_DAYS} days`, [
          { name: "endDate", message: "validation.dateInvalid" },
        ])
      }
      return loadTimeSlots(c.get("deps").db, params.doctorId, startDate, endDate, "owner")
    },
  })

  route(app, availability.createAvailability, {
    policy: ({ c, params }) => requireDoctorSelf(c, params.doctorId),
    handle: async ({ c, params: { doctorId }, body }) => {
      const { db } = c.get("deps")
      writesDoctor(c, doctorId)
      const created = await createAvailability(db, doctorId, body)
      const slots = (await loadAvailabilities(db, doctorId, "owner")).find((a) => a.id === created.id)?.timeSlots ?? []
      return toAvailability(created, slots)
    },
  })

  route(app, availability.deleteAvailability, {
    policy: ({ c, params }) => requireDoctorSelf(c, params.doctorId),
    handle: async ({ c, params }) => {
      writesDoctor(c, params.doctorId)
      await deleteAvailability(c.get("deps").db, params.doctorId, params.availabilityId)
      return { ok: true as const }
    },
  })

  return app
}
