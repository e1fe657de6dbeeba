import { useContext, useState, useSyncExternalStore } from "react"
import { useTranslation } from "react-i18next"
import { CookieQuestionDrawn, rememberCookiesAnswered } from "./cookieQuestion.ts"

const KEY = "promed.cookies"
type Consent = { necessary: true; analytics: boolean }

function storedConsent(): Consent | null {
  try {
    const raw = localStorage.getItem(KEY)
    return raw ? (JSON.parse(raw) as Consent) : null
  } catch {
    return null
  }
}

const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const hasConsent = () => storedConsent() !== null
// An answer given before the server knew of answers (or in another tab) is told to it too.
if (hasConsent()) rememberCookiesAnswered()

/** The cookie settings banner: accept all, necessary only, or choose; asked once per device. */
export function CookieBanner() {
  const { t } = useTranslation()
  // The server has no storage to read: it draws the banner when the request said no answer was given.
  const drawn = useContext(CookieQuestionDrawn)
  const consented = useSyncExternalStore(subscribe, hasConsent, () => !drawn)
  const [showSettings, setShowSettings] = useState(false)
  const [analytics, setAnalytics] = useState(false)
  if (consented) return null
  const save = (next: Consent) => {
    try {
      localStorage.setItem(KEY, JSON.stringify(next))
    } catch {
      // Asked again next visit.
    }
    rememberCookiesAnswered()
    for (const listener of listeners) listener()
  }
  return (
    <section className="cookie-banner" aria-label={t("cookies.title")}>
      <p>{t("cookies.text")}</p>
      {showSettings ? (
        <div className="stack">
          <label className="row">
            <input type="checkbox" checked disabled /> {t("cookies.necessary")}
          </label>
          <label className="row">
            <input type="checkbox" checked={analytics} onChange={(e) => setAnalytics(e.target.checked)} /> {t("cookies.analytics")}
          </label>
        </div>
      ) : null}
      <div className="row">
        <button type="button" className="btn btn-primary btn-small" onClick={() => save({ necessary: true, analytics: true })}>
          {t("cookies.acceptAll")}
        </button>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => save({ necessary: true, analytics: false })}>
          {t("cookies.necessaryOnly")}
        </button>
        {showSettings ? (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => save({ necessary: true, analytics })}>
            {t("cookies.save")}
          </button>
        ) : (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => setShowSettings(true)}>
            {t("cookies.settings")}
          </button>
        )}
      </div>
    </section>
  )
}
