import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { Section } from "./ProfileDetails.tsx"
import { Address } from "../../../i18n/format.ts"
import { PhoneLink } from "../../../ui/PhoneLink.tsx"

/** Where the doctor practises: photo, name, partner badge, address, phone, website, care types. */
export function ProfileFacilities({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation()
  if (doctor.healthcareFacilities.length === 0) return null
  return (
    <Section title={t("doctorProfile.facilities")}>
      <ul className="facility-mini-list">
        {doctor.healthcareFacilities.map((f) => (
          <li key={f.id} className="facility-mini">
            {f.photoUrl ? <img src={f.photoUrl} alt="" width={96} height={72} loading="lazy" decoding="async" /> : null}
            <div className="stack">
              <h3>
                {f.name} {f.isPartner ? <span className="badge badge-success">{t("facilities.partner")}</span> : null}
              </h3>
              <p>
                <Address parts={[f.location.address, f.location.city, f.location.state]} />
              </p>
              <p className="row">
                {f.phoneNumber ? <PhoneLink phone={f.phoneNumber} /> : null}
                {f.website ? (
                  <a href={f.website} rel="noopener noreferrer" target="_blank">
                    {t("facilities.website")}
                  </a>
                ) : null}
              </p>
              <ul className="chips" aria-label={t("facilities.careTypes")}>
                {f.careTypes.map((c) => (
                  <li key={c} className="badge">
                    {t(`facilities.careType.${c}`, { defaultValue: c })}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}
