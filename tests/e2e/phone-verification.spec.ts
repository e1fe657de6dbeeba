/**
 * Issue 38: "a phone number gets SMS only once verified by a one-time code sent by SMS (at sign-up
 * or in the profile)". A new patient signs up, reads the code the server sent (the SMS outbox of
 * its data folder, no provider being set), types it on the profile and sees the number verified;
 * in Arabic at 360 px, a wrong code is refused in Arabic with the tries left.
 */
import { expect, test } from "@playwright/test"
import { acceptCookies, expectToastShown, lastCodeSentTo, newLocalNumber, recordToasts, signUpPatient, smsSentTo } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

test("a new patient types the code sent by SMS at sign-up and the number is verified", async ({ page }) => {
  const local = newLocalNumber()
  await signUpPatient(page, { localPhone: local })
  await expect(page).toHaveURL(/\/profile$/)
  const section = page.getByRole("region", { name: "Vérification du téléphone" })
  await expect(section).toContainText("Un code à 6 chiffres a été envoyé par SMS")
  // The resend waits its minute, counted down.
  await expect(section.getByRole("button", { name: /Nouveau code possible dans \d+ s/ })).toBeDisabled()
  expect(smsSentTo(`+221${local}`)).toHaveLength(1)
  const code = lastCodeSentTo(`+221${local}`)
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
  const local = newLocalNumber()
  await signUpPatient(page, { lang: "ar", localPhone: local })
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  const section = page.getByRole("region", { name: "التحقق من الهاتف" })
  await expect(section).toBeVisible()
  const code = lastCodeSentTo(`+221${local}`)
  const wrong = code === "000000" ? "111111" : "000000"
  await section.getByLabel("الرمز المستلم برسالة نصية").fill(wrong)
  await section.getByRole("button", { name: "تحقّق" }).click()
  await expect(section.getByRole("alert")).toHaveText("رمز غير صحيح: تبقّى 4 من المحاولات.")
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await section.getByLabel("الرمز المستلم برسالة نصية").fill(code)
  await section.getByRole("button", { name: "تحقّق" }).click()
  await expect(page.getByTestId("phone-verification")).toHaveCount(0)
})
