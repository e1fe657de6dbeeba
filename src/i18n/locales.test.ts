import { readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { LANGUAGES } from "./languages.ts"

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
) as Record<(typeof LANGUAGES)[number], Map<string, string>>

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe("locales", () => {
  for (const lang of LANGUAGES) {
    it(`${lang}.json has exactly the keys of fr.json`, () => {
      const missing = [...texts.fr.keys()].filter((k) => !texts[lang].has(k))
      const extra = [...texts[lang].keys()].filter((k) => !texts.fr.has(k))
      expect({ missing, extra }).toEqual({ missing: [], extra: [] })
    })

    it(`${lang}.json has no empty text and keeps every {{placeholder}}`, () => {
      for (const [key, value] of texts[lang]) {
        expect(value.trim(), key).not.toBe("")
        expect(placeholders(value), key).toEqual(placeholders(texts.fr.get(key) ?? ""))
      }
    })
  }
})
