import { expect, test } from "@playwright/test"
import { acceptCookies, signIn } from "../e2e/support.ts"

/**
 * What the change-password screen shows when the gateway blocks the account (issue 9, item 6).
 * The gateway's answer is the one tests/security/credentialLimits.test.ts proves it sends; it is
 * played here rather than provoked, because a real block would lock a demo account for 15
 * minutes under every other scenario sharing this server.
 */
const BLOCKED = {
  status: 429,
  headers: { "Content-Type": "application/json", "Retry-After": "900" },
  body: JSON.stringify({
    code: "UNAUTHORIZED",
    message: "Too many failed attempts; try again later",
    fields: [{ name: "oldPassword", message: "validation.tooManyAttempts" }],
  }),
}

test("too many guesses: the reason shows on the current password, translated, and what was typed stays", async ({ page }) => {
  await acceptCookies(page)
  await signIn(page, "patient@demo.sn", "/change-password")
  const sent: unknown[] = []
  await page.route("**/api/v1/account/change-password", async (route) => {
    sent.push(route.request().postDataJSON())
    await route.fulfill(BLOCKED)
  })

  const current = page.getByLabel("Mot de passe actuel")
  const fresh = page.getByRole("textbox", { name: "Nouveau mot de passe", exact: true })
  const confirm = page.getByLabel("Confirmer le nouveau mot de passe")
  await current.fill("Devin3tte!")
  await fresh.fill("N0uveau!pass")
  await confirm.fill("N0uveau!pass")
  await page.getByRole("button", { name: "Changer le mot de passe" }).click()

  await expect(page.getByRole("alert").filter({ hasText: "Trop de tentatives. Réessayez dans 15 minutes." })).toBeVisible()
  await expect(current).toHaveAttribute("aria-invalid", "true")
  await expect(current).toHaveAccessibleDescription(/Trop de tentatives/)
  expect(sent).toEqual([{ oldPassword: "Devin3tte!", newPassword: "N0uveau!pass" }])
  await expect(current).toHaveValue("Devin3tte!")
  await expect(fresh).toHaveValue("N0uveau!pass")
  await expect(confirm).toHaveValue("N0uveau!pass")

  await page.getByRole("button", { name: "English" }).click()
  await expect(page.getByText("Too many attempts. Try again in 15 minutes.")).toBeVisible()
  await page.getByRole("button", { name: "العربية" }).click()
  await expect(page.getByText("محاولات كثيرة جدًا. حاول مرة أخرى بعد 15 دقيقة.")).toBeVisible()
  await expect(page.getByLabel(/كلمة المرور الحالية/)).toHaveValue("Devin3tte!")
})
