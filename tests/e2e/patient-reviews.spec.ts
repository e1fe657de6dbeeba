import { expect, test, type Page } from "@playwright/test"
import { acceptCookies, ACCOUNTS, expectToastShown, recordToasts, signIn } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

async function openDoctorReviews(page: Page) {
  await page.goto("/doctors?keyword=Moussa%20Ndiaye")
  await page
    .getByRole("article")
    .filter({ hasText: "Moussa Ndiaye" })
    .first()
    .getByRole("link", { name: /Moussa Ndiaye/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/doctors\/[0-9a-f-]+$/)
  const toggle = page.getByRole("button", { name: /Avis des patients/ })
  await expect(toggle).toHaveAttribute("aria-expanded", "false")
  await toggle.click()
  await expect(toggle).toHaveAttribute("aria-expanded", "true")
  return page.getByRole("region", { name: /Avis des patients/ })
}

test("a patient who has seen the doctor adds, edits and deletes a review, and reacts to someone else's", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  const section = await openDoctorReviews(page)
  await expect(section.getByRole("list", { name: "Répartition des notes" })).toBeVisible()
  await expect(section.getByText("Avis mis en avant")).toBeVisible()
  // 3 most recent until "show more" (the featured one apart).
  const ordinary = section.getByRole("article").filter({ hasNotText: "Avis mis en avant" })
  // The seed gives Dr Ndiaye 5 reviews besides the featured one.
  await expect(ordinary).toHaveCount(3)
  const more = section.getByRole("button", { name: /Voir plus d'avis/ })
  await more.click()
  expect(await ordinary.count()).toBeGreaterThan(3)
  await section.getByRole("button", { name: "Voir moins d'avis" }).click()
  await expect(ordinary).toHaveCount(3)

  // The rating starts at none: publishing needs a star and a comment of 20 characters.
  const form = section.getByRole("form", { name: "Donner votre avis" })
  await form.getByLabel("Votre commentaire").fill("Trop court")
  await form.getByRole("button", { name: "Publier l'avis" }).click()
  await expect(form.getByText("La note doit être d'au moins 1")).toBeVisible()
  await expect(form.getByText("Le commentaire doit contenir au moins 20 caractères")).toBeVisible()
  await form.locator("label").filter({ hasText: "4 étoiles" }).click()
  await form.getByLabel("Votre commentaire").fill("  Médecin attentif, explications claires et rassurantes.  ")
  await form.getByRole("button", { name: "Publier l'avis" }).click()
  await expectToastShown(page, "Merci, votre avis est publié.")
  await expect(section.getByRole("form", { name: "Donner votre avis" })).toHaveCount(0)

  const mine = section.getByRole("article", { name: "Avis de Awa D." })
  await expect(mine).toContainText("Médecin attentif, explications claires et rassurantes.")
  await expect(mine.getByRole("button", { name: /Utile/ })).toBeDisabled()

  await mine.getByRole("button", { name: "Modifier" }).click()
  await mine.getByLabel("Votre commentaire").fill("Médecin attentif, explications très claires, je recommande.")
  await mine.locator("label").filter({ hasText: "5 étoiles" }).click()
  await mine.getByRole("button", { name: "Enregistrer" }).click()
  await expect(mine).toContainText("je recommande.")
  await expect(mine.getByRole("img", { name: "Note : 5 sur 5" })).toBeVisible()

  // Reacting to another patient's review, then taking it back.
  const other = section.getByRole("article").filter({ hasNotText: "Awa D." }).filter({ hasNotText: "Avis mis en avant" }).first()
  const like = other.getByRole("button", { name: /^Utile/ })
  const count = Number(/\((\d+)\)/.exec((await like.getAttribute("aria-label")) ?? "")?.[1])
  await like.click()
  await expect(other.getByRole("button", { name: `Utile (${count + 1})` })).toHaveAttribute("aria-pressed", "true")
  await other.getByRole("button", { name: `Utile (${count + 1})` }).click()
  await expect(other.getByRole("button", { name: `Utile (${count})` })).toHaveAttribute("aria-pressed", "false")

  await mine.getByRole("button", { name: "Supprimer" }).click()
  const dialog = page.getByRole("dialog", { name: "Supprimer l'avis" })
  await dialog.getByRole("button", { name: "Supprimer" }).click()
  await expect(section.getByRole("article", { name: "Avis de Awa D." })).toHaveCount(0)
  await expect(section.getByRole("form", { name: "Donner votre avis" })).toBeVisible()
})

test("a visitor reads the reviews but cannot react or write one", async ({ page }) => {
  const section = await openDoctorReviews(page)
  await expect(section.getByRole("article").first()).toBeVisible()
  await expect(
    section
      .getByRole("article")
      .first()
      .getByRole("button", { name: /^Utile/ }),
  ).toBeDisabled()
  await expect(section.getByRole("form", { name: "Donner votre avis" })).toHaveCount(0)
})
