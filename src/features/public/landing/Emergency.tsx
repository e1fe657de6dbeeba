import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import { useSessionUser } from "../../../session/useSession.ts"
import { EMERGENCY_NUMBERS, telHref, transportNumber, type EmergencyCountry } from "../common/emergency.ts"

const SERVICES = ["medical", "police", "fire"] as const

/** Emergency numbers for Senegal and Chad, each a tap to call (SPEC §9). */
export function Emergency() {
  const { t } = useTranslation()
  // The signed-in user's own country, when their primary address says it; 922 otherwise (SPEC §9).
  const user = useSessionUser()
  const locations = user?.metadata.patient?.locations ?? user?.metadata.doctor?.locations ?? []
  const country = (locations.find((l) => l.isPrimary) ?? locations[0])?.country ?? null
  const transport = transportNumber(country)
  return (
    <section id="emergency" className="landing-section emergency" aria-labelledby="emergency-title">
      <div className="container">
        <h2 id="emergency-title" className="landing-title">
          {t("emergency.title")}
        </h2>
        <p className="landing-intro">{t("emergency.intro")}</p>
        <p className="row">
          <a className="btn btn-danger" href={telHref(transport)}>
            {t("emergency.transport")} — <span dir="ltr">{transport}</span>
          </a>
          {country ? null : <span className="muted">{t("emergency.unknownCountry")}</span>}
        </p>
        <div className="card-grid">
          {(Object.keys(EMERGENCY_NUMBERS) as EmergencyCountry[]).map((country) => (
            <div key={country} className="card emergency-card">
              <h3>{t(`emergency.country.${country}`)}</h3>
              <ul className="emergency-numbers">
                {SERVICES.map((service) => {
                  const number = EMERGENCY_NUMBERS[country][service]
                  return (
                    <li key={service}>
                      <span>{t(`emergency.${service}`)}</span>
                      <a className="btn btn-danger btn-small" href={telHref(number)} dir="ltr">
                        <span className="visually-hidden">
                          {t("emergency.call", { service: t(`emergency.${service}`), country: t(`emergency.country.${country}`) })}{" "}
                        </span>
                        {number}
                      </a>
                    </li>
                  )
                })}
              </ul>
              <a className="btn btn-secondary" href={telHref(transportNumber(country))}>
                {t("emergency.transport")}
              </a>
            </div>
          ))}
        </div>
        <p>
          <Link to="/facilities" search={{ state: "emergency" }} className="btn btn-primary">
            {t("emergency.findFacility")}
          </Link>
        </p>
      </div>
    </section>
  )
}
