import { expect, test, type Page } from "@playwright/test"
import { acceptCookies, expectToastShown, openWizardFor, recordToasts, signIn } from "./support.ts"

/**
 * Issue 38 in the browser: a patient with two upcoming appointments with one doctor is told, on the
 * slot grid before the review and in her language, why a third is refused, with her reason still there.
 * (The limits themselves are proved in tests/security/marketplaceAbuse.test.ts.)
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

const PATIENT = "patient2@demo.sn"

/** Through the first two steps for herself, `weeks` ahead (the week's last free time: others take the first ones), asking for the review. */
async function chooseWeeksAhead(page: Page, doctor: string, weeks: number, reason: string) {
  const dialog = await openWizardFor(page, doctor)
  await dialog.getByLabel("Motif de consultation").fill(reason)
  await dialog.getByRole("button", { name: "Suivant", exact: true }).click()
  for (let i = 0; i < weeks; i++) await dialog.getByRole("button", { name: "Semaine suivante" }).click()
  await dialog
    .getByRole("group", { name: /Créneaux du/ })
    .getByRole("button", { pressed: false, disabled: false })
    .last()
    .click()
  await dialog.getByRole("button", { name: "Suivant", exact: true }).click()
  return dialog
}

/** The same, then Confirm on the review. */
async function bookWeeksAhead(page: Page, doctor: string, weeks: number, reason: string) {
  const dialog = await chooseWeeksAhead(page, doctor, weeks, reason)
  await dialog.getByRole("button", { name: "Confirmer le rendez-vous" }).click()
  return dialog
}

test("a third upcoming appointment with one doctor is refused on the slot grid, said in French, the reason kept", async ({ page }) => {
  await signIn(page, PATIENT, "/profile")
  // A doctor no other suite books (the first dermatologist listed), so that only this test's bookings count.
  await page.goto("/doctors?specialties=DERMATOLOGY")
  const heading = (await page.getByRole("article").first().getByRole("heading").first().textContent()) ?? ""
  const doctor = heading.replace(/^Dr\s+/, "").trim()
  const made: Array<Promise<string>> = []
  page.on("response", (r) => {
    if (r.request().method() === "POST" && r.url().endsWith("/api/v1/appointments") && r.status() === 201) made.push(r.json().then((b: { id: string }) => b.id))
  })
  try {
    await bookWeeksAhead(page, doctor, 1, "Eczéma des mains")
    await expectToastShown(page, "Votre rendez-vous est confirmé.")
    await bookWeeksAhead(page, doctor, 2, "Contrôle de l'eczéma")
    await expectToastShown(page, "Votre rendez-vous est confirmé.")
    const dialog = await chooseWeeksAhead(page, doctor, 3, "Deuxième avis sur la toux")
    // The hold is refused for the booking's own reason: still on the grid, no review, no Confirm.
    await expect(dialog.getByRole("alert").filter({ hasText: "Vous avez déjà 2 rendez-vous à venir avec ce médecin pour cette personne" })).toBeVisible()
    await expect(dialog.getByRole("group", { name: /Créneaux du/ })).toBeVisible()
    await expect(dialog.getByRole("button", { name: "Confirmer le rendez-vous" })).toHaveCount(0)
    await dialog.getByRole("button", { name: "Précédent", exact: true }).click()
    await expect(dialog.getByLabel("Motif de consultation")).toHaveValue("Deuxième avis sur la toux")
  } finally {
    const token = ((await (await page.request.post("/auth/token", { data: { email: PATIENT, password: "Passw0rd!" } })).json()) as { token: string }).token
    for (const id of await Promise.all(made)) {
      expect((await page.request.put(`/api/v1/appointments/cancel/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200)
    }
  }
})
