import { expect, test } from "@playwright/test"
import { ACCOUNTS, acceptCookies, signIn } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

test("the patient finds her appointments, filters them in the address and opens one", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/appointments")
  await expect(page.getByRole("heading", { name: "Mes rendez-vous" })).toBeVisible()
  const cards = page.getByRole("article")
  await expect(cards.first()).toBeVisible()

  await page.getByLabel("Date").selectOption({ label: "Passés" })
  await expect(page).toHaveURL(/date=past/)
  await expect(cards.filter({ hasText: "Terminé" }).first()).toBeVisible()
  await expect(cards.filter({ hasText: "Confirmé" })).toHaveCount(0)

  await page.getByLabel("Date").selectOption({ label: "À venir" })
  await page.getByLabel("Rechercher").fill("ndiaye")
  await expect(page).toHaveURL(/q=ndiaye/)
  // Her seeded visit with Dr Ndiaye is ahead and confirmed. (The doctor's scenario may add, then
  // cancel, an earlier one meanwhile: the confirmed one is not always the first card.)
  const confirmed = cards.filter({ hasText: "Moussa Ndiaye" }).filter({ hasText: "Confirmé" }).first()
  await expect(confirmed).toBeVisible()

  // The filters survive a reload: they live in the address.
  await page.reload()
  await expect(page.getByLabel("Rechercher")).toHaveValue("ndiaye")

  await page.getByLabel("Rechercher").fill("zzzz introuvable")
  await expect(page.getByText("Aucun rendez-vous ne correspond à ces critères.")).toBeVisible()
  await page.getByRole("button", { name: "Effacer les filtres" }).first().click()
  await expect(page).toHaveURL(/\/appointments$/)

  await page.getByLabel("Date").selectOption({ label: "À venir" })
  await confirmed.getByRole("link", { name: "Voir le détail" }).click()
  await expect(page.getByRole("heading", { name: "Détail du rendez-vous" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Reporter" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Annuler le rendez-vous" })).toBeVisible()

  // Asking to cancel shows the confirmation of SPEC §4; keeping it changes nothing.
  await page.getByRole("button", { name: "Annuler le rendez-vous" }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog).toContainText("Êtes-vous sûr de vouloir annuler ce rendez-vous ? Cette action est irréversible.")
  await dialog.getByRole("button", { name: "Non, le garder" }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText("Confirmé")).toBeVisible()
})

test("an appointment that is not the patient's shows the not-found view", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/appointments/00000000-0000-4000-8000-000000000000")
  await expect(page.getByRole("heading", { name: "Rendez-vous introuvable" })).toBeVisible()
  await page.getByRole("link", { name: "Retour à mes rendez-vous" }).click()
  await expect(page).toHaveURL(/\/appointments$/)
})

test("an address whose appointment id cannot be one shows the not-found view", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/appointments/not-an-id/reschedule")
  await expect(page.getByRole("heading", { name: "Rendez-vous introuvable" })).toBeVisible()
  await page.getByRole("link", { name: "Retour à mes rendez-vous" }).click()
  await expect(page).toHaveURL(/\/appointments$/)
})

test("the appointments list fits a 360 px phone and reads right to left in Arabic", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/appointments")
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByRole("article").first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.evaluate(() => localStorage.setItem("promed.language", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByRole("heading", { name: "مواعيدي" })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

test("the dashboard's bell counts the confirmed appointments ahead and opens one", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  const bell = page.getByRole("button", { name: /Notifications : \d+ rendez-vous confirmés? à venir/ })
  const count = Number(/(\d+)/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1])
  expect(count).toBeGreaterThan(0)
  await expect(bell).toContainText(String(count))
  await bell.click()
  const panel = page.getByRole("region", { name: "Rendez-vous confirmés à venir" })
  await expect(panel.getByRole("link").first()).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(panel).toHaveCount(0)
  await bell.click()
  await panel.getByRole("link").first().click()
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/)
  await expect(page.getByRole("heading", { name: "Détail du rendez-vous" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Annuler le rendez-vous" })).toBeVisible()
})
