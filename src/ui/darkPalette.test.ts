import { readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"

/**
 * styles.css writes the dark palette twice: for the saved "dark" theme, and inside the
 * prefers-color-scheme query for "system". Both must say the same, or one of them drifts out of
 * what the axe suite checked (tests/a11y/axe.spec.ts scans "dark" at 360 px, "system" at 1280 px).
 */
const css = readFileSync(path.resolve("src/ui/styles.css"), "utf8")

function declarationsOf(selector: string): string[] {
  const start = css.indexOf(`${selector} {`)
  expect(start, selector).toBeGreaterThanOrEqual(0)
  const body = css.slice(start + selector.length + 2, css.indexOf("}", start))
  return body
    .split(";")
    .map((line) => line.replace(/\/\*[\s\S]*?\*\//g, "").trim())
    .filter(Boolean)
    .sort()
}

describe("the dark palette", () => {
  it('is the same for "dark" and for "system" on a device asking for dark', () => {
    const dark = declarationsOf(':root[data-color-scheme="dark"]')
    const system = declarationsOf(':root[data-color-scheme="system"]')
    expect(dark.length).toBeGreaterThan(10)
    expect(system).toEqual(dark)
  })

  it("sets every colour the light palette sets that text is drawn in", () => {
    const dark = declarationsOf(':root[data-color-scheme="dark"]').map((d) => d.split(":")[0])
    for (const token of [
      "--color-text",
      "--color-muted",
      "--color-primary-text",
      "--color-primary-strong-text",
      "--color-on-danger",
      "--color-bg",
      "--color-surface",
    ])
      expect(dark).toContain(token)
  })
})
