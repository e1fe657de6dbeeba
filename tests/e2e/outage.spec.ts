import { expect, test } from "@playwright/test"
import { acceptCookies, ACCOUNTS, expectToastShown, openWizardFor, recordToasts, signIn } from "./support.ts"

/**
 * Issue 37 in the browser: while the gateway answers 503 SERVER_ERROR with Retry-After (its
 * database out of reach), the booking is sent again on its own with the same key, then the review
 * says Promed is briefly unavailable, with everything typed still there; Retry books it once back.
 * The gateway's 503 itself is proven in server/http/outage and tests/faults; here only the answer is staged.
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

test("a booking during an outage: retried with its key after each Retry-After, then 'briefly unavailable, your input is kept', then booked on Retry", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  const dialog = await openWizardFor(page, "Aïcha Mahamat")
  await dialog.getByLabel("Motif de consultation").fill("Douleurs au genou depuis une semaine")
  await dialog.getByRole("button", { name: "Suivant", exact: true }).click()
  const next = dialog.getByRole("button", { name: "Semaine suivante" })
  const previous = dialog.getByRole("button", { name: "Semaine précédente" })
  const free = dialog.getByRole("group", { name: /Créneaux du/ }).getByRole("button", { pressed: false, disabled: false })
  // Four weeks from this one: clear of the other suites' bookings of this doctor (two and three
  // weeks). The grid may open on next week (late on a Friday nothing is left this week), so it is
  // taken back to this week first; the schedule reaches 28 days ahead, so the fourth week can be
  // empty but for a day or two: then the third week's last slot.
  await expect(dialog.getByRole("group", { name: /Créneaux du/ })).toBeVisible()
  while (await previous.isEnabled()) await previous.click()
  for (let i = 0; i < 4; i++) await next.click()
  await expect(dialog.getByRole("group", { name: /Créneaux du/ })).toBeVisible()
  if ((await free.count()) === 0) await previous.click()
  await free.last().click()
  await dialog.getByRole("button", { name: "Suivant", exact: true }).click()

  const keys: string[] = []
  await page.route("**/api/v1/appointments", async (route) => {
    if (route.request().method() !== "POST") return route.fallback()
    keys.push(route.request().headers()["idempotency-key"] ?? "")
    await route.fulfill({
      status: 503,
      headers: { "Retry-After": "1", "Content-Type": "application/json" },
      body: JSON.stringify({ code: "SERVER_ERROR", message: "Service briefly unavailable" }),
    })
  })
  await dialog.getByRole("button", { name: "Confirmer le rendez-vous" }).click()
  await expect(dialog.getByRole("alert").filter({ hasText: "Promed est brièvement indisponible. Votre saisie est conservée" })).toBeVisible()
  // Sent three times (two automatic retries), always with the one key, and nothing else said (no modal, no toast).
  expect(keys).toHaveLength(3)
  expect(new Set(keys).size).toBe(1)
  expect(keys[0]).toMatch(/\S/)
  await expect(page.getByRole("alertdialog")).toHaveCount(0)
  await expect(dialog.getByText("Douleurs au genou depuis une semaine")).toBeVisible()

  await page.unroute("**/api/v1/appointments")
  await dialog.getByRole("button", { name: "Réessayer" }).click()
  await expectToastShown(page, "Votre rendez-vous est confirmé.")
  await expect(page.getByRole("article").filter({ hasText: "Douleurs au genou" })).toHaveCount(1)
})

test("a list that cannot load during an outage says Promed is briefly unavailable, and loads on Retry", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  let outage = true
  await page.route(
    (url) => url.pathname === "/api/v1/appointments",
    async (route) => {
      if (!outage) return route.fallback()
      await route.fulfill({
        status: 503,
        headers: { "Retry-After": "1", "Content-Type": "application/json" },
        body: JSON.stringify({ code: "SERVER_ERROR", message: "Service briefly unavailable" }),
      })
    },
  )
  await page.goto("/appointments")
  await expect(page.getByRole("alert").filter({ hasText: "Promed est brièvement indisponible : réessayez dans un instant." })).toBeVisible({ timeout: 15_000 })
  outage = false
  await page.getByRole("alert").getByRole("button", { name: "Réessayer" }).click()
  await expect(page.getByRole("alert").filter({ hasText: "brièvement indisponible" })).toHaveCount(0)
  await expect(page.getByRole("article").first()).toBeVisible()
})
