import { Hono } from "hono"
import type { SessionResponse } from "../../schemas/session.ts"
import { ChangePasswordRequest } from "../../schemas/session.ts"
import { verifyCurrentPassword } from "../auth/credentialChecks.ts"
import { hashPassword } from "../auth/passwords.ts"
import { revokeAllSessions, revokeSession } from "../auth/sessions.ts"
import type { Db } from "../db/client.ts"
import { toUtcSeconds } from "../db/time.ts"
import { requireCaller, requireRole } from "../http/auth.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { readBody } from "../http/validate.ts"
import { appointmentsOfDoctor, appointmentsOfPatient } from "../repositories/appointments.ts"
import { loadDoctor } from "../repositories/doctors.ts"
import { loadPatient } from "../repositories/patients.ts"
import { loadDoctorSettings } from "../repositories/settings.ts"
import { facilityOfManager, findUser, setPasswordHash } from "../repositories/users.ts"
import { markReadOnly } from "../http/readCache.ts"

/** The signed-in user with the record of their role, as GET /session answers it. */
export async function buildSession(db: Db, caller: Caller): Promise<SessionResponse> {
  const user = await findUser(db, caller.userId)
  if (!user) throw new ApiError("USER_NOT_FOUND")
  const base = {
    id: user.id,
    email: user.email,
    roleName: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    photoUrl: user.photoUrl,
  }
  if (caller.patientId) {
    const [patient, appointments] = await Promise.all([loadPatient(db, caller.patientId), appointmentsOfPatient(db, caller.patientId)])
    if (!patient) throw new ApiError("PATIENT_NOT_FOUND")
    return { ...base, settings: patient.settings, metadata: { patient }, appointments }
  }
  if (caller.doctorId) {
    const [doctor, settings, appointments] = await Promise.all([
      loadDoctor(db, caller.doctorId),
      loadDoctorSettings(db, caller.doctorId),
      appointmentsOfDoctor(db, caller.doctorId),
    ])
    if (!doctor) throw new ApiError("DOCTOR_NOT_FOUND")
    return { ...base, settings, metadata: { doctor }, appointments }
  }
  if (user.role === "MANAGER") {
    const facility = await facilityOfManager(db, user.id)
    return {
      ...base,
      settings: null,
      metadata: {
        manager: {
          phoneNumber: user.phoneNumber,
          healthcareFacility: facility ? { id: facility.id, name: facility.name, city: facility.city } : null,
        },
      },
      appointments: [],
    }
  }
  return { ...base, settings: null, metadata: {}, appointments: [] }
}

export function sessionRoutes() {
  const app = new Hono<AppEnv>()

  app.post("/validate-session", async (c) => {
    const caller = await requireCaller(c)
    markReadOnly(c)
    return c.json({
      sessionId: caller.sessionId,
      expiresAt: toUtcSeconds(caller.expiresAt),
      sessionStatus: "VALID_SESSION" as const,
    })
  })

  app.get("/session", async (c) => {
    const caller = await requireCaller(c)
    return c.json(await buildSession(c.get("deps").db, caller))
  })

  app.get("/logout", async (c) => {
    const caller = await requireCaller(c)
    await revokeSession(c.get("deps").db, caller.sessionId)
    return c.json({ ok: true as const })
  })

  app.post("/account/change-password", async (c) => {
    // Managers may not change their password here (SPEC §2, §6).
    const caller = await requireRole(c, "PATIENT", "DOCTOR")
    const body = await readBody(c, ChangePasswordRequest)
    const { db } = c.get("deps")
    await verifyCurrentPassword(c, caller.userId, body.oldPassword, "oldPassword")
    await setPasswordHash(db, caller.userId, await hashPassword(body.newPassword))
    await revokeAllSessions(db, caller.userId)
    return c.json({ ok: true as const })
  })

  return app
}
