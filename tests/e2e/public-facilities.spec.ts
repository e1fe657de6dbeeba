import { expect, test, type Page } from "@playwright/test"
import { acceptCookies } from "./support.ts"
import { expectNoHorizontalOverflow } from "../support/publicPages.ts"

const DAKAR_PLATEAU = { latitude: 14.6708, longitude: -17.4381 }

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

const cards = (page: Page) => page.getByRole("article")
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
const map = (page: Page) => page.getByRole("region", { name: "Carte des établissements de santé" })

test("a visitor lists facilities, switches to the map, selects and deselects a marker", async ({ page }) => {
  await page.goto("/facilities")
  await expect(page.getByRole("heading", { name: "Établissements de santé", level: 1 })).toBeVisible()
  await expect(page.getByText(/^\d+ établissements$/)).toBeVisible()
  await expect(cards(page)).toHaveCount(10)
  // Each card says whether the facility is open today.
  await expect(cards(page).first()).toContainText(/Ouvert aujourd'hui|Fermé aujourd'hui/)

  await page.getByRole("button", { name: "Carte", exact: true }).click()
  await expect(page).toHaveURL(/view=map/)
  await expect(map(page)).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  const marker = page.getByRole("button", { name: "Centre Hospitalier National Universitaire de Fann", exact: true })
  await marker.click()
  await expect(marker).toHaveAttribute("aria-pressed", "true")
  await marker.click()
  await expect(marker).toHaveAttribute("aria-pressed", "false")

  // Both: the list's "show on map" selects the facility's marker.
  await page.getByRole("button", { name: "Les deux" }).click()
  await expect(page).toHaveURL(/view=both/)
  await cards(page)
    .first()
    .getByRole("button", { name: /Voir sur la carte/ })
    .click()
  const first = await cards(page).first().getByRole("heading").textContent()
  await expect(page.getByRole("button", { name: first!, exact: true })).toHaveAttribute("aria-pressed", "true")
})

test("with the location shared, facilities show their distance and sort nearest first", async ({ page, context }) => {
  await context.grantPermissions(["geolocation"])
  await context.setGeolocation(DAKAR_PLATEAU)
  await page.goto("/facilities")
  await page.getByRole("button", { name: "Activer la localisation" }).click()
  await expect(page.getByRole("button", { name: "Localisation activée" })).toBeDisabled()
  await expect(cards(page).first()).toContainText(/à [\d,]+ km/)
  await page.getByLabel("Trier par").selectOption("distance")
  await expect(page).toHaveURL(/sort=distance/)
  await settled(page)
  const distances = (await cards(page).allInnerTexts()).map((text) => Number(/à ([\d,]+) km/.exec(text)![1]!.replace(",", ".")))
  expect(distances).toEqual([...distances].sort((a, b) => a - b))
  expect(distances[0]).toBeLessThan(2)
})

test("choosing the distance sort first asks for the location, then sorts", async ({ page, context }) => {
  await context.grantPermissions(["geolocation"])
  await context.setGeolocation({ latitude: 12.1348, longitude: 15.0557 })
  await page.goto("/facilities?view=both")
  await page.getByLabel("Trier par").selectOption("distance")
  await expect(page).toHaveURL(/sort=distance/)
  await settled(page)
  await expect(cards(page).first()).toContainText("N'Djamena")
  await expect(page.getByRole("img", { name: "Vous êtes ici" })).toBeAttached()
})

test("searching by name or city, filtering by type, and the emergency link", async ({ page }) => {
  await page.goto("/facilities")
  await page.getByRole("searchbox", { name: "Rechercher un établissement par nom ou par ville" }).fill("Thiès")
  await expect(page).toHaveURL(/keyword=Thi%C3%A8s/)
  await settled(page)
  await expect(cards(page)).toHaveCount(2)
  await page.getByLabel("Type d'établissement").selectOption("PHARMACY")
  await settled(page)
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).first()).toContainText("Pharmacie du Rail")

  await page.goto("/")
  await page.getByRole("link", { name: "Trouver un service d'urgences" }).click()
  await expect(page).toHaveURL(/\/facilities\?state=emergency$/)
  await expect(page.getByText("Seuls les établissements avec un service d'urgences sont affichés.")).toBeVisible()
  await settled(page)
  await expect(cards(page).filter({ hasNotText: "Urgences 24 h/24" })).toHaveCount(0)
})

test("a new page size keeps the first facility of the page in view, and an empty map says so", async ({ page }) => {
  await page.goto("/facilities?limit=5&page=3")
  await settled(page)
  const first = await cards(page).first().getByRole("heading").textContent()
  await page.getByLabel("Par page").selectOption("10")
  await expect(page).toHaveURL(/\/facilities\?page=2$/)
  await settled(page)
  await expect(cards(page).nth(0)).toContainText(first!)

  await page.goto("/facilities?keyword=zzzz&view=map")
  await expect(page.getByText("Aucun établissement à afficher sur la carte")).toBeVisible()
})

test("the directory and its map in Arabic, on a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/facilities?view=both&lang=ar")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByRole("heading", { name: "المؤسسات الصحية", level: 1 })).toBeVisible()
  await expect(page.getByRole("region", { name: "خريطة المؤسسات الصحية" })).toBeVisible()
  await expect(cards(page).first()).toContainText(/مفتوح اليوم|مغلق اليوم/)
  await expectNoHorizontalOverflow(page)
})
