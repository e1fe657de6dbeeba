import { useTranslation } from "react-i18next"
import { decodeWithFields } from "../../../../schemas/decode.ts"
import { type Doctor, DoctorUpdate } from "../../../../schemas/doctor.ts"
import { saveDoctorProfile } from "../../../api/doctorAccount.ts"
import { ApiRequestError } from "../../../api/client.ts"
import { ProfilePhotoEditor } from "../../uploads/ProfilePhotoEditor.tsx"
import { doctorName } from "../../../i18n/doctorText.ts"

/** The doctor's profile as PUT /doctors/{id} takes it, with another photo. */
export function doctorUpdateOf(d: Doctor, photoUrl: string | null) {
  return decodeWithFields(DoctorUpdate, {
    firstName: d.firstName,
    lastName: d.lastName,
    refNumber: d.refNumber ?? "",
    careerStartYear: d.careerStartYear,
    biography: d.biography,
    website: d.website,
    phoneNumber: d.phoneNumber,
    civility: d.civility,
    locations: d.locations,
    providedServices: d.providedServices.map(({ code, price }) => ({ code, price })),
    doctorSpokenLanguages: d.doctorSpokenLanguages,
    insuranceAccepted: d.insuranceAccepted,
    photoUrl,
  })
}

/** The doctor's photo on the profile form: upload or delete, saved with PUT /doctors/{id} (SPEC §6). */
export function DoctorPhoto({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation()
  const savePhotoUrl = async (photoUrl: string | null) => {
    const body = doctorUpdateOf(doctor, photoUrl)
    if (!body.ok) throw new ApiRequestError("VALIDATION_ERROR", "The profile needs completing first", null, body.fields)
    await saveDoctorProfile(doctor.id, body.value)
  }
  return (
    <section className="card form-section" aria-labelledby="photo-title">
      <h2 id="photo-title">{t("doctorProfileEdit.photo")}</h2>
      <ProfilePhotoEditor userId={doctor.userId} photoUrl={doctor.photoUrl} role="doctor" name={doctorName(t, doctor)} savePhotoUrl={savePhotoUrl} />
    </section>
  )
}
