import i18next from "i18next"
import type { Language } from "./languages.ts"

/**
 * Resolves once the interface speaks `language` (at once when it does), or after `boundMs` if its
 * texts cannot load: a message about the change itself (the settings' "saved" toast) is said in
 * the language just chosen, not the one being left (issue 39). A module of its own, so the landing's
 * shell does not carry what only the settings pages use.
 */
export function inLanguage(language: Language, boundMs = 5000): Promise<void> {
  if (i18next.language === language) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      i18next.off("languageChanged", onChange)
      resolve()
    }
    const onChange = (next: string) => {
      if (next === language) done()
    }
    const timer = setTimeout(done, boundMs)
    i18next.on("languageChanged", onChange)
  })
}
