import { expect, test } from "@playwright/test"
import { ACCOUNTS, acceptCookies, signIn } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

test("the manager sees their profile and facility, the facility list, and the local-only settings", async ({ page }) => {
  await signIn(page, ACCOUNTS.manager.email, "/manager/profile")
  await expect(page.getByRole("heading", { name: "Khady Sow" })).toBeVisible()
  const facility = page.getByRole("region", { name: "Mon établissement" })
  await expect(facility).toContainText("Hôpital Principal de Dakar")
  await expect(page.getByRole("link", { name: "manager@demo.sn" })).toBeVisible()

  await page.getByRole("link", { name: "Tableau de bord" }).click()
  await expect(page.getByRole("heading", { name: "Établissements de santé" })).toBeVisible()
  await page.getByLabel("Rechercher un établissement").fill("P")
  await page.getByRole("button", { name: "Rechercher" }).click()
  await expect(page.getByText("Saisissez au moins 2 caractères")).toBeVisible()
  await page.getByLabel("Rechercher un établissement").fill("Principal")
  await page.getByRole("button", { name: "Rechercher" }).click()
  await expect(page).toHaveURL(/q=Principal/)
  const own = page.getByRole("listitem").filter({ hasText: "Hôpital Principal de Dakar" })
  await expect(own).toContainText("Votre établissement")

  await page.goto("/manager/settings")
  await expect(page.getByRole("heading", { name: "Paramètres" })).toBeVisible()
  await expect(page.getByRole("note")).toContainText("ne sont pas encore enregistrés")
  for (const label of ["Rendez-vous", "Messages", "Avis", "Nouveautés"]) await expect(page.getByLabel(label, { exact: true })).toBeChecked()
  await page.getByLabel("Messages", { exact: true }).uncheck()
  await expect(page.getByLabel("Messages", { exact: true })).not.toBeChecked()
  await expect(page.getByLabel("Visibilité du profil").locator("option")).toHaveText(["Public", "Utilisateurs inscrits uniquement", "Privé"])
  await expect(page.getByRole("button", { name: /Enregistrer/ })).toHaveCount(0)
  await expect(page.getByRole("link", { name: "Changer le mot de passe" })).toHaveCount(0)
})

test("managers are refused /change-password and the doctor screens", async ({ page }) => {
  await signIn(page, ACCOUNTS.manager.email, "/manager/profile")
  await page.goto("/change-password")
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole("heading", { name: "Changer le mot de passe" })).toHaveCount(0)
  await page.goto("/doctor/schedule")
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole("heading", { name: "Mon planning" })).toHaveCount(0)
})

test("the admin is routed to /admin", async ({ page }) => {
  await signIn(page, ACCOUNTS.admin.email, "/")
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole("heading", { name: "Administration" })).toBeVisible()
})
