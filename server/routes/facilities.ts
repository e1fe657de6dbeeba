import { Hono } from "hono"
import { FacilitySearchRequest } from "../../schemas/facility.ts"
import type { AppEnv } from "../http/context.ts"
import { markReadOnly } from "../http/readCache.ts"
import { readBody } from "../http/validate.ts"
import { searchFacilities } from "../repositories/facilitySearch.ts"

/** Healthcare facility directory (issue 3): POST /healthcare-facilities/search. */
export function facilitiesRoutes() {
  const app = new Hono<AppEnv>()
  app.post("/healthcare-facilities/search", async (c) => {
    const body = await readBody(c, FacilitySearchRequest)
    markReadOnly(c)
    return c.json(await searchFacilities(c.get("deps").db, body))
  })
  return app
}
