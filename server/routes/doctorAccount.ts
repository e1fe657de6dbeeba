import type { Context } from "hono"
import { Hono } from "hono"
import { requireDoctor } from "../http/auth.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"

/**
 * The access rule of everything a doctor owns (schedule, settings, profile, patients): only that
 * doctor. Another role gets ROLE_NOT_MATCH, another doctor FORBIDDEN_ACTION.
 */
export async function requireDoctorSelf(c: Context<AppEnv>, doctorId: string): Promise<Caller & { doctorId: string }> {
  const caller = await requireDoctor(c)
  if (caller.doctorId !== doctorId) throw new ApiError("FORBIDDEN_ACTION", "A doctor may only act on their own account")
  return caller
}

/** A doctor's own profile and settings (issue 5): PUT /doctors/{id}, PUT /doctors/{id}/settings. */
export function doctorAccountRoutes() {
  const app = new Hono<AppEnv>()
  return app
}
