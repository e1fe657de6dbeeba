import { Hono } from "hono"
import { DoctorSearchRequest } from "../../schemas/doctor.ts"
import { Id } from "../../schemas/fields.ts"
import type { AppEnv } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { cachedJson, markReadOnly } from "../http/readCache.ts"
import { readBody, readParam } from "../http/validate.ts"
import { searchDoctors } from "../repositories/doctorSearch.ts"
import { loadDoctor } from "../repositories/doctors.ts"

/** Doctor search and public profile (issue 3): POST /doctors/search, GET /doctors/{id}. */
export function doctorsRoutes() {
  const app = new Hono<AppEnv>()

  app.post("/doctors/search", async (c) => {
    const body = await readBody(c, DoctorSearchRequest)
    markReadOnly(c)
    return cachedJson(c, `search:${JSON.stringify(body)}`, () => searchDoctors(c.get("deps").db, body))
  })

  app.get("/doctors/:id", async (c) => {
    const id = readParam(c, "id", Id)
    return cachedJson(c, `doctor:${id}`, async () => {
      const doctor = await loadDoctor(c.get("deps").db, id)
      if (!doctor) throw new ApiError("DOCTOR_NOT_FOUND", "This doctor does not exist")
      return doctor
    })
  })

  return app
}
