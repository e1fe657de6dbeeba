/**
 * Issue 13, "Add to calendar": the patient's and the doctor's appointment detail download the
 * appointment as an iCalendar file; the patient's names the doctor, the doctor's names the patient.
 */
import { expect, test, type Page } from "@playwright/test"
import { ACCOUNTS, acceptCookies, signIn } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

async function downloadCalendar(page: Page, buttonName: string) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: buttonName }).click()])
  expect(file.suggestedFilename()).toMatch(/^promed-\d{4}-\d{2}-\d{2}\.ics$/)
  const text = await new Response((await file.createReadStream()) as unknown as ReadableStream).text()
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
  return text.replace(/\r\n[ \t]/g, "")
}

test("the patient adds a confirmed appointment to her calendar: the event names the doctor", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await page.goto("/appointments")
  await page.getByRole("article").filter({ hasText: "Confirmé" }).first().getByRole("link", { name: "Voir le détail" }).click()
  const text = await downloadCalendar(page, "Ajouter à mon agenda")
  expect(text).toMatch(/\r\nSUMMARY:Promed – Dr [^\r\n]+\r\n/)
})

test("the doctor adds an appointment to his agenda, in Arabic at 360 px: the event names the patient", async ({ page }) => {
  await signIn(page, ACCOUNTS.doctor.email, "/doctor/profile")
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/doctor/appointments")
  const card = page.getByRole("article").filter({ hasText: "Confirmé" }).first()
  const patient = (await card.getByRole("link").first().textContent())!.trim()
  await card.getByRole("link").first().click()
  await expect(page.getByRole("heading", { name: "Détail du rendez-vous" })).toBeVisible()
  await page.goto(`${new URL(page.url()).pathname}?lang=ar`)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  const text = await downloadCalendar(page, "أضف إلى التقويم")
  expect(text).toContain(`\r\nSUMMARY:Promed – ${patient}\r\n`)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

test("the patient subscribes her calendar with a private link shown once, then revokes it", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await page.goto("/profile/settings")
  const card = page.getByRole("region", { name: "Agenda synchronisé" })
  await expect(card.getByRole("status")).toHaveText("Aucun lien actif.")
  await card.getByRole("button", { name: "Créer mon lien" }).click()
  const link = card.getByLabel("Votre lien d'abonnement")
  await expect(link).toHaveValue(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
  const url = await link.inputValue()
  await expect(card.getByRole("status")).toContainText("Lien actif depuis le")

  // A calendar application reads it with the address alone.
  const feed = await page.request.get(url)
  expect(feed.status()).toBe(200)
  const text = (await feed.text()).replace(/\r\n[ \t]/g, "")
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
  expect(text).toContain("X-WR-CALNAME:Promed – Mes rendez-vous")
  expect(text).toMatch(/\r\nSUMMARY:Promed – Dr /)

  // Shown once: after a reload the card says it is active, not what it is.
  await page.reload()
  await expect(card.getByRole("status")).toContainText("Lien actif depuis le")
  await expect(card.getByLabel("Votre lien d'abonnement")).toHaveCount(0)

  await card.getByRole("button", { name: "Révoquer le lien" }).click()
  await expect(card.getByRole("status")).toHaveText("Aucun lien actif.")
  expect((await page.request.get(url)).status()).toBe(404)
})

test("the doctor makes his agenda's link in Arabic at 360 px: the address reads left to right", async ({ page }) => {
  await signIn(page, ACCOUNTS.doctor.email, "/doctor/profile")
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/doctor/settings?lang=ar")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  const card = page.getByRole("region", { name: "مزامنة التقويم" })
  await card.getByRole("button", { name: /إنشاء رابطي|استبدال الرابط/ }).click()
  const link = card.getByLabel("رابط الاشتراك الخاص بك")
  await expect(link).toHaveAttribute("dir", "ltr")
  const feed = await page.request.get(await link.inputValue())
  expect(await feed.text()).toContain("X-WR-CALNAME:Promed – Agenda")
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
