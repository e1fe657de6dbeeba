import { Hono, type Context } from "hono"
import { Temporal } from "temporal-polyfill"
import { canonicalEmail, Id } from "../../schemas/fields.ts"
import { EmergencyContactInput, MedicalRecordInput, PatientUpdate } from "../../schemas/patient.ts"
import { PatientSettings } from "../../schemas/settings.ts"
import type { Db } from "../db/client.ts"
import { requireRole } from "../http/auth.ts"
import type { AppEnv, Caller } from "../http/context.ts"
import { ApiError, forbidden } from "../http/errors.ts"
import { readBody, readParam } from "../http/validate.ts"
import { startEmailChange } from "../accounts/emailChange.ts"
import { cancelEmailChange } from "../repositories/emailChanges.ts"
import { loadPatient } from "../repositories/patients.ts"
import {
  addEmergencyContact,
  addMedicalRecord,
  deleteMedicalRecord,
  savePatientSettings,
  updateEmergencyContact,
  updatePatientProfile,
} from "../repositories/patientUpdates.ts"
import { requireOwnAttachments, requireOwnPhotoUrl, storageSiteOf } from "../storage/ownedUrls.ts"

type Self = Caller & { patientId: string }

/** Access policy: a patient reads and writes only their own record; any other id is FORBIDDEN_ACTION. */
async function requireSelf(c: Context<AppEnv>): Promise<Self> {
  const caller = await requireRole(c, "PATIENT")
  const id = readParam(c, "id", Id)
  if (!caller.patientId || caller.patientId !== id) throw forbidden("This patient record is not yours")
  return { ...caller, patientId: caller.patientId }
}

async function requirePatientCaller(c: Context<AppEnv>): Promise<Self> {
  const caller = await requireRole(c, "PATIENT")
  if (!caller.patientId) throw new ApiError("PATIENT_NOT_FOUND")
  return { ...caller, patientId: caller.patientId }
}

async function patientOrFail(db: Db, patientId: string) {
  const patient = await loadPatient(db, patientId)
  if (!patient) throw new ApiError("PATIENT_NOT_FOUND")
  return patient
}

/** Patient records (SPEC §3, §7): profile, settings, emergency contacts, medical records. */
export function patientsRoutes() {
  const app = new Hono<AppEnv>()

  app.get("/patients/:id", async (c) => {
    const self = await requireSelf(c)
    return c.json(await patientOrFail(c.get("deps").db, self.patientId))
  })

  app.put("/patients/:id", async (c) => {
    const self = await requireSelf(c)
    const body = await readBody(c, PatientUpdate)
    const { db } = c.get("deps")
    const current = await patientOrFail(db, self.patientId)
    await requireOwnPhotoUrl(db, storageSiteOf(c), body.photoUrl, current.photoUrl, self.userId)
    if (body.email !== canonicalEmail(current.email)) {
      await startEmailChange(c, { id: self.userId, email: current.email, firstName: current.firstName }, body.email, body.currentPassword)
    }
    await updatePatientProfile(db, self.patientId, self.userId, body)
    return c.json({ data: await patientOrFail(db, self.patientId) })
  })

  // Withdraws a sign-in address asked for and not confirmed: its link stops working.
  app.delete("/patients/:id/email-change", async (c) => {
    const self = await requireSelf(c)
    const { db } = c.get("deps")
    await cancelEmailChange(db, self.userId)
    return c.json({ data: await patientOrFail(db, self.patientId) })
  })

  app.put("/patients/:id/settings", async (c) => {
    const self = await requireSelf(c)
    const body = await readBody(c, PatientSettings)
    return c.json(await savePatientSettings(c.get("deps").db, self.patientId, body))
  })

  app.post("/patients/:id/emergency-contacts", async (c) => {
    const self = await requireSelf(c)
    const body = await readBody(c, EmergencyContactInput)
    return c.json(await addEmergencyContact(c.get("deps").db, self.patientId, body), 201)
  })

  app.put("/patients/emergency-contacts/:id", async (c) => {
    const self = await requirePatientCaller(c)
    const contactId = readParam(c, "id", Id)
    const body = await readBody(c, EmergencyContactInput)
    return c.json(await updateEmergencyContact(c.get("deps").db, self.patientId, contactId, body))
  })

  app.post("/patients/:id/medical-records", async (c) => {
    const self = await requireSelf(c)
    const body = await readBody(c, MedicalRecordInput)
    const { db } = c.get("deps")
    await requireOwnAttachments(db, storageSiteOf(c), body.attachments, self.userId)
    const id = await addMedicalRecord(db, self.patientId, body, Temporal.Now.plainDateISO("Africa/Dakar").toString())
    const patient = await patientOrFail(db, self.patientId)
    return c.json(
      patient.medicalRecords.find((r) => r.id === id),
      201,
    )
  })

  app.delete("/patients/:id/medical-records/:recordId", async (c) => {
    const self = await requireSelf(c)
    const recordId = readParam(c, "recordId", Id)
    await deleteMedicalRecord(c.get("deps").db, self.patientId, recordId)
    return c.json({ ok: true as const })
  })

  return app
}
