import { expect, test, type Page } from "@playwright/test"
import { acceptCookies } from "./support.ts"

/** Issue 11, "Polish a patient would notice": each item as a patient sees it, in French and in Arabic, at 360 px where it matters. */

const PHONE = { width: 360, height: 740 }
const cards = (page: Page) => page.getByRole("article")

/** Console errors and uncaught page errors, collected from now on. */
function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
  })
  page.on("pageerror", (error) => errors.push(error.message))
  return errors
}

test.describe("1. an address with a bad or out-of-range value opens with defaults", () => {
  test.beforeEach(async ({ page }) => {
    await acceptCookies(page)
  })

  test("/doctors?page=999 shows the last page, coherently (French)", async ({ page }) => {
    await page.goto("/doctors?page=999")
    await expect(page).toHaveURL(/page=5\b/)
    await expect(page.getByText("Page 5 sur 5")).toBeVisible()
    await expect(cards(page).first()).toBeVisible()
    await expect(page.getByText("Aucun médecin ne correspond")).toHaveCount(0)
    await expect(page.getByText("Page 999")).toHaveCount(0)
  })

  test("/doctors?page=999 shows the last page, coherently (Arabic, 360 px)", async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto("/doctors?page=999&lang=ar")
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(page).toHaveURL(/page=5\b/)
    await expect(cards(page).first()).toBeVisible()
    await expect(page.getByText("لا يوجد طبيب مطابق")).toHaveCount(0)
    await expect(page.getByRole("navigation", { name: /./ }).locator("[aria-live]").filter({ hasText: "999" })).toHaveCount(0)
  })

  test("/doctors?rating=abc shows the page as without the rating (French and Arabic)", async ({ page }) => {
    const errors = watchConsole(page)
    await page.goto("/doctors?rating=abc")
    await expect(page.getByText(/\d+ médecins trouvés/)).toBeVisible()
    await expect(cards(page).first()).toBeVisible()
    // No filter is counted as active: the rating was dropped.
    await expect(page.getByRole("button", { name: "Filtres", exact: true })).toBeVisible()
    await page.goto("/doctors?rating=abc&sort=nonsense&limit=7&lang=ar")
    await expect(cards(page)).toHaveCount(10)
    expect(errors.filter((e) => /400|Bad Request/i.test(e))).toEqual([])
  })

  test("/facilities with bad values and a page beyond the last shows the list with defaults", async ({ page }) => {
    await page.goto("/facilities?type=SPA&view=globe&page=999")
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
    await expect(page).toHaveURL(/page=\d\b/)
    await expect(page.getByText(/Page (\d+) sur \1$/)).toBeVisible()
    await expect(cards(page).first()).toBeVisible()
    await page.goto("/facilities?page=999&order=up&lang=ar")
    await expect(page).not.toHaveURL(/page=999/)
    await expect(cards(page).first()).toBeVisible()
  })
})
