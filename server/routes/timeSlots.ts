import { Hono, type Context } from "hono"
import { Temporal } from "temporal-polyfill"
import { PublicDaySlotsQuery, PublicSlotsQuery, SLOT_RANGE_MAX_DAYS } from "../../schemas/availability.ts"
import { Id, IsoDate } from "../../schemas/fields.ts"
import { optionalCaller } from "../http/auth.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { cachedJson } from "../http/readCache.ts"
import { readParam, readQuery } from "../http/validate.ts"
import { requireDoctorExists } from "../repositories/doctors.ts"
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
 * BOOKED ones (week grids show them as taken). Ranges of at most 62 days.
 */
export function timeSlotsRoutes() {
  const app = new Hono<AppEnv>()

  const read = async (c: Context<AppEnv>, startDate: string, endDate: string, include: string | undefined) => {
    const doctorId = readParam(c, "id", Id)
    checkRange(startDate, endDate)
    const { db } = c.get("deps")
    const caller = await optionalCaller(c)
    const range = { doctorId, startDate, endDate, includeBooked: include === "booked", showAppointments: caller?.doctorId === doctorId }
    const load = async () => {
      await requireDoctorExists(db, doctorId)
      return slotsInRange(db, range)
    }
    // The doctor's own view carries appointment ids: never shared.
    if (range.showAppointments) return c.json(await load())
    return cachedJson(c, `slots:${doctorId}:${startDate}:${endDate}:${range.includeBooked}`, load)
  }

  app.get("/doctor-availability/:id/available-time-slots", async (c) => {
    const query = readQuery(c, PublicSlotsQuery)
    return read(c, query.startDate, query.endDate, query.include)
  })

  app.get("/doctor-availability/:id/available-time-slots/date/:date", async (c) => {
    const date = readParam(c, "date", IsoDate)
    const query = readQuery(c, PublicDaySlotsQuery)
    return read(c, date, date, query.include)
  })

  return app
}
