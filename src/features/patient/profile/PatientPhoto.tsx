import type { Patient } from "../../../../schemas/patient.ts"
import { Avatar } from "../../../layout/Avatar.tsx"

/** The patient's photo on the dashboard (the upload editor replaces it in the photo slice). */
export function PatientPhoto({ patient }: { patient: Patient }) {
  return <Avatar photoUrl={patient.photoUrl} role="patient" size={96} alt={`${patient.firstName} ${patient.lastName}`} />
}
