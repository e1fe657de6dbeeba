import { Hono } from "hono"
import * as holds from "../../schemas/contracts/timeSlotHolds.ts"
import { NO_ID } from "../../schemas/ids.ts"
import { route } from "../http/contract.ts"
import type { AppEnv } from "../http/context.ts"
import { writesSlotsOf } from "../http/readCache.ts"
import { forbidden } from "../http/errors.ts"
import { isDependantOf } from "../repositories/appointmentBooking.ts"
import { holdSlot, releaseSlotHold } from "../repositories/slotHolds.ts"

/**
 * Slot holds (issue 14): POST /time-slots/{id}/hold and DELETE /time-slots/{id}/hold. The booking
 * user holds (a doctor booking for a patient, in their own schedule); a hold changes what the
 * public slot reads show, so each drops its doctors' cached reads.
 */
export function slotHoldsRoutes() {
  const app = new Hono<AppEnv>()

  route(app, holds.holdTimeSlot, {
    handle: async ({ c, caller, params, query }) => {
      const { db, config } = c.get("deps")
      const dependantId = query.dependantId ?? null
      const patientId = caller.role === "PATIENT" ? caller.patientId : null
      if (dependantId !== null && (patientId === null || !(await isDependantOf(db, dependantId, patientId)))) throw forbidden("Not a dependant of this patient")
      const { hold, doctorIds } = await holdSlot(db, {
        slotId: params.id,
        userId: caller.userId,
        ownSchedule: caller.role === "DOCTOR" ? (caller.doctorId ?? NO_ID) : null,
        bookingFor: patientId === null ? null : { patientId, dependantId, limited: config.bookingLimits },
      })
      for (const doctorId of doctorIds) writesSlotsOf(c, doctorId)
      return hold
    },
  })

  route(app, holds.releaseTimeSlotHold, {
    handle: async ({ c, caller, params }) => {
      writesSlotsOf(c, await releaseSlotHold(c.get("deps").db, params.id, caller.userId))
      return { ok: true as const }
    },
  })

  return app
}
