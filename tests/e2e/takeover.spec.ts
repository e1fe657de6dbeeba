import { expect, test } from "@playwright/test"
import { acceptCookies, watchHydration } from "./support.ts"

// On a slow phone the server's page shows a second or more before the app takes it over. A visitor
// who scrolled down and tapped a link meanwhile was taken back to the top by the app's first scroll
// restoration, their tap landing on whatever had moved under it (about one time in four at a 6×
// slower CPU). The tap is now held until the app can follow it, and the page stays where it was.
// Followed as soon as the frame was adopted, it swapped the route under the page React was still
// adopting: React threw that work away and drew the page again (a recoverable error, logged). The
// tap now waits for the page itself (src/ssr/pageAdopted.ts).
test("on a slow phone, a link tapped on the landing while the app takes it over is followed", async ({ page, context }) => {
  // Eight loads of the landing on a phone six times slower than this machine: 30 to 60 s on a busy
  // CI host, more than the default allowance for one test.
  test.slow()
  await acceptCookies(page)
  await page.setViewportSize({ width: 360, height: 740 })
  const cdp = await context.newCDPSession(page)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 })
  const problems = watchHydration(page)
  for (let visit = 0; visit < 8; visit++) {
    await page.goto("/", { waitUntil: "commit" })
    await page.getByRole("link", { name: "Compte professionnel de santé" }).click()
    await expect(page).toHaveURL(/\/register\/doctor$/)
    await expect(page.getByRole("heading", { level: 1, name: "Créer un compte professionnel" })).toBeVisible()
  }
  expect(problems).toEqual([])
})
