import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { Avatar } from "../../layout/Avatar.tsx"
import { useSessionUser } from "../../session/useSession.ts"
import "../doctor/common/doctorCommon.css"
import "./manager.css"
import { formatPhone } from "../../../schemas/phone.ts"

/** /manager/profile: built only for a manager session (SPEC §6): identity, facility, dashboard link. */
export function ManagerProfilePage() {
  const { t } = useTranslation()
  const user = useSessionUser()
  const manager = user?.metadata.manager
  if (!user || !manager) return null
  const facility = manager.healthcareFacility
  const name = `${user.firstName} ${user.lastName}`
  return (
    <div className="container page stack manager-page">
      <header className="card manager-banner">
        <Avatar photoUrl={user.photoUrl} role="manager" size={88} alt={name} />
        <div className="manager-identity">
          <h1>{name}</h1>
          <p className="muted">{t("manager.role")}</p>
        </div>
        <div className="row">
          <Link to="/manager/dashboard" className="btn btn-primary">
            {t("manager.dashboard")}
          </Link>
          <Link to="/manager/settings" className="btn btn-secondary">
            {t("manager.settings")}
          </Link>
        </div>
      </header>
      <div className="grid-cards">
        <section className="card stack" aria-labelledby="facility-title">
          <h2 id="facility-title" className="section-title">
            {t("manager.facility")}
          </h2>
          {facility ? (
            <p>
              <strong>{facility.name}</strong>
              {facility.city ? <span className="muted"> · {facility.city}</span> : null}
            </p>
          ) : (
            <p className="muted">{t("manager.noFacility")}</p>
          )}
          <div className="row">
            <Link to="/manager/staff" className="btn btn-secondary btn-small">
              {t("manager.staff")}
            </Link>
          </div>
        </section>
        <section className="card stack" aria-labelledby="manager-contact-title">
          <h2 id="manager-contact-title" className="section-title">
            {t("manager.contact")}
          </h2>
          <dl className="info-list">
            <dt>{t("manager.email")}</dt>
            <dd>
              <a href={`mailto:${user.email}`} dir="ltr">
                {user.email}
              </a>
            </dd>
            <dt>{t("manager.phone")}</dt>
            <dd>
              {manager.phoneNumber ? (
                <a href={`tel:${manager.phoneNumber}`} dir="ltr">
                  {formatPhone(manager.phoneNumber)}
                </a>
              ) : (
                "—"
              )}
            </dd>
          </dl>
        </section>
      </div>
    </div>
  )
}
