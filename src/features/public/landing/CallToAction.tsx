import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"
import type { RoleName } from "../../../session/roles.ts"
import { useRoleName } from "../../../session/useSession.ts"

/** SPEC §2: where the home call to action leads, per role (primary, then secondary). */
const TARGETS = {
  patient: ["/doctors", "/medical-records"],
  doctor: ["/doctor/appointments", "/doctor/schedule"],
  manager: ["/manager/dashboard", "/manager/staff"],
  admin: ["/admin"],
} as const satisfies Record<RoleName, ReadonlyArray<string>>

/** The call to action: role-dependent when signed in; account creation for visitors. */
export function CallToAction() {
  const { t } = useTranslation()
  const role = useRoleName()
  const targets = role ? TARGETS[role] : null
  return (
    <section id="cta" className="landing-section landing-strong" aria-labelledby="cta-title">
      <div className="container cta">
        <h2 id="cta-title" className="landing-title">
          {t(`landing.cta.${role ?? "visitor"}.title`)}
        </h2>
        <p>{t(`landing.cta.${role ?? "visitor"}.text`)}</p>
        {targets ? (
          <div className="row cta-actions">
            {targets.map((to, i) => (
              <Link key={to} to={to} className={`btn ${i === 0 ? "btn-primary" : "btn-secondary"}`}>
                {t(`landing.cta.${role}.${i === 0 ? "primary" : "secondary"}`)}
              </Link>
            ))}
          </div>
        ) : (
          <div className="stack cta-actions">
            <Link to="/doctors" className="btn btn-primary">
              {t("landing.cta.visitor.primary")}
            </Link>
            <p className="cta-choice-title">{t("landing.cta.createAccount")}</p>
            <div className="row">
              <Link to="/register/patient" className="btn btn-secondary">
                {t("landing.cta.patientAccount")}
              </Link>
              <Link to="/register/doctor" className="btn btn-secondary">
                {t("landing.cta.providerAccount")}
              </Link>
            </div>
          </div>
        )}
      </div>
    </section>
  )
}
