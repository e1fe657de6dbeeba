import { expect, test } from "@playwright/test"
import { ACCOUNTS, acceptCookies, fillLoginForm, signIn, signInFromHeader } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

for (const [role, account] of Object.entries(ACCOUNTS)) {
  test(`the demo ${role} signs in through the login site, lands on the role home and signs out`, async ({ page }) => {
    await page.goto("/")
    await expect(page.getByRole("link", { name: "Promed, accueil" })).toBeVisible()
    await signInFromHeader(page, account.email)
    await expect(page).toHaveURL(new RegExp(`${account.home}$`))
    // The token never stays in the address bar.
    expect(page.url()).not.toContain("sessionToken")
    if ("name" in account) await expect(page.getByTestId("user-menu")).toContainText(account.name)
    await page.getByTestId("user-menu").click()
    await page.getByRole("button", { name: "Se déconnecter" }).click()
    await expect(page.getByTestId("sign-in").first()).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })
}

test("switching to Arabic turns the page right to left, and the choice survives a reload", async ({ page }) => {
  await page.goto("/")
  await signInFromHeader(page, ACCOUNTS.patient.email)
  await page.getByRole("button", { name: "العربية" }).click()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.locator("html")).toHaveAttribute("lang", "ar")
  await expect(page.getByRole("button", { name: "تسجيل الخروج" })).toHaveCount(0)
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  // Reloading keeps the session of this tab.
  await expect(page.getByTestId("user-menu")).toContainText("Awa Diop")
  await page.getByRole("button", { name: "English" }).click()
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr")
  await expect(page.getByRole("link", { name: "Book appointment" }).first()).toBeVisible()
})

test("an unknown path shows the not-found screen with a way back home", async ({ page }) => {
  await page.goto("/this/does/not/exist")
  await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible()
  await page.getByRole("link", { name: "Retour à l'accueil" }).click()
  await expect(page).toHaveURL(/\/$/)
})

test("a forged token leads to the signed-out experience and leaves the address bar clean", async ({ page }) => {
  await page.goto("/?login=true&sessionToken=forged-token-forged-token-forged&lang=en")
  // The landing is drawn in French before the app starts (after its first paint): English says the app has run.
  await expect(page.locator("html")).toHaveAttribute("lang", "en")
  await expect(page).not.toHaveURL(/forged/)
  await expect(page.getByTestId("sign-in").first()).toBeVisible()
  expect(page.url()).not.toContain("forged")
  await expect(page.getByTestId("user-menu")).toHaveCount(0)
})

test("the redirect helper sends a signed-in patient home, dropping only the login parameters", async ({ page, request }) => {
  const response = await request.post("/auth/token", { data: { email: ACCOUNTS.patient.email, password: "Passw0rd!" } })
  const { token } = (await response.json()) as { token: string }
  await page.goto(`/?ref=sms&login=true&sessionToken=${token}&lang=fr`)
  await expect(page).toHaveURL(/\/profile\?ref=sms$/)
  expect(page.url()).not.toContain(token)
})

test("a patient opening a doctor screen is sent to /", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await page.goto("/doctor/profile")
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId("user-menu")).toBeVisible()
})

test("a visitor opening a protected screen signs in and comes back to it", async ({ page }) => {
  await page.goto("/appointments?status=CONFIRMED")
  await fillLoginForm(page, ACCOUNTS.patient.email)
  await expect(page).toHaveURL(/\/appointments\?status=CONFIRMED$/)
  await expect(page.getByTestId("user-menu")).toBeVisible()
})

test("managers may not open /change-password", async ({ page }) => {
  await signIn(page, ACCOUNTS.manager.email, "/manager/profile")
  await page.goto("/change-password")
  await expect(page).toHaveURL(/\/$/)
})

test("on a 360 px phone the navigation sits behind the menu button", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/")
  const nav = page.getByRole("navigation", { name: "Navigation principale" })
  await expect(nav).toBeHidden()
  await page.getByRole("button", { name: "Menu" }).click()
  await expect(nav).toBeVisible()
  await expect(page.getByRole("link", { name: "FAQ" })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})

test("a wrong password on the login site says so and signs nobody in", async ({ page }) => {
  await page.goto("/auth/login")
  await fillLoginForm(page, ACCOUNTS.doctor.email, "wrong-password")
  await expect(page.getByRole("alert")).toHaveText("E-mail ou mot de passe incorrect.")
})

test("when the gateway does not answer, the session is kept and a retry picks it up", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await page.route("**/api/v1/validate-session", (route) => route.abort("internetdisconnected"))
  await page.reload()
  await expect(page.getByRole("heading", { name: "Impossible de joindre Promed" })).toBeVisible()
  await page.unroute("**/api/v1/validate-session")
  await page.getByRole("button", { name: "Réessayer" }).click()
  await expect(page.getByTestId("user-menu")).toContainText("Awa Diop")
  await expect(page).toHaveURL(/\/profile$/)
})
