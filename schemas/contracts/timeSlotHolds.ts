import { HoldQuery, SlotHold } from "../availability.ts"
import { endpoint } from "../contract.ts"
import { TimeSlotId, uuid } from "../ids.ts"
import { OkResponse } from "../session.ts"

/*
 * Slot holds (issue 14): the booking wizard holds its slot for SLOT_HOLD_MINUTES while the user
 * reviews and confirms. Handlers: server/routes/slotHolds.ts; client: src/api/slotHolds.ts. The
 * booking user holds: a patient any free slot, a doctor booking for a patient only a slot of
 * their own schedule (FORBIDDEN_ACTION otherwise), as POST /appointments allows.
 */

/**
 * Holds a future AVAILABLE slot for the caller, releasing the caller's previous hold; holding
 * again what one already holds keeps its first end (issue 38). Booked, or held by someone else:
 * TIME_SLOT_ALREADY_BOOKED (409); passed, too many holds, a waitlist offer pending, or (a
 * patient's) booking limits for that person reached: BUSINESS_ERROR with the reason, so the
 * wizard says it on the slot grid before the review (issue 38).
 */
export const holdTimeSlot = endpoint({
  method: "POST",
  path: "/time-slots/:id/hold",
  params: { id: uuid(TimeSlotId) },
  query: HoldQuery,
  response: SlotHold,
  status: 201,
  access: ["PATIENT", "DOCTOR"],
  errors: ["TIME_SLOT_NOT_FOUND", "TIME_SLOT_ALREADY_BOOKED", "BUSINESS_ERROR", "FORBIDDEN_ACTION"],
})

/**
 * Releases the caller's hold of the slot. Nothing to release (never held, expired, booked) is
 * fine; a live hold of someone else is theirs (FORBIDDEN_ACTION).
 */
export const releaseTimeSlotHold = endpoint({
  method: "DELETE",
  path: "/time-slots/:id/hold",
  params: { id: uuid(TimeSlotId) },
  response: OkResponse,
  access: ["PATIENT", "DOCTOR"],
  errors: ["TIME_SLOT_NOT_FOUND", "FORBIDDEN_ACTION"],
})
