import { expect, test, type Page } from "@playwright/test"
import { ACCOUNTS, acceptCookies, openBookingFromCard, signIn } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

const noSideScroll = async (page: Page, what: string) => expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(360)

test("on a 360 px phone the patient screens and the booking wizard fit without sideways scrolling", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/appointments")
  await page.setViewportSize({ width: 360, height: 740 })

  await page.getByLabel("Date").selectOption({ label: "À venir" })
  await page.getByRole("article").first().getByRole("link", { name: "Voir le détail" }).click()
  await expect(page.getByRole("heading", { name: "Détail du rendez-vous" })).toBeVisible()
  await noSideScroll(page, "detail")
  await page.getByRole("link", { name: "Reporter" }).click()
  await expect(page.getByRole("group", { name: /Créneaux du/ })).toBeVisible()
  await noSideScroll(page, "reschedule")

  for (const [path, heading] of [
    ["/medical-records", "Dossiers médicaux"],
    ["/change-password", "Changer le mot de passe"],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible()
    await noSideScroll(page, path)
  }

  await page.goto("/doctors?keyword=Moussa%20Ndiaye")
  const dialog = await openBookingFromCard(page, "Moussa Ndiaye")
  await dialog.getByLabel("Motif de consultation").fill("Contrôle annuel")
  await dialog.getByRole("button", { name: "Suivant", exact: true }).click()
  await expect(dialog.getByRole("group", { name: /Créneaux du/ })).toBeVisible()
  expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true)
  const slot = dialog
    .getByRole("group", { name: /Créneaux du/ })
    .getByRole("button", { disabled: false })
    .first()
  const box = await slot.boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(24)
  expect(box!.width).toBeGreaterThanOrEqual(24)
  await noSideScroll(page, "wizard")
})

test("the booking wizard and the reviews read right to left in Arabic", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await page.evaluate(() => localStorage.setItem("promed.language", "ar"))
  await page.goto("/doctors?keyword=Moussa%20Ndiaye")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  const card = page.getByRole("article").filter({ hasText: "Moussa Ndiaye" }).first()
  await card
    .getByRole("link", { name: /Moussa Ndiaye/ })
    .first()
    .click()
  await page.getByRole("button", { name: /آراء المرضى/ }).click()
  await expect(page.getByRole("list", { name: "توزيع التقييمات" })).toBeVisible()
  await page.getByRole("button", { name: "احجز موعداً" }).first().click()
  const dialog = page.getByRole("dialog")
  await expect(dialog.getByText("لمن الموعد؟")).toBeVisible()
  await dialog.getByRole("button", { name: "التالي" }).click()
  await expect(dialog.getByText("يرجى تصحيح ما يلي:")).toBeVisible()
  await expect(dialog.getByText("السبب", { exact: true }).first()).toBeVisible()
})
