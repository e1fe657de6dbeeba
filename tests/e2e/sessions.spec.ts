import { expect, test, type Page } from "@playwright/test"
import { ACCOUNTS, acceptCookies, expectToastShown, fillLoginForm, recordToasts, signIn } from "./support.ts"

// Issue 38's sessions. "Sign out everywhere else" ends every other session of the account: the
// journey signs up a patient of its own, so no other suite's demo sessions end with it.
const PASSWORD = "Bonjour1!"
const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.sn`

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

/** Signs up a patient on the login site's form, in French or Arabic, landing on /profile. */
async function signUp(page: Page, email: string, lang: "fr" | "ar" = "fr") {
  await page.goto(`/auth/register?lang=${lang}&returnTo=%2Fprofile`)
  const label =
    lang === "fr"
      ? ["Prénom", "Nom", "Adresse e-mail", "Téléphone", "Mot de passe", "Confirmer le mot de passe"]
      : ["الاسم الأول", "اسم العائلة", "البريد الإلكتروني", "الهاتف", "كلمة المرور", "تأكيد كلمة المرور"]
  await page.getByLabel(label[0]!).fill("Khady")
  await page.getByLabel(label[1]!, { exact: true }).fill("Sarr")
  await page.getByLabel(label[2]!).fill(email)
  await page.getByLabel(label[3]!).fill("77 555 43 21")
  await page.getByLabel(label[4]!, { exact: true }).fill(PASSWORD)
  await page.getByLabel(label[5]!).fill(PASSWORD)
  await page.getByRole("checkbox").check()
  await page.getByRole("button", { name: lang === "fr" ? "Créer mon compte" : "إنشاء حسابي" }).click()
  await expect(page).toHaveURL(/\/profile$/)
}

const sessionsCard = (page: Page, title: string) => page.locator("section", { has: page.getByRole("heading", { name: title }) })

test("signing out everywhere else ends the other browser's session: its next step lands on the sign-in page", async ({ page, browser }) => {
  const email = uniqueEmail("sessions")
  await signUp(page, email)

  // The same patient in another browser.
  const other = await browser.newContext()
  const elsewhere = await other.newPage()
  await elsewhere.goto("/auth/login?lang=fr&returnTo=%2Fprofile")
  await fillLoginForm(elsewhere, email, PASSWORD)
  await expect(elsewhere).toHaveURL(/\/profile$/)

  await page.goto("/profile/settings")
  const card = sessionsCard(page, "Sessions ouvertes")
  const rows = card.getByTestId("session-row")
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText("Cet appareil")
  await expect(rows.first()).toContainText("Chrome sur Linux")
  await expect(rows.first()).toContainText("Dernière activité")
  await expect(rows.nth(1)).not.toContainText("Cet appareil")
  await expect(card).toContainText("Une session inutilisée pendant 30 jours se ferme d'elle-même.")

  await card.getByRole("button", { name: "Se déconnecter partout ailleurs" }).click()
  await expectToastShown(page, "1 autre session fermée.")
  await expect(rows).toHaveCount(1)
  await expect(card.getByRole("status")).toHaveText("Aucune autre session ouverte.")
  await expect(card.getByRole("button", { name: "Se déconnecter partout ailleurs" })).toBeDisabled()

  // The other browser's next step: its session has ended, so the sign-in page.
  await elsewhere.getByRole("link", { name: "Paramètres" }).first().click()
  await expect(elsewhere).toHaveURL(/\/auth\/login/)
  await other.close()

  // This one goes on.
  await page.reload()
  await expect(sessionsCard(page, "Sessions ouvertes").getByTestId("session-row")).toHaveCount(1)
})

test("a doctor's settings list the sessions, this one marked, with the 12-hour limit", async ({ page }) => {
  await signIn(page, ACCOUNTS.doctor.email, "/doctor/settings")
  const card = sessionsCard(page, "Sessions ouvertes")
  await expect(card.getByTestId("session-row").filter({ hasText: "Cet appareil" })).toHaveCount(1)
  await expect(card).toContainText("Une session inutilisée pendant 12 heures se ferme d'elle-même.")
})

test.describe("in Arabic on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test("the sessions card reads right to left, without sideways scrolling", async ({ page }) => {
    await signUp(page, uniqueEmail("sessions-ar"), "ar")
    await page.goto("/profile/settings")
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    const card = sessionsCard(page, "الجلسات المفتوحة")
    await expect(card.getByTestId("session-row")).toContainText("هذا الجهاز")
    await expect(card.getByTestId("session-row")).toContainText("Chrome على Linux")
    await expect(card.getByRole("button", { name: "تسجيل الخروج من كل الأجهزة الأخرى" })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })
})
