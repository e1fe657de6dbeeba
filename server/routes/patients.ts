import { Hono } from "hono"
import { Temporal } from "temporal-polyfill"
import * as patients from "../../schemas/contracts/patients.ts"
import { canonicalEmail } from "../../schemas/fields.ts"
import type { Db } from "../db/client.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError, forbidden } from "../http/errors.ts"
import { route } from "../http/contract.ts"
import { mailLanguageOf, startEmailChange } from "../accounts/emailChange.ts"
import { sendPhoneCode } from "../verification/send.ts"
import { cancelEmailChange } from "../repositories/emailChanges.ts"
import { loadPatient } from "../repositories/patients.ts"
import {
  addEmergencyContact,
  addMedicalRecord,
  deleteEmergencyContact,
  deleteMedicalRecord,
  savePatientSettings,
  updateEmergencyContact,
  updatePatientProfile,
} from "../repositories/patientUpdates.ts"
import { requireOwnAttachments, requireOwnPhotoUrl, storageSiteOf } from "../storage/ownedUrls.ts"
import type { PatientId } from "../../schemas/ids.ts"

type Self = Caller & { patientId: PatientId }

/** Access policy: a patient reads and writes only their own record; any other id is FORBIDDEN_ACTION. */
async function requireSelf(caller: Caller, id: string): Promise<Self> {
  if (!caller.patientId || caller.patientId !== id) throw forbidden("This patient record is not yours")
  return { ...caller, patientId: caller.patientId }
}

async function requirePatientCaller(caller: Caller): Promise<Self> {
  if (!caller.patientId) throw new ApiError("PATIENT_NOT_FOUND")
  return { ...caller, patientId: caller.patientId }
}

async function patientOrFail(db: Db, patientId: PatientId) {
  const patient = await loadPatient(db, patientId)
  if (!patient) throw new ApiError("PATIENT_NOT_FOUND")
  return patient
}

/** The policy of every route under /patients/{id}. */
const self = ({ caller, params }: { caller: Caller; params: { id: string } }) => requireSelf(caller, params.id)

/** Patient records (SPEC §3, §7): profile, settings, emergency contacts, medical records. */
export function patientsRoutes() {
  const app = new Hono<AppEnv>()

  route(app, patients.getPatient, { policy: self, handle: ({ c, granted }) => patientOrFail(c.get("deps").db, granted.patientId) })

  route(app, patients.updatePatient, {
    policy: self,
    handle: async ({ c, granted, body }) => {
      const { db } = c.get("deps")
      const current = await patientOrFail(db, granted.patientId)
      await requireOwnPhotoUrl(db, storageSiteOf(c), body.photoUrl, current.photoUrl, granted.userId)
      if (body.email !== canonicalEmail(current.email)) {
        await startEmailChange(c, { id: granted.userId, email: current.email, firstName: current.firstName }, body.email, body.currentPassword)
      }
      const { phoneChanged } = await updatePatientProfile(db, granted.patientId, granted.userId, body)
      // A new number is sent its code at once (within the limits; the profile can ask again).
      if (phoneChanged && body.phoneNumber) await sendPhoneCode(c, granted.userId, mailLanguageOf(c)).catch(() => undefined)
      return { data: await patientOrFail(db, granted.patientId) }
    },
  })

  // Withdraws a sign-in address asked for and not confirmed: its link stops working.
  route(app, patients.withdrawEmailChange, {
    policy: self,
    handle: async ({ c, granted }) => {
      const { db } = c.get("deps")
      await cancelEmailChange(db, granted.userId)
      return { data: await patientOrFail(db, granted.patientId) }
    },
  })

  route(app, patients.updatePatientSettings, {
    policy: self,
    handle: ({ c, granted, body }) => savePatientSettings(c.get("deps").db, granted.patientId, body),
  })

  route(app, patients.addEmergencyContact, {
    policy: self,
    handle: ({ c, granted, body }) => addEmergencyContact(c.get("deps").db, granted.patientId, body),
  })

  // By the contact's id: the repository checks that it is the caller's.
  route(app, patients.updateEmergencyContact, {
    policy: ({ caller }) => requirePatientCaller(caller),
    handle: ({ c, granted, params, body }) => updateEmergencyContact(c.get("deps").db, granted.patientId, params.id, body),
  })

  route(app, patients.deleteEmergencyContact, {
    policy: self,
    handle: async ({ c, granted, params }) => {
      await deleteEmergencyContact(c.get("deps").db, granted.patientId, params.contactId)
      return { ok: true as const }
    },
  })

  route(app, patients.addMedicalRecord, {
    policy: self,
    handle: async ({ c, granted, body }) => {
      const { db } = c.get("deps")
      await requireOwnAttachments(db, storageSiteOf(c), body.attachments, granted.userId)
      const id = await addMedicalRecord(db, granted.patientId, body, Temporal.Now.plainDateISO("Africa/Dakar").toString())
      const record = (await patientOrFail(db, granted.patientId)).medicalRecords.find((r) => r.id === id)
      if (!record) throw new ApiError("NOT_FOUND", "No such medical record")
      return record
    },
  })

  route(app, patients.deleteMedicalRecord, {
    policy: self,
    handle: async ({ c, granted, params }) => {
      await deleteMedicalRecord(c.get("deps").db, granted.patientId, params.recordId)
      return { ok: true as const }
    },
  })

  return app
}
