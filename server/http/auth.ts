import type { Context } from "hono"
import type { Role } from "../../schemas/enums.ts"
import { resolveSession } from "../auth/sessions.ts"
import type { AppEnv, Caller } from "./context.ts"
import { ApiError } from "./errors.ts"
import type { DoctorId, PatientId } from "../../schemas/ids.ts"

export function bearerToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header("authorization")
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1]
}

/** The signed-in caller; fails with a session code when the token is missing or not valid. */
export async function requireCaller(c: Context<AppEnv>): Promise<Caller> {
  const cached = c.get("caller")
  if (cached) return cached
  const token = bearerToken(c)
  if (!token) throw new ApiError("TOKEN_NOT_FOUND", "Sign in to continue")
  const caller = await resolveSession(c.get("deps").db, token)
  c.set("caller", caller)
  return caller
}

/** The caller when a valid token was sent; a visitor (undefined) otherwise, for public routes. */
export async function optionalCaller(c: Context<AppEnv>): Promise<Caller | undefined> {
  if (!bearerToken(c)) return undefined
  try {
    return await requireCaller(c)
  } catch (error) {
    if (error instanceof ApiError) return undefined
    throw error
  }
}

/** The caller, who must hold one of the roles; ROLE_NOT_MATCH otherwise. */
export async function requireRole(c: Context<AppEnv>, ...roles: ReadonlyArray<Role>): Promise<Caller> {
  const caller = await requireCaller(c)
  if (!roles.includes(caller.role)) throw new ApiError("ROLE_NOT_MATCH", "This action needs another role")
  return caller
}

export async function requirePatient(c: Context<AppEnv>): Promise<Caller & { patientId: PatientId }> {
  const caller = await requireRole(c, "PATIENT")
  if (!caller.patientId) throw new ApiError("PATIENT_NOT_FOUND")
  return { ...caller, patientId: caller.patientId }
}

export async function requireDoctor(c: Context<AppEnv>): Promise<Caller & { doctorId: DoctorId }> {
  const caller = await requireRole(c, "DOCTOR")
  if (!caller.doctorId) throw new ApiError("DOCTOR_NOT_FOUND")
  return { ...caller, doctorId: caller.doctorId }
}
