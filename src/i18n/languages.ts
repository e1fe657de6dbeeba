export const LANGUAGES = ["fr", "en", "ar"] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = "fr"

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)

/**
 * The product language a language tag names, or null: tags are case-insensitive (BCP 47), so
 * "AR" is Arabic, and a region or script after the language ("fr-SN", "ar_TD") is set aside.
 */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0]
  return isLanguage(primary) ? primary : null
}
export const directionOf = (language: Language): "rtl" | "ltr" => (language === "ar" ? "rtl" : "ltr")

/** Locale tags for Intl: Senegalese French, and Arabic with Latin digits as used in Chad. */
export const INTL_LOCALE: Record<Language, string> = { fr: "fr-SN", en: "en-GB", ar: "ar-TD-u-nu-latn" }

const STORAGE_KEY = "promed.language"
/**
 * The language again, as a cookie: local storage is the SPA's record of the choice, but the server
 * cannot read it, and it renders the public pages in the visitor's language (server/http/ssr.ts).
 */
export const LANGUAGE_COOKIE = "promed_lang"
const COOKIE_MAX_AGE_S = 365 * 24 * 3600

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return isLanguage(value) ? value : null
  } catch {
    return null
  }
}

/** Remembers a language choice on this device (storage and cookie). */
export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Private browsing may refuse storage; the language still applies to this page.
  }
  writeLanguageCookie(language)
}

/** Keeps the cookie in step with the language in use, so the next page the server renders matches it. */
export function writeLanguageCookie(language: Language): void {
  try {
    const secure = window.location.protocol === "https:" ? "; Secure" : ""
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`
  } catch {
    // Cookies refused: the server renders in French and the browser redraws in the stored language.
  }
}
