import { readFileSync } from "node:fs"
import path from "node:path"
import type { Plugin } from "vite"

const LANGUAGES = ["fr", "en", "ar"] as const
const INDEX_ID = "virtual:locale-sections"
const SECTION_PREFIX = "virtual:locale/"

/**
 * Serves `locales/{lang}.json` split by top-level section, one chunk per language and section,
 * so a screen downloads only the texts it shows. `virtual:locale-sections` maps language and
 * section to a loader; `virtual:locale/{lang}/{section}` is one section's texts.
 */
export function localeSections(localesDir = path.resolve("locales")): Plugin {
  const read = (lang: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(localesDir, `${lang}.json`), "utf8")) as Record<string, unknown>
  return {
    name: "promed-locale-sections",
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(SECTION_PREFIX)) return `\0${id}`
      return null
    },
    load(id) {
      if (id === `\0${INDEX_ID}`) {
        const lines = LANGUAGES.map((lang) => {
          this.addWatchFile(path.join(localesDir, `${lang}.json`))
          const entries = Object.keys(read(lang)).map(
            (section) => `    ${JSON.stringify(section)}: () => import(${JSON.stringify(`${SECTION_PREFIX}${lang}/${section}`)})`,
          )
          return `  ${lang}: {\n${entries.join(",\n")}\n  }`
        })
        return `export const loaders = {\n${lines.join(",\n")}\n}\n`
      }
      if (id.startsWith(`\0${SECTION_PREFIX}`)) {
        const [lang, section] = id.slice(SECTION_PREFIX.length + 1).split("/") as [string, string]
        this.addWatchFile(path.join(localesDir, `${lang}.json`))
        return `export default ${JSON.stringify(read(lang)[section] ?? {})}\n`
      }
      return null
    },
  }
}
