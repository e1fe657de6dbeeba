import { Hono } from "hono"
import { Temporal } from "temporal-polyfill"
import { SLOT_RANGE_MAX_DAYS } from "../../schemas/availability.ts"
import * as slots from "../../schemas/contracts/availability.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { cached, jsonReply, route, type Input } from "../http/contract.ts"
import { requireDoctorExists } from "../repositories/doctors.ts"
import { holdsSlotOf } from "../repositories/slotHolds.ts"
import { slotsInRange } from "../repositories/timeSlots.ts"

function checkRange(startDate: string, endDate: string): void {
  const days = Temporal.PlainDate.from(startDate).until(Temporal.PlainDate.from(endDate)).days
  if (days < 0) {
    throw new ApiError("INVALID_PARAMETER", "endDate must not be before startDate", [{ name: "endDate", message: "validation.endAfterStart" }])
  }
  if (days >= SLOT_RANGE_MAX_DAYS) {
    throw new ApiError("INVALID_PARAMETER", `At most ${SLOT_RANGE_MAX_DAYS} days at once`, [{ name: "endDate", message: "validation.invalid" }])
  }
}

/**
 * Public slot reads (issue 3). GET /doctor-availability/{id}/available-time-slots?startDate&endDate
 * and GET .../available-time-slots/date/{date}: AVAILABLE future slots; `include=booked` adds the
 * BOOKED ones (week grids show them as taken). Ranges of at most 62 days. A slot someone else
 * holds (issue 14) is not bookable: left out, or shown as BOOKED; the holder sees it AVAILABLE.
 */
export function timeSlotsRoutes() {
  const app = new Hono<AppEnv>()

  type Read = Pick<Input<typeof slots.getAvailableSlots>, "c" | "params" | "optionalCaller">
  const read = async ({ c, params, optionalCaller }: Read, startDate: string, endDate: string, include: string | undefined) => {
    const doctorId = params.id
    checkRange(startDate, endDate)
    const { db } = c.get("deps")
    const caller = await optionalCaller()
    const showAppointments = caller?.doctorId === doctorId
    // A user holding one of these slots reads them as theirs (the hold AVAILABLE), never from the shared cache.
    const viewer = caller && (showAppointments || (await holdsSlotOf(db, caller.userId, doctorId))) ? caller.userId : null
    const range = { doctorId, startDate, endDate, includeBooked: include === "booked", showAppointments, viewerUserId: viewer }
    // A doctor with slots exists: only an empty range asks whether the doctor does.
    const load = async () => {
      const found = await slotsInRange(db, range)
      if (found.text === "[]") await requireDoctorExists(db, doctorId)
      return found
    }
    // The doctor's own view carries appointment ids, a holder's view their hold: never shared.
    if (viewer !== null) return jsonReply(await load())
    return cached(`slots:${doctorId}:${startDate}:${endDate}:${range.includeBooked}`, load, doctorId)
  }

  route(app, slots.getAvailableSlots, { handle: (input) => read(input, input.query.startDate, input.query.endDate, input.query.include) })

  route(app, slots.getAvailableSlotsOfDate, { handle: (input) => read(input, input.params.date, input.params.date, input.query.include) })

  return app
}
