import { readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { INTL_LOCALE, LANGUAGES, type Language } from "./languages.ts"

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (typeof value === "string") out.set(name, value)
    else for (const [k, v] of flatten(value, name)) out.set(k, v)
  }
  return out
}

const texts = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, flatten(JSON.parse(readFileSync(path.resolve("locales", `${lang}.json`), "utf8")) as Tree)]),
) as Record<Language, Map<string, string>>

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

/** i18next plural suffixes: a key `x_one` is the "one" form of the text `x`. */
const PLURAL = /_(zero|one|two|few|many|other)$/
const baseOf = (key: string) => key.replace(PLURAL, "")

/**
 * The forms each language writes: the categories of its plural rules, but French "many"
 * (millions) reads like "other", which i18next falls back to. Arabic has all six.
 */
const formsOf = (lang: Language) =>
  new Intl.PluralRules(INTL_LOCALE[lang])
    .resolvedOptions()
    .pluralCategories.filter((c) => !(lang === "fr" && c === "many"))
    .sort()

/** Texts per base key (plural forms grouped under the base). */
function grouped(lang: Language): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>()
  for (const [key, value] of texts[lang]) {
    const base = baseOf(key)
    if (!out.has(base)) out.set(base, new Map())
    out.get(base)!.set(PLURAL.exec(key)?.[1] ?? "", value)
  }
  return out
}

/**
 * Pictographs and symbols many Android fonts lack (they show as empty boxes): emoji, dingbats
 * (✕ ✓ ❤), miscellaneous symbols (★ ☰ ☎), arrows (← →), technical signs (⌚ ⏰), geometric shapes
 * (▾ ●), the emoji variation selector and zero-width joiner. Screens draw these as SVG icons.
 */
const SYMBOL_OR_EMOJI = /[\p{Extended_Pictographic}\u2190-\u21FF\u2300-\u23FF\u25A0-\u27BF\u2B00-\u2BFF\uFE0F\u200D]/u

describe("locales", () => {
  const fr = grouped("fr")

  it("writes Arabic plurals in six forms (zero, one, two, few, many, other)", () => {
    expect(formsOf("ar")).toEqual(["few", "many", "one", "other", "two", "zero"])
  })

  for (const lang of LANGUAGES) {
    const own = grouped(lang)

    it(`${lang}.json has exactly the texts of fr.json`, () => {
      const missing = [...fr.keys()].filter((k) => !own.has(k))
      const extra = [...own.keys()].filter((k) => !fr.has(k))
      expect({ missing, extra }).toEqual({ missing: [], extra: [] })
    })

    it(`${lang}.json writes every plural in each form its language has, and nothing else`, () => {
      for (const [base, forms] of fr) {
        const isPlural = !forms.has("")
        const ownForms = [...(own.get(base)?.keys() ?? [])].sort()
        expect(ownForms, base).toEqual(isPlural ? formsOf(lang) : [""])
      }
    })

    it(`${lang}.json has no empty text and keeps every {{placeholder}}`, () => {
      for (const [base, forms] of own) {
        const reference = fr.get(base)
        const expected = placeholders(reference?.get("other") ?? reference?.get("") ?? "")
        for (const [form, value] of forms) {
          expect(value.trim(), `${base} ${form}`).not.toBe("")
          // A plural form may spell the number out (« موعدان », two appointments); "other" may not.
          const own =
            form === "" || form === "other"
              ? placeholders(value)
              : [...new Set([...placeholders(value), ...(expected.includes("count") ? ["count"] : [])])].sort()
          expect(own, `${base} ${form}`).toEqual(expected)
        }
      }
    })

    it(`${lang}.json has no symbol or emoji character (SVG icons stand for them)`, () => {
      const found = [...texts[lang]].filter(([, value]) => SYMBOL_OR_EMOJI.test(value)).map(([key, value]) => `${key}: ${value}`)
      expect(found).toEqual([])
    })

    it(`${lang}.json counts with plural forms, never "(s)" or "(x)"`, () => {
      for (const [key, value] of texts[lang]) expect(value, key).not.toMatch(/\p{L}\((s|x|es)\)/u)
    })
  }
})
