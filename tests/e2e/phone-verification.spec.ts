/**
 * Issue 38: "a phone number gets SMS only once verified by a one-time code sent by SMS (at sign-up
 * or in the profile)". A new patient signs up, reads the code the server sent (the SMS outbox of
 * its data folder, no provider being set), types it on the profile and sees the number verified;
 * in Arabic at 360 px, a wrong code is refused in Arabic with the tries left.
 */
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { expect, test, type Page } from "@playwright/test"
import { acceptCookies, expectToastShown, recordToasts } from "./support.ts"

const PASSWORD = "Bonjour1!"
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`

/** The SMS the server wrote for this number, oldest first. */
function smsTo(phone: string): string[] {
  const file = path.join(process.env.E2E_DATA_DIR!, "sms", "outbox.jsonl")
  if (!existsSync(file)) return []
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((sms) => sms.to === phone)
    .map((sms) => sms.text)
}

/** A new number of its own (+221 77 and seven digits), so that no other spec's notices count against it. */
const newNumber = () => `77${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`

async function signUp(page: Page, lang: "fr" | "ar", local: string) {
  await page.goto(`/auth/register?lang=${lang}&returnTo=%2Fprofile`)
  const form = page.locator("form")
  await form.locator("#firstName").fill("Aminata")
  await form.locator("#lastName").fill("Faye")
  await form.locator("#email").fill(`verify.${unique()}@example.sn`)
  await form.locator("#phoneNumber").fill(local)
  await form.locator("#password").fill(PASSWORD)
  await form.locator("#passwordConfirm").fill(PASSWORD)
  await form.locator("#acceptTerms").check()
  await form.getByRole("button").click()
  // On a phone the user menu folds away: the profile itself says who is signed in.
  await expect(page.getByRole("heading", { name: "Aminata Faye" })).toBeVisible()
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

test("a new patient types the code sent by SMS at sign-up and the number is verified", async ({ page }) => {
  const local = newNumber()
  await signUp(page, "fr", local)
  await expect(page).toHaveURL(/\/profile$/)
  const section = page.getByRole("region", { name: "Vérification du téléphone" })
  await expect(section).toContainText("Un code à 6 chiffres a été envoyé par SMS")
  // The resend waits its minute, counted down.
  await expect(section.getByRole("button", { name: /Nouveau code possible dans \d+ s/ })).toBeDisabled()
  const texts = smsTo(`+221${local}`)
  expect(texts).toHaveLength(1)
  const code = /\b(\d{6})\b/.exec(texts[0]!)![1]!
  await section.getByLabel("Code reçu par SMS").fill(code)
  await section.getByRole("button", { name: "Vérifier" }).click()
  await expectToastShown(page, "Votre numéro est vérifié.")
  await expect(page.getByTestId("phone-verification")).toHaveCount(0)
  // Still verified after a reload: the gateway says so.
  await page.reload()
  await expect(page.getByRole("heading", { name: "Aminata Faye" })).toBeVisible()
  await expect(page.getByTestId("phone-verification")).toHaveCount(0)
})

test("in Arabic at 360 px, a wrong code is refused with the tries left, right to left", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const local = newNumber()
  await signUp(page, "ar", local)
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  const section = page.getByRole("region", { name: "التحقق من الهاتف" })
  await expect(section).toBeVisible()
  const code = /\b(\d{6})\b/.exec(smsTo(`+221${local}`)[0]!)![1]!
  const wrong = code === "000000" ? "111111" : "000000"
  await section.getByLabel("الرمز المستلم برسالة نصية").fill(wrong)
  await section.getByRole("button", { name: "تحقّق" }).click()
  await expect(section.getByRole("alert")).toHaveText("رمز غير صحيح: تبقّى 4 من المحاولات.")
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await section.getByLabel("الرمز المستلم برسالة نصية").fill(code)
  await section.getByRole("button", { name: "تحقّق" }).click()
  await expect(page.getByTestId("phone-verification")).toHaveCount(0)
})
