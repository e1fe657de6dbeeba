import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { decodeWithFields } from "./decode.ts"
import { personName } from "./fields.ts"

/**
 * Issue 38, identity hygiene: names carry no bidi control and no zero-width character (they make
 * look-alikes and reorder what a greeting or a list shows), while real names in the three
 * languages, with their apostrophes, hyphens and accents, pass.
 */
const Form = Schema.Struct({ firstName: personName("validation.firstNameRequired") })
const refused = (name: string) => decodeWithFields(Form, { firstName: name })

describe("a person's name", () => {
  it.each([
    ["a right-to-left override", "Awa\u202Eeid"],
    ["a left-to-right isolate", "\u2066Awa\u2069"],
    ["a right-to-left mark", "Awa\u200F"],
    ["an Arabic letter mark", "\u061Cعائشة"],
    ["a zero-width space", "A\u200Bwa"],
    ["a zero-width joiner", "Awa\u200D"],
    ["a word joiner", "Awa\u2060"],
    ["a byte-order mark", "\uFEFFAwa"],
  ])("refuses %s", (_, name) => {
    expect(refused(name)).toEqual({ ok: false, fields: [{ name: "firstName", message: "validation.controlCharacters" }] })
  })

  // Issue 39: emoji are refused with a message of their own (and the gateway decodes with this same schema).
  it.each([
    ["a face", "Awa 😀"],
    ["a heart with its emoji selector", "Awa ❤️"],
    ["a flag (regional indicators)", "Moustapha 🇸🇳"],
    ["a keycap", "Awa 1️⃣"],
    ["a pictograph alone", "🌟"],
  ])("refuses %s", (_, name) => {
    expect(refused(name)).toEqual({ ok: false, fields: [{ name: "firstName", message: "validation.nameEmoji" }] })
  })

  it.each(["Aïcha", "N'Diaye-Sy", "عبد الله", "Moustapha Mahamat Abakar", "Ndèye Fatou"])("accepts %s", (name) => {
    expect(refused(name)).toEqual({ ok: true, value: { firstName: name } })
  })
})
