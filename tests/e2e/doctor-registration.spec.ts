import { expect, test, type Page } from "@playwright/test"
import { expectNoHorizontalOverflow } from "../support/publicPages.ts"
import { ACCOUNTS, acceptCookies, signIn } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value)
}

test("a doctor asks for a professional account on a 360 px phone; the demo manager sees the request and marks it reviewed", async ({ page }) => {
  const email = `ibrahima.fall.${Date.now()}@example.sn`
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/")
  await page.getByRole("link", { name: "Compte professionnel de santé" }).click()
  await expect(page).toHaveURL(/\/register\/doctor$/)
  await expect(page.getByRole("heading", { name: "Créer un compte professionnel", level: 1 })).toBeVisible()

  // One field wrong: nothing is sent, the field says why, and nothing typed is lost.
  await fill(page, {
    "Prénom *": "Ibrahima",
    "Nom *": "Fall",
    "E-mail professionnel *": "ibrahima@",
    "Téléphone *": "77 123 45 67",
    "Numéro d'ordre *": "SN-ORD-7788",
    "Message (facultatif)": "Cardiologue à Saint-Louis, je souhaite consulter sur Promed.",
  })
  await page.getByLabel("Spécialité *").selectOption("CARDIOLOGY")
  await page.getByRole("checkbox").check()
  await expectNoHorizontalOverflow(page)
  await page.getByRole("button", { name: "Envoyer ma demande" }).click()
  await expect(page.getByText("Adresse e-mail invalide")).toBeVisible()
  await expect(page.getByLabel("Prénom *", { exact: true })).toHaveValue("Ibrahima")
  await expect(page.getByLabel("Numéro d'ordre *", { exact: true })).toHaveValue("SN-ORD-7788")
  await expect(page.getByLabel("Spécialité *")).toHaveValue("CARDIOLOGY")
  await expect(page.getByRole("checkbox")).toBeChecked()

  await fill(page, { "E-mail professionnel *": email })
  await expect(page.getByText("Adresse e-mail invalide")).toHaveCount(0)
  await page.getByRole("button", { name: "Envoyer ma demande" }).click()
  await expect(page.getByRole("heading", { name: "Demande envoyée" })).toBeVisible()
  await expect(page.getByText("Un gestionnaire va l'examiner")).toBeVisible()
  await expectNoHorizontalOverflow(page)

  // The header's user menu, which signIn waits for, sits in the drawer on a phone: sign in wide, read narrow.
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, ACCOUNTS.manager.email, "/manager/dashboard")
  await page.setViewportSize({ width: 360, height: 740 })
  const requests = page.getByRole("region", { name: "Demandes d'adhésion de médecins" })
  const item = requests.getByRole("listitem").filter({ hasText: email })
  await expect(item).toContainText("Ibrahima Fall")
  await expect(item).toContainText("Cardiologie")
  await expect(item).toContainText("+221 77 123 45 67")
  await expect(item).toContainText("Cardiologue à Saint-Louis")
  await expectNoHorizontalOverflow(page)

  // Marked as reviewed, it leaves the pending list.
  await item.getByRole("button", { name: "Marquer comme traitée" }).click()
  await expect(item).toHaveCount(0)
})

test("a second request from the same address is refused, and the form keeps what was typed", async ({ page }) => {
  const email = `awa.ba.${Date.now()}@example.sn`
  const send = async () => {
    await fill(page, { "Prénom *": "Awa", "Nom *": "Ba", "E-mail professionnel *": email, "Téléphone *": "+221761112233", "Numéro d'ordre *": "SN-4410" })
    await page.getByLabel("Spécialité *").selectOption("PEDIATRICS")
    await page.getByRole("checkbox").check()
    await page.getByRole("button", { name: "Envoyer ma demande" }).click()
  }
  await page.goto("/register/doctor")
  await send()
  await expect(page.getByRole("heading", { name: "Demande envoyée" })).toBeVisible()
  await page.goto("/register/doctor")
  await send()
  await expect(page.getByText("Une demande avec cette adresse e-mail est déjà en attente de vérification.")).toBeVisible()
  await expect(page.getByLabel("E-mail professionnel *", { exact: true })).toHaveValue(email)
  await expect(page.getByLabel("Prénom *", { exact: true })).toHaveValue("Awa")
})

test("in Arabic the form reads right to left, with no raw key", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/register/doctor?lang=ar")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByRole("heading", { name: "إنشاء حساب مهني", level: 1 })).toBeVisible()
  await page.getByRole("button", { name: "إرسال طلبي" }).click()
  await expect(page.getByText("اختر تخصصك", { exact: true })).toBeVisible()
  await expect(page.getByText("يجب أن توافق على شروط الاستخدام")).toBeVisible()
  const text = await page.locator("main").innerText()
  expect(text).not.toMatch(/doctorRequest\.|validation\.|specialties\./)
  await expectNoHorizontalOverflow(page)
})
