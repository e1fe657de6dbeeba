import { Hono } from "hono"
import * as session from "../../schemas/contracts/session.ts"
import type { SessionResponse } from "../../schemas/session.ts"
import { verifyCurrentPassword } from "../auth/credentialChecks.ts"
import { hashPassword } from "../auth/passwords.ts"
import { revokeAllSessions, revokeSession } from "../auth/sessions.ts"
import type { Db } from "../db/client.ts"
import { toUtcSeconds } from "../db/time.ts"
import { route } from "../http/contract.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError } from "../http/errors.ts"
import { appointmentsOfDoctor, appointmentsOfPatient } from "../repositories/appointments.ts"
import { loadDoctor } from "../repositories/doctors.ts"
import { loadPatient } from "../repositories/patients.ts"
import { loadDoctorSettings } from "../repositories/settings.ts"
import { facilityOfManager, findUser, setPasswordHash } from "../repositories/users.ts"
import { markReadOnly } from "../http/readCache.ts"
import { deleteFeed } from "../repositories/calendarFeeds.ts"
import { inTransaction } from "../db/transaction.ts"

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

/** The session calls of SPEC §7 (schemas/contracts/session.ts). */
export function sessionRoutes() {
  const app = new Hono<AppEnv>()

  route(app, session.validateSession, {
    handle: async ({ c, caller }) => {
      markReadOnly(c)
      return { sessionId: caller.sessionId, expiresAt: toUtcSeconds(caller.expiresAt), sessionStatus: "VALID_SESSION" as const }
    },
  })

  route(app, session.getSession, { handle: ({ c, caller }) => buildSession(c.get("deps").db, caller) })

  route(app, session.logout, {
    handle: async ({ c, caller }) => {
      await revokeSession(c.get("deps").db, caller.sessionId)
      return { ok: true as const }
    },
  })

  // Managers may not change their password here (SPEC §2, §6): the contract's access says so.
  route(app, session.changePassword, {
    handle: async ({ c, caller, body }) => {
      const { db } = c.get("deps")
      await verifyCurrentPassword(c, caller.userId, body.oldPassword, "oldPassword")
      const passwordHash = await hashPassword(body.newPassword)
      // Whoever knew the old password may hold a session or the calendar feed's address: all of
      // them end with it (issue 38), the caller's own session too (SPEC §7 signs the user out).
      // The feed is revoked, not replaced: its address is shown only when made, so the owner makes
      // a new one in the settings.
      await inTransaction(db, async (tx) => {
        await setPasswordHash(tx, caller.userId, passwordHash)
        await revokeAllSessions(tx, caller.userId)
        await deleteFeed(tx, caller.userId)
      })
      return { ok: true as const }
    },
  })

  return app
}
