import { useSessionUser } from "../../../session/useSession.ts"
import type { PatientId } from "../../../../schemas/ids.ts"

/** The signed-in patient's id; the patient layout guarantees a patient session. */
export function usePatientId(): PatientId {
  const id = useSessionUser()?.metadata.patient?.id
  if (!id) throw new Error("Patient ID is required")
  return id
}
