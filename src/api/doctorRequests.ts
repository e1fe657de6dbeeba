import { queryOptions } from "@tanstack/react-query"
import { createDoctorRequest, listManagerDoctorRequests, reviewDoctorRequest } from "../../schemas/contracts/doctorRequests.ts"
import type { DoctorRequestInput } from "../../schemas/doctorRequest.ts"
import { searchFacilities } from "../../schemas/contracts/facilities.ts"
import { callApi } from "./client.ts"
import type { DoctorRequestId } from "../../schemas/ids.ts"

/** POST /doctor-requests: a doctor's request for a professional account. */
export const sendDoctorRequest = (body: DoctorRequestInput) => callApi(createDoctorRequest, { body })

/** The facilities a doctor may ask to join, by name (the directory holds a few dozen; one page of 100). */
export const joinableFacilitiesQuery = () =>
  queryOptions({
    queryKey: ["facilities", "joinable"] as const,
    queryFn: ({ signal }) =>
      callApi(searchFacilities, { body: { paginationSettings: { offset: 0, limit: 100 }, sortBy: { property: "name", order: "asc" } }, signal }),
    select: (page) => page.data.map((f) => ({ id: f.id, name: f.name, city: f.location.city })),
    staleTime: 10 * 60_000,
  })

/** GET /manager/doctor-requests: the pending requests the signed-in manager is to review. */
export const managerDoctorRequestsQuery = () =>
  queryOptions({
    queryKey: ["manager", "doctorRequests"] as const,
    queryFn: ({ signal }) => callApi(listManagerDoctorRequests, { signal }),
  })

/** PUT /manager/doctor-requests/:id/review: the request leaves the manager's pending list. */
export const markDoctorRequestReviewed = (id: DoctorRequestId) => callApi(reviewDoctorRequest, { params: { id } })
