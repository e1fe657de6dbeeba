import { endpoint } from "../contract.ts"
import { DoctorId, Id, uuid } from "../ids.ts"
import { OkResponse } from "../session.ts"
import { JoinSlotWaitlistRequest, SlotWaitlistCount, SlotWaitlistEntry, SlotWaitlistEntryList } from "../slotWaitlist.ts"

/*
 * The freed-slot waitlist (issue 14). Handlers: server/routes/slotWaitlists.ts. Offers are made by
 * the gateway's jobs (server/waitlist/), never by a call: a patient accepts one by booking its slot
 * (or moving the appointment to it), which their hold allows.
 */

/**
 * Joins a doctor's waitlist, for the caller or one of their dependants: earlier than one of their
 * confirmed appointments with that doctor, or between two dates (today or later, at most 62 days).
 * One entry per person and doctor (DUPLICATE_ENTRY).
 */
export const joinSlotWaitlist = endpoint({
  method: "POST",
  path: "/slot-waitlists",
  body: JoinSlotWaitlistRequest,
  response: SlotWaitlistEntry,
  status: 201,
  access: ["PATIENT"],
  errors: ["DOCTOR_NOT_FOUND", "APPOINTMENT_NOT_FOUND", "DUPLICATE_ENTRY", "FORBIDDEN_ACTION", "BUSINESS_ERROR"],
})

/** The caller's entries, each with its live offer. */
export const listSlotWaitlists = endpoint({
  method: "GET",
  path: "/slot-waitlists",
  response: SlotWaitlistEntryList,
  access: ["PATIENT"],
  errors: [],
})

/** Leaves a waitlist (its live offer, if any, passes to the next in line). */
export const leaveSlotWaitlist = endpoint({
  method: "DELETE",
  path: "/slot-waitlists/:id",
  params: { id: Id },
  response: OkResponse,
  access: ["PATIENT"],
  errors: ["NOT_FOUND", "FORBIDDEN_ACTION"],
})

/** Declines a live offer: the slot passes to the next in line; the entry keeps waiting. */
export const declineSlotOffer = endpoint({
  method: "POST",
  path: "/slot-offers/:id/decline",
  params: { id: Id },
  response: OkResponse,
  access: ["PATIENT"],
  errors: ["NOT_FOUND", "FORBIDDEN_ACTION", "BUSINESS_ERROR"],
})

/** How many wait for the doctor: the doctor's own count. */
export const doctorSlotWaitlistCount = endpoint({
  method: "GET",
  path: "/doctors/:id/slot-waitlist",
  params: { id: uuid(DoctorId) },
  response: SlotWaitlistCount,
  access: ["DOCTOR"],
  errors: ["FORBIDDEN_ACTION"],
})
