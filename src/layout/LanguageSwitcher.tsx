import { useTranslation } from "react-i18next"
import { useAppActors } from "../appContext.tsx"
import { LANGUAGES } from "../i18n/languages.ts"
import { useSessionLanguage } from "../session/useSession.ts"

const LABELS = { fr: "FR", en: "EN", ar: "ع" } as const
const NAMES = { fr: "Français", en: "English", ar: "العربية" } as const

/** FR / EN / AR switch in the top strip; the choice is remembered on this device. */
export function LanguageSwitcher() {
  const { t } = useTranslation()
  const { session } = useAppActors()
  const current = useSessionLanguage()
  return (
    <div className="language-switcher" role="group" aria-label={t("header.language")}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={`lang-btn${language === current ? " is-active" : ""}`}
          aria-pressed={language === current}
          aria-label={NAMES[language]}
          onClick={() => session.send({ type: "session.setLanguage", language })}
        >
          {LABELS[language]}
        </button>
      ))}
    </div>
  )
}
