import { Hono } from "hono"
import * as facilities from "../../schemas/contracts/facilities.ts"
import type { AppEnv } from "../http/context.ts"
import { route } from "../http/contract.ts"
import { markReadOnly } from "../http/readCache.ts"
import { searchFacilities } from "../repositories/facilitySearch.ts"

/** Healthcare facility directory (issue 3): POST /healthcare-facilities/search. */
export function facilitiesRoutes() {
  const app = new Hono<AppEnv>()
  route(app, facilities.searchFacilities, {
    handle: async ({ c, body }) => {
      markReadOnly(c)
      return searchFacilities(c.get("deps").db, body)
    },
  })
  return app
}
