import type { DoctorPatient, PatientStatus } from "../../../../schemas/doctorPatients.ts"
// From the plain lists, not doctorPatients.ts: this module is in the first load, the schemas are not.
import { PATIENT_STATUSES } from "../../../../schemas/valueLists.ts"
import { either, isNumber, isText } from "../../../routes/search/checks.ts"
import type { LenientSearch } from "../../../routes/search/lenient.ts"

/** The address of the patient list: q (name or id) and status; read leniently (?q=123 is a number). */
export const PatientsSearch = { q: either(isText, isNumber), status: isText }
export type PatientsSearch = LenientSearch<typeof PatientsSearch>

export interface PatientFilters {
  readonly q: string
  readonly status: PatientStatus | null
}

export function patientFiltersOf(search: PatientsSearch): PatientFilters {
  const status = String(search.status ?? "").toUpperCase()
  return {
    q: search.q === undefined ? "" : String(search.q),
    status: PATIENT_STATUSES.includes(status as PatientStatus) ? (status as PatientStatus) : null,
  }
}

/** The address for some filters: empty ones are left out. */
export const patientSearchOf = (f: PatientFilters): PatientsSearch => ({
  ...(f.q.trim() ? { q: f.q } : {}),
  ...(f.status ? { status: f.status } : {}),
})

/** SPEC §2: text search case-insensitive on the name or the id, and the status filter. */
export function filterPatients(list: ReadonlyArray<DoctorPatient>, f: PatientFilters): DoctorPatient[] {
  const q = f.q.trim().toLowerCase()
  return list.filter(
    (p) =>
      (!f.status || p.status.toUpperCase() === f.status) &&
      (!q ||
        `${p.firstName} ${p.lastName}`.toLowerCase().includes(q) ||
        `${p.lastName} ${p.firstName}`.toLowerCase().includes(q) ||
        p.id.toLowerCase().includes(q)),
  )
}
