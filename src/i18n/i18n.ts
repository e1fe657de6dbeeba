import i18next, { type i18n } from "i18next"
import { initReactI18next } from "react-i18next"
import { loaders } from "virtual:locale-sections"
import { DEFAULT_LANGUAGE, directionOf, rememberLanguage, type Language } from "./languages.ts"
import { CORE_SECTIONS } from "./sectionGroups.ts"

export { CORE_SECTIONS }

/** Each language's sections, loading or loaded; a failed load is forgotten so the next screen asks again. */
const loads = new Map<Language, Map<string, Promise<void>>>()
/** Each module of texts, loading or loaded: the sections of a group share one (src/i18n/sectionGroups.ts). */
const moduleLoads = new Map<() => Promise<{ default: Record<string, unknown> }>, Promise<void>>()
/** The language in use, known before i18next has started (routes may ask for texts meanwhile). */
let current: Language = DEFAULT_LANGUAGE
let markStarted: () => void = () => {}
/** i18next has started: texts downloaded before that wait here to be added. */
const started = new Promise<void>((resolve) => (markStarted = resolve))

/**
 * Downloads sections at once and adds them to i18next once it has started, so a screen's texts
 * and the core texts travel side by side at start-up instead of one after the other.
 */
function loadSections(language: Language, sections: ReadonlyArray<string>): Promise<void> {
  let have = loads.get(language)
  if (!have) loads.set(language, (have = new Map<string, Promise<void>>()))
  const sectionLoads = have
  return Promise.all(
    sections.map((section) => {
      let load = sectionLoads.get(section)
      if (!load) {
        const loader = loaders[language][section]
        // A section no locale file has yet loads nothing.
        load = loader ? loadModule(language, loader) : Promise.resolve()
        load.catch(() => sectionLoads.delete(section))
        sectionLoads.set(section, load)
      }
      return load
    }),
  ).then(() => {})
}

function loadModule(language: Language, loader: () => Promise<{ default: Record<string, unknown> }>): Promise<void> {
  let load = moduleLoads.get(loader)
  if (!load) {
    load = Promise.all([loader(), started]).then(([module]) => {
      i18next.addResourceBundle(language, "translation", module.default, true, true)
    })
    load.catch(() => moduleLoads.delete(loader))
    moduleLoads.set(loader, load)
  }
  return load
}

/** Starts i18next with the core sections of one language; French is the fallback (SPEC §1). */
export async function initI18n(language: Language): Promise<i18n> {
  current = language
  const core = loadSections(language, CORE_SECTIONS)
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [language]: { translation: {} } },
    interpolation: { escapeValue: false },
    partialBundledLanguages: true,
  })
  markStarted()
  await core
  applyDocumentLanguage(language)
  return i18next
}

/** Makes sure a screen's texts are loaded in the current language (routes await this). */
export function ensureTexts(sections: ReadonlyArray<string>): Promise<void> {
  return loadSections(current, sections)
}

/** Switches the interface language, downloading the sections already in use for the new one. */
export async function changeLanguage(language: Language): Promise<void> {
  const inUse = [...(loads.get(current)?.keys() ?? [])]
  await loadSections(language, [...new Set([...CORE_SECTIONS, ...inUse])])
  current = language
  await i18next.changeLanguage(language)
  applyDocumentLanguage(language)
  rememberLanguage(language)
}

export function applyDocumentLanguage(language: Language): void {
  // The server renders <html lang dir> itself (server/http/ssr.ts).
  if (typeof document === "undefined") return
  const root = document.documentElement
  const direction = directionOf(language)
  // Only when they change: Chromium restyles and lays out every element again on any write of
  // either, the same value included (its :lang and :dir), 4-6 ms of a search page here just
  // after the server's page is taken over, four times that on a phone.
  if (root.lang !== language) root.lang = language
  if (root.dir !== direction) root.dir = direction
}
