import { Link } from "@tanstack/react-router"
import { useTranslation } from "react-i18next"

const SOCIAL = [
  { name: "Facebook", href: "https://www.facebook.com/promed.sn" },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/promed-sn" },
  { name: "X", href: "https://x.com/promed_sn" },
  { name: "Instagram", href: "https://www.instagram.com/promed.sn" },
] as const

/** Quick links, Privacy and Terms, contact mail and city, social links (SPEC §2). */
export function Footer() {
  const { t } = useTranslation()
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">Promed</p>
          <p>{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.quickLinks")}>
          <h2 className="footer-title">{t("footer.quickLinks")}</h2>
          <ul>
            <li>
              <Link to="/doctors">{t("footer.findDoctor")}</Link>
            </li>
            <li>
              <Link to="/facilities">{t("footer.facilities")}</Link>
            </li>
            <li>
              <Link to="/about">{t("footer.about")}</Link>
            </li>
            <li>
              <Link to="/contact">{t("nav.contact")}</Link>
            </li>
            <li>
              <Link to="/partners">{t("header.partners")}</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer-title">{t("footer.contactTitle")}</h2>
          <p>
            <a href="mailto:contact@promed.sn">contact@promed.sn</a>
            <br />
            {t("footer.city")}
          </p>
          <ul className="social-links" aria-label={t("footer.social")}>
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>© 2026 Promed</p>
        <p className="row">
          <Link to="/privacy">{t("footer.privacy")}</Link>
          <Link to="/terms">{t("footer.terms")}</Link>
        </p>
      </div>
    </footer>
  )
}
