import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Page } from "@playwright/test"
import { SCREENS, seededIds, tokenFor, type SeededIds } from "./screens.ts"

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
const WIDTHS = [360, 1280] as const
const LANGUAGES = ["fr", "ar"] as const

let ids: SeededIds

test.beforeAll(async ({ request }) => {
  ids = await seededIds(request)
})

async function scan(page: Page) {
  // axe.run in the page itself ("legacy mode"), not the default's runPartial in each frame and
  // finishRun in a new blank page: 0.8-1.3 s a scan instead of 1.8-3.8 s. It tests same-origin
  // frames only, and the app has no frame from elsewhere: checked here, so the shortcut cannot hide one.
  const origin = new URL(page.url()).origin
  const foreign = page.frames().filter((frame) => !/^about:/.test(frame.url()) && new URL(frame.url()).origin !== origin)
  expect(foreign.map((frame) => frame.url())).toEqual([])
  // Only violations are read: axe skips detailing the passes and the inapplicable rules (its own advice for speed).
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_22_AA)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze()
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    )
}

for (const screen of SCREENS) {
  for (const language of LANGUAGES) {
    test(`${screen.name} (${language}) has no serious or critical WCAG 2.2 AA violation at 360 and 1280 px`, async ({ page, request }) => {
      // Every component on one page, scanned twice: on a loaded machine its scan alone can take most of a minute.
      test.slow(screen.name === "design system")
      const token = screen.who === "visitor" ? null : await tokenFor(request, screen.who)
      await page.addInitScript(
        ([lang, sessionToken]) => {
          localStorage.setItem("promed.cookies", JSON.stringify({ necessary: true, analytics: false }))
          localStorage.setItem("promed.language", lang)
          if (sessionToken) sessionStorage.setItem("promed.sessionToken", sessionToken)
        },
        [language, token] as const,
      )
      const path = typeof screen.path === "function" ? screen.path(ids) : screen.path
      const found: string[] = []
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(path)
        await expect(page.locator("html")).toHaveAttribute("lang", language)
        await expect(page.locator("main h1, main [role=heading][aria-level='1']").first()).toBeVisible()
        await page.waitForLoadState("networkidle")
        // A map scans once its markers stand still and apart, not while a fit animation moves them,
        // and in view: axe counts a marker's part below the fold as covered.
        await expect(page.locator("[data-testid=facility-map]:not([data-settled=true])")).toHaveCount(0)
        for (const map of await page.locator("[data-testid=facility-map]").all()) {
          // The page may still restore its scroll once: the map must be in view when scanned. Not to
          // the pixel: a fractional height leaves half a pixel out, and markers keep 8 px off the edge.
          await expect(async () => {
            await map.scrollIntoViewIfNeeded()
            await expect(map).toBeInViewport({ ratio: 0.99, timeout: 500 })
          }).toPass()
        }
        for (const violation of await scan(page)) found.push(`${width}px ${violation}`)
      }
      expect(found).toEqual([])
    })
  }
}

/**
 * The dark colours, on a few representative screens: the saved "dark" theme at 360 px, and
 * "system" on a device asking for dark at 1280 px, since styles.css writes that palette twice.
 * The scheme is set once the page has settled, as the session does for a signed-in user's theme.
 */
const DARK_SCREENS = ["landing", "doctor search", "doctor profile", "patient appointments"]
for (const screen of SCREENS.filter((s) => DARK_SCREENS.includes(s.name))) {
  for (const language of LANGUAGES) {
    test(`${screen.name} (${language}) in dark colours has no serious or critical WCAG 2.2 AA violation`, async ({ page, request }) => {
      const token = screen.who === "visitor" ? null : await tokenFor(request, screen.who)
      await page.addInitScript(
        ([lang, sessionToken]) => {
          localStorage.setItem("promed.cookies", JSON.stringify({ necessary: true, analytics: false }))
          localStorage.setItem("promed.language", lang)
          if (sessionToken) sessionStorage.setItem("promed.sessionToken", sessionToken)
        },
        [language, token] as const,
      )
      const path = typeof screen.path === "function" ? screen.path(ids) : screen.path
      const found: string[] = []
      for (const [width, scheme] of [
        [360, "dark"],
        [1280, "system"],
      ] as const) {
        await page.emulateMedia({ colorScheme: scheme === "system" ? "dark" : "light" })
        await page.setViewportSize({ width, height: 900 })
        await page.goto(path)
        await expect(page.locator("html")).toHaveAttribute("lang", language)
        await expect(page.locator("main h1, main [role=heading][aria-level='1']").first()).toBeVisible()
        await page.waitForLoadState("networkidle")
        await page.evaluate((value) => {
          document.documentElement.dataset.colorScheme = value
        }, scheme)
        // The dark page background is in use: the palette applies, not only the attribute.
        await expect(page.locator("body")).toHaveCSS("background-color", "rgb(14, 22, 32)")
        for (const violation of await scan(page)) found.push(`${width}px ${scheme} ${violation}`)
      }
      expect(found).toEqual([])
    })
  }
}
