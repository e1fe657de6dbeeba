import type { TimeSlot } from "../../schemas/availability.ts"
import type { DependantId } from "../../schemas/ids.ts"
import { holdTimeSlot, releaseTimeSlotHold } from "../../schemas/contracts/timeSlotHolds.ts"
import { armApiCallForUnload, callApi, callApiOnUnload } from "./client.ts"

/**
 * POST /time-slots/{id}/hold: the slot held for the signed-in user (SLOT_HOLD_MINUTES), their
 * previous hold released; a patient says for whom (a dependant, or themself), whose booking limits it checks.
 */
export const holdSlot = (timeSlotId: TimeSlot["id"], dependantId: DependantId | null = null) =>
  callApi(holdTimeSlot, { params: { id: timeSlotId }, query: dependantId === null ? {} : { dependantId } })

/** DELETE /time-slots/{id}/hold: the user's hold let go (nothing held is fine). */
export const releaseSlot = (timeSlotId: TimeSlot["id"]) => callApi(releaseTimeSlotHold, { params: { id: timeSlotId } })

/** The same, from a page being closed or left: sent with `keepalive`, no answer awaited. */
export const releaseSlotOnUnload = (timeSlotId: TimeSlot["id"]) => callApiOnUnload(releaseTimeSlotHold, { id: timeSlotId })

/** The same, armed while the slot is held: the browser sends it if the page goes away (null where it cannot). */
export const armSlotRelease = (timeSlotId: TimeSlot["id"]) => armApiCallForUnload(releaseTimeSlotHold, { id: timeSlotId })
