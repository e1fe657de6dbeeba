import { Hono } from "hono"
import * as contract from "../../schemas/contracts/doctorRequests.ts"
import { addressLimiter } from "../http/clientAddress.ts"
import type { AppEnv } from "../http/context.ts"
import { route, withStatus } from "../http/contract.ts"
import { ApiError } from "../http/errors.ts"
import { createDoctorRequest, managerOf, markDoctorRequestReviewed, pendingDoctorRequestsFor } from "../repositories/doctorRequests.ts"

/** Requests one address may send per window, as for the contact form: enough for a person, not for a script. */
const PER_ADDRESS = 10
const WINDOW_MS = 10 * 60_000

/**
 * "Compte professionnel" (issue 11): a doctor's request to join, public, and the managers' list of
 * the pending ones addressed to their facility or to none. The facility is the manager's row's,
 * never the client's word.
 */
export function doctorRequestsRoutes() {
  const app = new Hono<AppEnv>()
  const allow = addressLimiter(PER_ADDRESS, WINDOW_MS)

  route(app, contract.createDoctorRequest, {
    handle: async ({ c, body }) => {
      if (!allow(c)) {
        throw new ApiError("BUSINESS_ERROR", "Too many requests from this address, try again later", undefined, 429)
      }
      const result = await createDoctorRequest(c.get("deps").db, body)
      if (result === "taken") {
        throw new ApiError("DUPLICATE_ENTRY", "A request from this address is already waiting for review", [
          { name: "email", message: "doctorRequest.pendingEmail" },
        ])
      }
      if (result === "noFacility") {
        throw new ApiError("HEALTHCARE_FACILITY_NOT_FOUND", "This facility does not exist", [{ name: "facilityId", message: "validation.idInvalid" }])
      }
      return withStatus({ id: result.id, status: "PENDING" as const }, 201)
    },
  })

  route(app, contract.listManagerDoctorRequests, {
    handle: async ({ c, caller }) => {
      const db = c.get("deps").db
      const manager = await managerOf(db, caller.userId)
      if (!manager) throw new ApiError("MANAGER_NOT_FOUND")
      return { data: await pendingDoctorRequestsFor(db, manager.facilityId) }
    },
  })

  route(app, contract.reviewDoctorRequest, {
    handle: async ({ c, caller, params }) => {
      const db = c.get("deps").db
      const manager = await managerOf(db, caller.userId)
      if (!manager) throw new ApiError("MANAGER_NOT_FOUND")
      if (!(await markDoctorRequestReviewed(db, params.id, manager.facilityId)))
        throw new ApiError("NOT_FOUND", "No such request for this manager", undefined, 404)
      return { id: params.id, status: "REVIEWED" as const }
    },
  })

  return app
}
