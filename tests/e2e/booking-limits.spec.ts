import { expect, test, type Page } from "@playwright/test"
import { acceptCookies, expectToastShown, openWizardFor, recordToasts, signIn } from "./support.ts"

/**
 * Issue 38 in the browser: a patient with two upcoming appointments with one doctor is told, on the
 * review and in her language, why a third is refused, with everything she chose still there.
 * (The limits themselves are proved in tests/security/marketplaceAbuse.test.ts.)
 */
test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

const PATIENT = "patient2@demo.sn"

/** Through the three steps for herself, `weeks` ahead (the week's last free time: others take the first ones), to the review; then Confirm. */
async function bookWeeksAhead(page: Page, doctor: string, weeks: number, reason: string) {
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
  await dialog.getByRole("button", { name: "Confirmer le rendez-vous" }).click()
  return dialog
}

test("a third upcoming appointment with one doctor is refused on the review, said in French, the choices kept", async ({ page }) => {
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
    const dialog = await bookWeeksAhead(page, doctor, 3, "Deuxième avis sur la toux")
    await expect(dialog.getByRole("alert").filter({ hasText: "Vous avez déjà 2 rendez-vous à venir avec ce médecin pour cette personne" })).toBeVisible()
    await expect(dialog.getByText("Deuxième avis sur la toux")).toBeVisible()
    await expect(dialog.getByRole("button", { name: "Réessayer" })).toBeVisible()
  } finally {
    const token = ((await (await page.request.post("/auth/token", { data: { email: PATIENT, password: "Passw0rd!" } })).json()) as { token: string }).token
    for (const id of await Promise.all(made)) {
      expect((await page.request.put(`/api/v1/appointments/cancel/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200)
    }
  }
})
