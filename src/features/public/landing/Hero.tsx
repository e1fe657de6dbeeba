import { useNavigate } from "@tanstack/react-router"
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { LIMITS } from "../../../../schemas/limits.ts"
import { validationMessage } from "../../../i18n/validationMessage.ts"
import { REGIONS } from "../common/regions.ts"

/** The hero: a region and a specialty or doctor name, searched on /doctors (SPEC §1). */
export function Hero() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const id = useId()
  const [location, setLocation] = useState("")
  const [query, setQuery] = useState("")
  const tooShort = query.trim().length > 0 && query.trim().length < LIMITS.searchMin
  return (
    <section id="hero" className="hero" aria-labelledby="hero-title">
      <div className="container hero-inner">
        <h1 id="hero-title">{t("landing.hero.title")}</h1>
        <p className="hero-subtitle">{t("landing.hero.subtitle")}</p>
        <form
          className="hero-search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault()
            if (tooShort) return
            const keyword = query.trim()
            void navigate({ to: "/doctors", search: { ...(location ? { location } : {}), ...(keyword ? { keyword } : {}) } })
          }}
        >
          <label className="field">
            <span className="field-label">{t("landing.hero.locationLabel")}</span>
            <select className="native-select" value={location} onChange={(e) => setLocation(e.target.value)}>
              <option value="">{t("landing.hero.anyLocation")}</option>
              {REGIONS.map((r) => (
                <option key={r.key} value={r.value}>
                  {t(`regions.${r.key}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="field">
            <label htmlFor={`${id}-query`}>{t("landing.hero.queryLabel")}</label>
            <input
              id={`${id}-query`}
              className="input"
              type="search"
              value={query}
              maxLength={100}
              placeholder={t("landing.hero.queryPlaceholder")}
              aria-invalid={tooShort || undefined}
              aria-describedby={tooShort ? `${id}-error` : undefined}
              onChange={(e) => setQuery(e.target.value)}
            />
            {tooShort ? (
              <span id={`${id}-error`} className="field-error" role="alert">
                {validationMessage(t, "validation.searchMin")}
              </span>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary hero-submit" disabled={tooShort}>
            {t("landing.hero.submit")}
          </button>
        </form>
      </div>
    </section>
  )
}
