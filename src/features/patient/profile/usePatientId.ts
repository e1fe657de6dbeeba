import { useSessionUser } from "../../../session/useSession.ts"

/** The signed-in patient's id; the patient layout guarantees a patient session. */
export function usePatientId(): string {
  const id = useSessionUser()?.metadata.patient?.id
  if (!id) throw new Error("Patient ID is required")
  return id
}
