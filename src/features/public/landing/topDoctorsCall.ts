import * as Schema from "effect/Schema"
import type { searchDoctors } from "../../../../schemas/contracts/doctors.ts"
import type { DoctorSearchRequest } from "../../../../schemas/doctor.ts"
import { callApiAs } from "../../../api/client.ts"
import { DoctorId } from "../../../../schemas/ids.ts"

/**
 * Just what the home page shows of a doctor. The landing reads the same POST /doctors/search as
 * the search page but decodes only these fields (the rest of the answer is ignored): the full
 * doctor schemas would cost the first load more than the whole section is worth. So the contract
 * is named by type only, and its method and path checked against it.
 */
export const TopDoctor = Schema.Struct({
  id: DoctorId,
  firstName: Schema.String,
  lastName: Schema.String,
  photoUrl: Schema.NullOr(Schema.String),
  averageRate: Schema.Number,
  specialties: Schema.Array(Schema.Struct({ code: Schema.String, label: Schema.String })),
  locations: Schema.Array(Schema.Struct({ city: Schema.String, isPrimary: Schema.Boolean })),
})
export type TopDoctor = typeof TopDoctor.Type

const TopDoctorsResponse = Schema.Struct({ data: Schema.Array(TopDoctor) })

/** The search asked for the top doctors, through the light schema above. */
export const fetchTopDoctors = (request: DoctorSearchRequest) =>
  callApiAs<typeof searchDoctors, typeof TopDoctorsResponse>({ method: "POST", path: "/doctors/search" }, TopDoctorsResponse, { body: request })
