import { useState } from "react"
import { useTranslation } from "react-i18next"

export const THEMES = ["promed", "sahel"] as const
export type ColorTheme = (typeof THEMES)[number]
const KEY = "promed.theme"

export function storedTheme(): ColorTheme {
  try {
    return localStorage.getItem(KEY) === "sahel" ? "sahel" : "promed"
  } catch {
    return "promed"
  }
}

export function applyTheme(theme: ColorTheme): void {
  document.documentElement.dataset.theme = theme
}

/** Switches between the PROMED colours (default) and the alternative SAHEL colours. */
export function ThemeSwitch() {
  const { t } = useTranslation()
  const [theme, setTheme] = useState<ColorTheme>(storedTheme)
  const next: ColorTheme = theme === "promed" ? "sahel" : "promed"
  return (
    <button
      type="button"
      className="theme-switch"
      onClick={() => {
        applyTheme(next)
        setTheme(next)
        try {
          localStorage.setItem(KEY, next)
        } catch {
          // The theme applies to this page only.
        }
      }}
    >
      {t("header.theme", { theme: t(`themes.${next}`) })}
    </button>
  )
}
