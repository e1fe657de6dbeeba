import { Hono } from "hono"
import { Temporal } from "temporal-polyfill"
import { AvailabilityInput, AvailableSlotsQuery } from "../../schemas/availability.ts"
import { Id } from "../../schemas/fields.ts"
import { optionalCaller } from "../http/auth.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { readBody, readParam, readQuery } from "../http/validate.ts"
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

  app.get("/doctor-availability/:doctorId", async (c) => {
    const doctorId = readParam(c, "doctorId", Id)
    const { db } = c.get("deps")
    await requireDoctorExists(db, doctorId)
    const caller = await optionalCaller(c)
    const owner = caller?.doctorId === doctorId
    return c.json(await loadAvailabilities(db, doctorId, owner ? "owner" : "public"))
  })

  // Every slot of a date range with its status and appointment: the doctor's week and day views.
  app.get("/doctor-availability/:doctorId/time-slots", async (c) => {
    const doctorId = readParam(c, "doctorId", Id)
    await requireDoctorSelf(c, doctorId)
    const { startDate, endDate } = readQuery(c, AvailableSlotsQuery)
    const span = Temporal.PlainDate.from(startDate).until(Temporal.PlainDate.from(endDate)).days
    if (span < 0 || span >= RANGE_MAX_DAYS) {
      throw new ApiError("INVALID_PARAMETER", `The range must run forward and span at most ${RANGE_MAX_DAYS} days`, [
        { name: "endDate", message: "validation.dateInvalid" },
      ])
    }
    const { db } = c.get("deps")
    return c.json(await loadTimeSlots(db, doctorId, startDate, endDate, "owner"))
  })

  app.post("/doctor-availability/:doctorId", async (c) => {
    const doctorId = readParam(c, "doctorId", Id)
    await requireDoctorSelf(c, doctorId)
    const input = await readBody(c, AvailabilityInput)
    const { db } = c.get("deps")
    const created = await createAvailability(db, doctorId, input)
    const slots = (await loadAvailabilities(db, doctorId, "owner")).find((a) => a.id === created.id)?.timeSlots ?? []
    return c.json(toAvailability(created, slots), 201)
  })

  app.delete("/doctor-availability/:doctorId/availability/:availabilityId", async (c) => {
    const doctorId = readParam(c, "doctorId", Id)
    const availabilityId = readParam(c, "availabilityId", Id)
    await requireDoctorSelf(c, doctorId)
    const { db } = c.get("deps")
    await deleteAvailability(db, doctorId, availabilityId)
    return c.json({ ok: true as const })
  })

  return app
}
