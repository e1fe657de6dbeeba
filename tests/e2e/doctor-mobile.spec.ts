import { expect, type Page, test } from "@playwright/test"
import { ACCOUNTS, acceptCookies, signIn } from "./support.ts"

/** Signs in (the helper waits for the desktop user menu), then turns into a 360 px phone. */
async function signInOnPhone(page: Page, email: string, returnTo: string) {
  await signIn(page, email, returnTo)
  await page.setViewportSize({ width: 360, height: 740 })
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

/** Nothing wider than the phone: no sideways scrolling. */
async function expectNoOverflow(page: Page, where: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }))
  expect(widths.scroll, `${where} is ${widths.scroll}px wide on a ${widths.view}px screen`).toBeLessThanOrEqual(widths.view)
}

const DOCTOR_SCREENS = [
  ["/doctor/profile", "Dr Moussa Ndiaye"],
  ["/doctor/schedule", "Mon planning"],
  ["/doctor/settings", "Paramètres"],
  ["/doctor/profile/edit", "Modifier mon profil"],
  ["/doctor/appointments", "Mes rendez-vous"],
  ["/doctor/prescriptions/new", "Nouvelle ordonnance"],
] as const

test("the doctor's screens fit a 360 px phone", async ({ page }) => {
  await signInOnPhone(page, ACCOUNTS.doctor.email, "/doctor/profile")
  for (const [path, heading] of DOCTOR_SCREENS) {
    await page.goto(path)
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible()
    await expectNoOverflow(page, path)
  }
  // The schedule's other views and the add dialog.
  await page.goto("/doctor/schedule")
  await page.getByRole("button", { name: "Voir le détail" }).click()
  await expectNoOverflow(page, "day view")
  await page.getByRole("button", { name: "Récurrent" }).click()
  await expect(page.getByRole("heading", { name: "Lundi" })).toBeVisible()
  await expectNoOverflow(page, "recurring view")
  await page.getByRole("button", { name: "Ajouter une disponibilité" }).click()
  await expect(page.getByRole("dialog")).toBeVisible()
  await expectNoOverflow(page, "add dialog")
  await page.keyboard.press("Escape")
  // Patients, one patient, the history.
  await page.goto("/doctor/profile")
  await page.getByRole("link", { name: /Mes patients/ }).click()
  await expect(page.getByRole("heading", { name: "Mes patients" })).toBeVisible()
  await expectNoOverflow(page, "patients")
  await page.getByRole("link", { name: "Voir le dossier de Awa Diop" }).click()
  await expect(page.getByRole("heading", { name: "Awa Diop", level: 1 })).toBeVisible()
  await expectNoOverflow(page, "patient")
  await page.getByRole("link", { name: "Historique médical" }).click()
  await expect(page.getByRole("heading", { name: "Historique médical" })).toBeVisible()
  await expectNoOverflow(page, "history")
})

test("in Arabic the schedule and the dashboard read right to left and still fit", async ({ page }) => {
  await signInOnPhone(page, ACCOUNTS.doctor.email, "/doctor/profile")
  await page.getByRole("button", { name: "العربية" }).click()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByRole("link", { name: /جدول مواعيدي/ })).toBeVisible()
  await expectNoOverflow(page, "dashboard (ar)")
  await page.getByRole("link", { name: /جدول مواعيدي/ }).click()
  await expect(page.getByRole("heading", { name: "جدول مواعيدي" })).toBeVisible()
  await expect(page.getByRole("button", { name: "الأسبوع التالي" })).toBeVisible()
  await expectNoOverflow(page, "schedule (ar)")
  await page.getByRole("button", { name: "إضافة فترة توفر" }).click()
  const dialog = page.getByRole("dialog", { name: "إضافة فترة توفر" })
  await expect(dialog.getByLabel("مدة الموعد (بالدقائق)")).toHaveValue("30")
  await dialog.getByLabel("مدة الموعد (بالدقائق)").fill("10")
  await expect(dialog.getByText("يرجى تصحيح الحقول المشار إليها.")).toBeVisible()
  await expectNoOverflow(page, "add dialog (ar)")
  await page.keyboard.press("Escape")
  await page.goto("/doctor/settings")
  await expect(page.getByRole("heading", { name: "الإعدادات", level: 1 })).toBeVisible()
  await expectNoOverflow(page, "settings (ar)")
  await page.getByRole("button", { name: "Français" }).click()
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr")
})

test("the manager's screens fit a 360 px phone", async ({ page }) => {
  await signInOnPhone(page, ACCOUNTS.manager.email, "/manager/profile")
  for (const [path, heading] of [
    ["/manager/profile", "Khady Sow"],
    ["/manager/dashboard", "Tableau de bord"],
    ["/manager/settings", "Paramètres"],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible()
    await expectNoOverflow(page, path)
  }
})
