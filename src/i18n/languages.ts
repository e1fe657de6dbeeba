export const LANGUAGES = ["fr", "en", "ar"] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = "fr"

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)
export const directionOf = (language: Language): "rtl" | "ltr" => (language === "ar" ? "rtl" : "ltr")

/** Locale tags for Intl: Senegalese French, and Arabic with Latin digits as used in Chad. */
export const INTL_LOCALE: Record<Language, string> = { fr: "fr-SN", en: "en-GB", ar: "ar-TD-u-nu-latn" }

const STORAGE_KEY = "promed.language"

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return isLanguage(value) ? value : null
  } catch {
    return null
  }
}

export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Private browsing may refuse storage; the language still applies to this page.
  }
}
