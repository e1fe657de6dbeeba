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
const DOCTOR = "Aïcha Mahamat"

/** Through the three steps for herself, `weeks` ahead (the week's last free time: others take the first ones), to the review; then Confirm. */
async function bookWeeksAhead(page: Page, weeks: number, reason: string) {
  const dialog = await openWizardFor(page, DOCTOR)
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
  const booked = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/v1/appointments"))
  // The demo data gives her one upcoming appointment with this doctor; this is the second.
  await bookWeeksAhead(page, 2, "Suivi de la fièvre")
  const first = (await (await booked).json()) as { id: string }
  await expectToastShown(page, "Votre rendez-vous est confirmé.")
  try {
    const dialog = await bookWeeksAhead(page, 3, "Deuxième avis sur la toux")
    await expect(dialog.getByRole("alert").filter({ hasText: "Vous avez déjà 2 rendez-vous à venir avec ce médecin pour cette personne" })).toBeVisible()
    await expect(dialog.getByText("Deuxième avis sur la toux")).toBeVisible()
    await expect(dialog.getByRole("button", { name: "Réessayer" })).toBeVisible()
  } finally {
    const token = ((await (await page.request.post("/auth/token", { data: { email: PATIENT, password: "Passw0rd!" } })).json()) as { token: string }).token
    expect((await page.request.put(`/api/v1/appointments/cancel/${first.id}`, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200)
  }
})
