import { Link, useRouterState } from "@tanstack/react-router"
import { useState, type MouseEvent } from "react"
import { useTranslation } from "react-i18next"
import { loginUrl } from "../session/loginUrl.ts"
import { roleHome } from "../session/roles.ts"
import { useRoleName, useSessionLanguage, useSessionStatus } from "../session/useSession.ts"
import { LanguageSwitcher } from "./LanguageSwitcher.tsx"
import { NAV_ITEMS } from "./navItems.ts"
import { ThemeSwitch } from "./ThemeSwitch.tsx"
import { UserMenu } from "./UserMenu.tsx"
import "./layout.css"
import { MenuIcon } from "../ui/frameIcons.tsx"

/** Top strip (language, theme, partners) and main bar (logo, nav, account); a menu under 890 px. */
export function Header() {
  const { t } = useTranslation()
  const status = useSessionStatus()
  const role = useRoleName()
  const language = useSessionLanguage()
  const href = useRouterState({ select: (s) => s.location.href })
  const [menuOpen, setMenuOpen] = useState(false)

  // Following a link inside the mobile panel closes it.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest("a")) setMenuOpen(false)
  }

  return (
    <header className="site-header">
      <div className="top-strip">
        <div className="container top-strip-inner">
          <LanguageSwitcher />
          <div className="row">
            <ThemeSwitch />
            <Link to="/partners" className="top-link">
              {t("header.partners")}
            </Link>
          </div>
        </div>
      </div>
      <div className="container main-bar">
        <Link to={roleHome(role)} className="logo" aria-label={t("header.logoLabel")}>
          <span aria-hidden="true" className="logo-mark">
            +
          </span>
          Promed
        </Link>
        <button
          type="button"
          className="menu-toggle btn btn-ghost"
          aria-expanded={menuOpen}
          aria-controls="primary-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
          <span className="visually-hidden">{t("header.menu")}</span>
        </button>
        <div id="primary-navigation" className={`nav-panel${menuOpen ? " is-open" : ""}`} onClick={closeOnLink}>
          <nav aria-label={t("nav.label")}>
            <ul className="nav-list">
              {NAV_ITEMS.map((item) => (
                <li key={item.key}>
                  <Link to="/" hash={item.hash} className="nav-link">
                    {t(item.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="header-actions">
            {status === "INVALID_SESSION" ? (
              <>
                <a href={loginUrl(href, language)} className="btn btn-secondary" data-testid="sign-in">
                  {t("header.signIn")}
                </a>
                <Link to="/doctors" className="btn btn-primary">
                  {t("header.bookAppointment")}
                </Link>
              </>
            ) : null}
            {status === "VALID_SESSION" ? (
              <>
                {role === "patient" ? (
                  <Link to="/doctors" className="btn btn-primary">
                    {t("header.bookAppointment")}
                  </Link>
                ) : null}
                <UserMenu />
              </>
            ) : null}
          </div>
        </div>
      </div>
    </header>
  )
}
