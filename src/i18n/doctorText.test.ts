import { readFileSync } from "node:fs"
import path from "node:path"
import i18next from "i18next"
import { describe, expect, it } from "vitest"
import { doctorName, specialtyLabel } from "./doctorText.ts"

const texts = (lang: string) => JSON.parse(readFileSync(path.resolve("locales", `${lang}.json`), "utf8")) as Record<string, unknown>

async function tIn(lang: "fr" | "en" | "ar") {
  const i18n = i18next.createInstance()
  await i18n.init({ lng: lang, fallbackLng: "fr", resources: { fr: { translation: texts("fr") }, [lang]: { translation: texts(lang) } } })
  return i18n.t
}

const awa = { firstName: "Awa", lastName: "Ndiaye" }

describe("doctorName", () => {
  it("gives the title of each language, the same one the booking dialog's title uses", async () => {
    for (const [lang, name] of [
      ["fr", "Dr Awa Ndiaye"],
      ["en", "Dr Awa Ndiaye"],
      ["ar", "د. Awa Ndiaye"],
    ] as const) {
      const t = await tIn(lang)
      expect(doctorName(t, awa)).toBe(name)
      expect(t("booking.title", { name: doctorName(t, awa) })).toContain(name)
    }
  })
})

describe("specialtyLabel", () => {
  it("translates a specialty by its code, whatever the gateway's French label", async () => {
    const cardiology = { code: "CARDIOLOGY", label: "Cardiologie" }
    expect(specialtyLabel(await tIn("fr"), cardiology)).toBe("Cardiologie")
    expect(specialtyLabel(await tIn("en"), cardiology)).toBe("Cardiology")
    expect(specialtyLabel(await tIn("ar"), cardiology)).toBe("أمراض القلب")
  })

  it("falls back to the gateway's label for a code without a text", async () => {
    expect(specialtyLabel(await tIn("ar"), { code: "UNKNOWN_CODE", label: "Médecine inconnue" })).toBe("Médecine inconnue")
  })
})
