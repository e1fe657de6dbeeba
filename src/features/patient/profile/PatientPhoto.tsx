import { useQueryClient } from "@tanstack/react-query"
import type { Patient } from "../../../../schemas/patient.ts"
import { ApiRequestError } from "../../../api/client.ts"
import { afterPatientChange, patientQuery, updatePatient } from "../../../api/patients.ts"
import { ProfilePhotoEditor } from "../../uploads/ProfilePhotoEditor.tsx"
import { photoUpdateOf } from "./patientForm.ts"

/** The patient's photo on the dashboard, changed or deleted in place; photoUrl is saved with PUT /patients/{id}. */
export function PatientPhoto({ patient }: { patient: Patient }) {
  const queryClient = useQueryClient()
  const savePhotoUrl = async (photoUrl: string | null) => {
    const fresh = await queryClient.fetchQuery({ ...patientQuery(patient.id), staleTime: 0 })
    const body = photoUpdateOf(fresh, photoUrl)
    if (!body.ok) throw new ApiRequestError("VALIDATION_ERROR", "The profile needs completing first", null, body.fields)
    await afterPatientChange(queryClient, patient.id, await updatePatient(patient.id, body.value))
  }
  return (
    <ProfilePhotoEditor
      userId={patient.userId}
      photoUrl={patient.photoUrl}
      role="patient"
      name={`${patient.firstName} ${patient.lastName}`}
      savePhotoUrl={savePhotoUrl}
    />
  )
}
