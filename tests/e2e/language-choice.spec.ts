import { expect, test } from "@playwright/test"
import { acceptCookies, expectToastShown, fillLoginForm, newLocalNumber, recordToasts, signUpPatient } from "./support.ts"

// Issue 39, "What new users still hit", items 5 and 6: the language chosen last wins. Arabic chosen
// for a sign-in (on the login page, or with ع in the app) opens the app in Arabic even though the
// account holds a language it was given at sign-up; a language saved in the settings says "saved"
// in that language. Each case signs up an account of its own (its saved language is its own).

const PHONE = { width: 360, height: 740 }

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await page.setViewportSize(PHONE)
})

/** A new patient, signed up in French (the account's language FR), then signed out. */
async function frenchAccount(page: import("@playwright/test").Page): Promise<string> {
  const email = await signUpPatient(page, { lang: "fr", localPhone: newLocalNumber() })
  await page.evaluate(() => sessionStorage.clear())
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.removeItem("promed.language"))
  return email
}

test("AR chosen on the sign-in page opens the app in Arabic, right to left, at 360 px", async ({ page }) => {
  const email = await frenchAccount(page)
  await page.goto("/auth/login?returnTo=%2Fprofile")
  await page.getByRole("link", { name: "AR" }).click()
  await expect(page.locator("html")).toHaveAttribute("lang", "ar")
  await page.getByLabel(/البريد|e-mail|email/i).fill(email)
  await page.locator("#password").fill("Bonjour1!")
  await page.locator("form button[type=submit]").click()
  await expect(page).toHaveURL(/\/profile/)
  await expect(page.locator("html")).toHaveAttribute("lang", "ar")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByRole("button", { name: "العربية" })).toHaveAttribute("aria-pressed", "true")
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

test("ع in the app before signing in keeps Arabic through the sign-in", async ({ page }) => {
  const email = await frenchAccount(page)
  // At desktop size, where the header's sign-in link shows.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto("/")
  await page.getByRole("button", { name: "العربية" }).click()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await page.getByTestId("sign-in").first().click()
  await expect(page.locator("html")).toHaveAttribute("lang", "ar")
  await page.getByLabel(/البريد|e-mail|email/i).fill(email)
  await page.locator("#password").fill("Bonjour1!")
  await page.locator("form button[type=submit]").click()
  await expect(page.getByTestId("user-menu")).toBeVisible()
  await expect(page.locator("html")).toHaveAttribute("lang", "ar")
})

test("with no language chosen, the account's saved one still opens the app (English)", async ({ page }) => {
  const email = await signUpPatient(page, { lang: "fr", localPhone: newLocalNumber() })
  // Saved in English in the settings, then signed in again from a French page.
  await page.goto("/profile/settings")
  await page.getByLabel("Langue de l'application").selectOption("EN")
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click()
  await expect(page.locator("html")).toHaveAttribute("lang", "en")
  await page.evaluate(() => sessionStorage.clear())
  await page.evaluate(() => localStorage.removeItem("promed.language"))
  await page.context().clearCookies()
  await page.goto("/auth/login?returnTo=%2Fprofile")
  await fillLoginForm(page, email, "Bonjour1!")
  await expect(page.locator("html")).toHaveAttribute("lang", "en")
})

for (const [value, lang, saved] of [
  ["AR", "ar", "تم حفظ الإعدادات."],
  ["EN", "en", "Settings saved."],
] as const) {
  test(`saving ${value} in the settings says so in ${lang} (360 px)`, async ({ page }) => {
    await recordToasts(page)
    await signUpPatient(page, { lang: "fr", localPhone: newLocalNumber() })
    await page.goto("/profile/settings")
    await page.getByLabel("Langue de l'application").selectOption(value)
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click()
    await expect(page.locator("html")).toHaveAttribute("lang", lang)
    await expectToastShown(page, saved)
    expect(await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts.some((t) => t.includes("Paramètres enregistrés.")))).toBe(false)
  })
}
