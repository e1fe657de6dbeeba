import { endpoint } from "../contract.ts"
import { Doctor, DoctorSearchRequest, DoctorSearchResponse } from "../doctor.ts"
import { DoctorId, uuid } from "../ids.ts"

/*
 * Doctor search and public profile (SPEC §7, issue 3), both served from the read cache.
 * Handlers: server/routes/doctors.ts; client: src/api/doctors.ts (and the landing page's top
 * doctors, src/features/public/landing/topDoctors.ts, through a lighter answer schema).
 */

/** A page of doctors for the search; a POST that only reads. */
export const searchDoctors = endpoint({ method: "POST", path: "/doctors/search", body: DoctorSearchRequest, response: DoctorSearchResponse, access: "public" })

/** A doctor's public profile. */
export const getDoctor = endpoint({
  method: "GET",
  path: "/doctors/:id",
  params: { id: uuid(DoctorId) },
  response: Doctor,
  access: "public",
  errors: ["DOCTOR_NOT_FOUND"],
})
