import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { Avatar } from "../../../layout/Avatar.tsx"

/** The doctor's profile photo on the profile form. */
export function DoctorPhoto({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation()
  return (
    <section className="card form-section" aria-labelledby="photo-title">
      <h2 id="photo-title">{t("doctorProfileEdit.photo")}</h2>
      <Avatar photoUrl={doctor.photoUrl} role="doctor" size={96} alt={t("doctorProfileEdit.photoAlt")} />
    </section>
  )
}
