import { endpoint } from "../contract.ts"
import { FacilitySearchRequest, FacilitySearchResponse } from "../facility.ts"

/*
 * The healthcare facility directory (issue 3). Handler: server/routes/facilities.ts; clients:
 * src/api/facilities.ts, src/api/facilitiesAdmin.ts.
 */

/** A page of facilities; a POST that only reads. */
export const searchFacilities = endpoint({
  method: "POST",
  path: "/healthcare-facilities/search",
  body: FacilitySearchRequest,
  response: FacilitySearchResponse,
  access: "public",
})
