import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import path from "node:path"
import type { Plugin } from "vite"
import { SECTION_GROUPS, sectionModuleId } from "../src/i18n/sectionGroups.ts"

const LANGUAGES = ["fr", "en", "ar"] as const
const INDEX_ID = "virtual:locale-sections"
const SECTION_PREFIX = "virtual:locale/"

/**
 * Serves `locales/{lang}.json` split by top-level section, one chunk per language and section,
 * so a screen downloads only the texts it shows; sections that always load together are one chunk
 * (src/i18n/sectionGroups.ts). `virtual:locale-sections` maps language and section to a loader;
 * `virtual:locale/{lang}/{section or group}` holds the texts of its sections, by section name.
 *
 * A section's file is named by language, section and one version of all the texts
 * (`fr-common-1a2b3c4d.js`) rather than by a hash of its own: the loaders' table, which every page
 * loads first, then repeats one string where it held some two hundred different hashes, and gzip
 * takes it down to a fraction. Any change to the texts renames every section, so none is read stale.
 */
export function localeSections(localesDir = path.resolve("locales")): Plugin {
  const read = (lang: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(localesDir, `${lang}.json`), "utf8")) as Record<string, unknown>
  const version = createHash("sha256")
    .update(LANGUAGES.map((lang) => readFileSync(path.join(localesDir, `${lang}.json`))).join("\n"))
    .digest("hex")
    .slice(0, 8)
  return {
    name: "promed-locale-sections",
    outputOptions(options) {
      const others = options.chunkFileNames ?? "assets/[name]-[hash].js"
      return {
        ...options,
        chunkFileNames: (chunk) => {
          const id = chunk.facadeModuleId ?? ""
          if (id.startsWith(`\0${SECTION_PREFIX}`)) return `assets/${id.slice(SECTION_PREFIX.length + 1).replace("/", "-")}-${version}.js`
          return typeof others === "function" ? others(chunk) : others
        },
      }
    },
    resolveId(id) {
      if (id === INDEX_ID || id.startsWith(SECTION_PREFIX)) return `\0${id}`
      return null
    },
    load(id) {
      if (id === `\0${INDEX_ID}`) {
        // The sections of a group share one loader. The others' are written inline: each repeats its
        // section's name in its file's, which gzip takes down better than a table of minified names.
        const modules = new Map<string, string>()
        const lines = LANGUAGES.map((lang) => {
          this.addWatchFile(path.join(localesDir, `${lang}.json`))
          const sections = Object.keys(read(lang))
          for (const group of Object.keys(SECTION_GROUPS))
            if (sections.includes(group)) throw new Error(`locales/${lang}.json: section "${group}" is the name of a group of sections`)
          const entries = sections.map((section) => {
            const module = sectionModuleId(lang, section)
            const loader = `() => import(${JSON.stringify(module)})`
            if (module.endsWith(`/${section}`)) return `    ${JSON.stringify(section)}: ${loader}`
            if (!modules.has(module)) modules.set(module, `group${modules.size}`)
            return `    ${JSON.stringify(section)}: ${modules.get(module)}`
          })
          return `  ${lang}: {\n${entries.join(",\n")}\n  }`
        })
        const imports = [...modules].map(([module, name]) => `const ${name} = () => import(${JSON.stringify(module)})\n`)
        return `${imports.join("")}export const loaders = {\n${lines.join(",\n")}\n}\n`
      }
      if (id.startsWith(`\0${SECTION_PREFIX}`)) {
        const [lang, name] = id.slice(SECTION_PREFIX.length + 1).split("/") as [string, string]
        this.addWatchFile(path.join(localesDir, `${lang}.json`))
        const texts = read(lang)
        const sections = SECTION_GROUPS[name] ?? [name]
        return `export default ${JSON.stringify(Object.fromEntries(sections.map((section) => [section, texts[section] ?? {}])))}\n`
      }
      return null
    },
  }
}
