import i18next, { type i18n } from "i18next"
import { initReactI18next } from "react-i18next"
import { loaders } from "virtual:locale-sections"
import { DEFAULT_LANGUAGE, directionOf, rememberLanguage, type Language } from "./languages.ts"

/** Sections every screen needs (shell, common words, validation); the rest load with their screens. */
export const CORE_SECTIONS = [
  "common",
  "session",
  "header",
  "themes",
  "nav",
  "footer",
  "cookies",
  "notFound",
  "errorPage",
  "validation",
  "fields",
  "pagination",
  "rating",
] as const

const loaded = new Map<Language, Set<string>>()

async function loadSections(language: Language, sections: ReadonlyArray<string>): Promise<void> {
  const have = loaded.get(language) ?? new Set<string>()
  loaded.set(language, have)
  const missing = sections.filter((s) => !have.has(s))
  const texts = await Promise.all(
    missing.map(async (section) => {
      const load = loaders[language][section]
      return [section, load ? (await load()).default : {}] as const
    }),
  )
  for (const [section, value] of texts) {
    if (i18next.isInitialized) i18next.addResourceBundle(language, "translation", { [section]: value }, true, true)
    have.add(section)
  }
}

/** Starts i18next with the core sections of one language; French is the fallback (SPEC §1). */
export async function initI18n(language: Language): Promise<i18n> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [language]: { translation: {} } },
    interpolation: { escapeValue: false },
    partialBundledLanguages: true,
  })
  await loadSections(language, CORE_SECTIONS)
  applyDocumentLanguage(language)
  return i18next
}

/** Makes sure a screen's texts are loaded in the current language (routes await this). */
export function ensureTexts(sections: ReadonlyArray<string>): Promise<void> {
  return loadSections(i18next.language as Language, sections)
}

/** Switches the interface language, downloading the sections already in use for the new one. */
export async function changeLanguage(language: Language): Promise<void> {
  const current = loaded.get(i18next.language as Language) ?? new Set<string>(CORE_SECTIONS)
  await loadSections(language, [...new Set([...CORE_SECTIONS, ...current])])
  await i18next.changeLanguage(language)
  applyDocumentLanguage(language)
  rememberLanguage(language)
}

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language
  document.documentElement.dir = directionOf(language)
}
