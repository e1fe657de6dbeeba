import { Hono } from "hono"
import * as doctors from "../../schemas/contracts/doctors.ts"
import type { AppEnv } from "../http/context.ts"
import { cached, route } from "../http/contract.ts"
import { ApiError } from "../http/errors.ts"
import { markReadOnly } from "../http/readCache.ts"
import { searchDoctorsJson } from "../repositories/doctorSearch.ts"
import { loadDoctorJson } from "../repositories/doctors.ts"
import type { DoctorSearchResponse } from "../../schemas/doctor.ts"

/** The doctors a search's page shows (their next availability changes with their slots). */
const doctorsOnPage = (body: string): ReadonlySet<string> => new Set((JSON.parse(body) as DoctorSearchResponse).data.map((doctor) => doctor.id))

/** Doctor search and public profile (issue 3): POST /doctors/search, GET /doctors/{id}, from the read cache, else from the database. */
export function doctorsRoutes() {
  const app = new Hono<AppEnv>()

  route(app, doctors.searchDoctors, {
    handle: async ({ c, body }) => {
      markReadOnly(c)
      const { db } = c.get("deps")
      return cached(`search:${JSON.stringify(body)}`, () => searchDoctorsJson(db, body), doctorsOnPage)
    },
  })

  route(app, doctors.getDoctor, {
    handle: async ({ c, params }) =>
      cached(
        `doctor:${params.id}`,
        async () => {
          const doctor = await loadDoctorJson(c.get("deps").db, params.id)
          if (!doctor) throw new ApiError("DOCTOR_NOT_FOUND", "This doctor does not exist")
          return doctor
        },
        params.id,
      ),
  })

  return app
}
