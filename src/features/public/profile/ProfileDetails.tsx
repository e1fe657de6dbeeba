import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { Doctor } from "../../../../schemas/doctor.ts"
import { primaryLocation } from "../common/doctorFacts.ts"
import { Address, Money } from "../../../i18n/format.ts"
import { formatList } from "../../../i18n/formatList.ts"
import type { Language } from "../../../i18n/languages.ts"
import { PhoneLink } from "../../../ui/PhoneLink.tsx"

export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`card profile-section ${className ?? ""}`} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  )
}

/** Email and phone links, facilities, and the primary location's address. */
export function QuickInfo({ doctor }: { doctor: Doctor }) {
  const { t, i18n } = useTranslation()
  const location = primaryLocation(doctor)
  return (
    <Section title={t("doctorProfile.quickInfo")}>
      <dl className="facts">
        <div>
          <dt>{t("doctorProfile.email")}</dt>
          <dd className="email-cell">
            <a href={`mailto:${doctor.email}`} dir="ltr" className="email-link" title={doctor.email}>
              {doctor.email}
            </a>
          </dd>
        </div>
        {doctor.phoneNumber ? (
          <div>
            <dt>{t("doctorProfile.phone")}</dt>
            <dd>
              <PhoneLink phone={doctor.phoneNumber} />
            </dd>
          </div>
        ) : null}
        {doctor.healthcareFacilities.length > 0 ? (
          <div>
            <dt>{t("doctorProfile.facilities")}</dt>
            <dd>
              {formatList(
                doctor.healthcareFacilities.map((f) => f.name),
                i18n.language as Language,
              )}
            </dd>
          </div>
        ) : null}
        {location ? (
          <div>
            <dt>{t("doctorProfile.address")}</dt>
            <dd>
              <Address parts={[location.address, location.city, location.state]} />
            </dd>
          </div>
        ) : null}
        {doctor.website ? (
          <div>
            <dt>{t("doctorProfile.website")}</dt>
            <dd>
              <a href={doctor.website} rel="noopener noreferrer" target="_blank">
                {doctor.website}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </Section>
  )
}

export function Insurance({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation()
  return (
    <Section title={t("doctorProfile.insurance")}>
      {doctor.insuranceAccepted.length > 0 ? (
        <ul className="chips">
          {doctor.insuranceAccepted.map((name) => (
            <li key={name} className="badge">
              {name}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("doctorProfile.noInsurance")}</p>
      )}
    </Section>
  )
}

/** Provided services (clinic, online, home) with their FCFA prices. */
export function Services({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation()
  return (
    <Section title={t("doctorProfile.services")}>
      <ul className="price-list">
        {doctor.providedServices.map((s) => (
          <li key={s.code}>
            <span>{t(`doctorProfile.service.${s.code}`)}</span>
            <strong>
              <Money amount={s.price} />
            </strong>
          </li>
        ))}
      </ul>
    </Section>
  )
}

export function Biography({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation()
  return (
    <Section title={t("doctorProfile.about")}>
      {doctor.biography ? <p className="biography">{doctor.biography}</p> : <p className="muted">{t("doctorProfile.noBiography")}</p>}
      {doctor.education.length > 0 ? (
        <>
          <h3>{t("doctorProfile.education")}</h3>
          <ul>
            {doctor.education.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Section>
  )
}

export function AwardsAndPublications({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation()
  return (
    <>
      <Section title={t("doctorProfile.awards")}>
        {doctor.awards.length > 0 ? (
          <ul className="plain-list">
            {doctor.awards.map((a) => (
              <li key={`${a.title}-${a.year}`}>
                <strong>{a.title}</strong> — {a.issuer} ({a.year})
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("doctorProfile.noAwards")}</p>
        )}
      </Section>
      <Section title={t("doctorProfile.publications")}>
        {doctor.publications.length > 0 ? (
          <ul className="plain-list">
            {doctor.publications.map((p) => (
              <li key={`${p.title}-${p.year}`}>
                {p.url ? (
                  <a href={p.url} rel="noopener noreferrer" target="_blank">
                    {p.title}
                  </a>
                ) : (
                  <strong>{p.title}</strong>
                )}{" "}
                — <em>{p.journal}</em> ({p.year})
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("doctorProfile.noPublications")}</p>
        )}
      </Section>
    </>
  )
}
