import { describe, expect, it } from "vitest"
import { AVATAR_COLOURS, colourOf, initialsOf } from "./initials.ts"

/** WCAG relative luminance and contrast, written from the definition. */
function contrastWithWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  return 1.05 / (luminance + 0.05)
}

describe("initials of a doctor without a photo", () => {
  it("takes the first letters of the first and last names, in capitals", () => {
    expect(initialsOf("Aïcha Ngaradoum")).toBe("AN")
    expect(initialsOf("el hadji mbengue")).toBe("EM")
    expect(initialsOf("  Moussa  ")).toBe("M")
    expect(initialsOf("Éric Ôlé")).toBe("ÉÔ")
    expect(initialsOf("")).toBe("")
  })
})

describe("the colour drawn from a name", () => {
  it("is always the same for the same name", () => {
    expect(colourOf("Moussa Ndiaye")).toBe(colourOf("Moussa Ndiaye"))
  })

  it("differs between names (not one colour for all)", () => {
    const names = ["Moussa Ndiaye", "Aïcha Ngaradoum", "Fatoumata Kane", "Pape Sow", "Yacine Faye", "Ali Djibrine", "Bineta Seck", "Oumar Abakar"]
    expect(new Set(names.map(colourOf)).size).toBeGreaterThan(3)
  })

  it("keeps white initials readable: every colour has a contrast of 4.5:1 or more (WCAG AA)", () => {
    for (const colour of AVATAR_COLOURS) expect(contrastWithWhite(colour)).toBeGreaterThanOrEqual(4.5)
  })
})
