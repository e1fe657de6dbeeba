/**
 * Merges texts into locales/{fr,en,ar}.json under a lock, so several people (or agents) adding
 * texts at once never overwrite each other. Usage: tsx scripts/locales-merge.ts patch.json
 * where patch.json is { "fr": { section: {...} }, "en": {...}, "ar": {...} }. Existing keys are
 * replaced by the patch's values; nothing is removed.
 */
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs"
import path from "node:path"

type Tree = { [key: string]: string | Tree }
const LANGUAGES = ["fr", "en", "ar"] as const
const LOCK = path.resolve(".tmp", "locales.lock")

function merge(target: Tree, patch: Tree): Tree {
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key]
    target[key] = typeof value === "object" && typeof current === "object" ? merge(current, value) : value
  }
  return target
}

async function withLock<T>(work: () => T): Promise<T> {
  mkdirSync(path.dirname(LOCK), { recursive: true })
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(LOCK) // atomic: fails while someone else holds it
      break
    } catch {
      if (attempt > 200) throw new Error(`locale lock held too long: remove ${LOCK} if no merge is running`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  try {
    return work()
  } finally {
    rmdirSync(LOCK)
  }
}

const patchFile = process.argv[2]
if (!patchFile) throw new Error("usage: tsx scripts/locales-merge.ts patch.json")
const patch = JSON.parse(readFileSync(patchFile, "utf8")) as Record<string, Tree>
const missing = LANGUAGES.filter((lang) => !patch[lang])
if (missing.length) throw new Error(`patch lacks ${missing.join(", ")}: every text needs all three languages`)

await withLock(() => {
  for (const lang of LANGUAGES) {
    const file = path.resolve("locales", `${lang}.json`)
    const texts = JSON.parse(readFileSync(file, "utf8")) as Tree
    writeFileSync(file, `${JSON.stringify(merge(texts, patch[lang]!), null, 2)}\n`)
  }
})
console.log(`merged ${patchFile} into locales/{${LANGUAGES.join(",")}}.json`)
