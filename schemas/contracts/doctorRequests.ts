import { endpoint } from "../contract.ts"
import { DoctorRequestCreated, DoctorRequestInput, DoctorRequestList, DoctorRequestReviewed } from "../doctorRequest.ts"
import { DoctorRequestId, uuid } from "../ids.ts"

/*
 * Requests for a professional account (issue 11, "Compte professionnel"). Handler:
 * server/routes/doctorRequests.ts; clients: src/api/doctorRequests.ts, src/api/managerDoctorRequests.ts.
 */

/** A doctor asks to join; a second pending request from one address: DUPLICATE_ENTRY (409); too many from one address: BUSINESS_ERROR (429). */
export const createDoctorRequest = endpoint({
  method: "POST",
  path: "/doctor-requests",
  body: DoctorRequestInput,
  response: DoctorRequestCreated,
  status: 201,
  access: "public",
  errors: ["DUPLICATE_ENTRY", "BUSINESS_ERROR", "HEALTHCARE_FACILITY_NOT_FOUND"],
})

/** The pending requests addressed to the calling manager's facility, and those addressed to none. */
export const listManagerDoctorRequests = endpoint({
  method: "GET",
  path: "/manager/doctor-requests",
  response: DoctorRequestList,
  access: ["MANAGER"],
  errors: ["MANAGER_NOT_FOUND"],
})

/**
 * A manager marks a request they can read as reviewed (it leaves the pending list); one addressed
 * to another facility is NOT_FOUND, as if it did not exist. Marking it again answers the same.
 */
export const reviewDoctorRequest = endpoint({
  method: "PUT",
  path: "/manager/doctor-requests/:id/review",
  params: { id: uuid(DoctorRequestId) },
  response: DoctorRequestReviewed,
  access: ["MANAGER"],
  errors: ["MANAGER_NOT_FOUND", "NOT_FOUND"],
})
