import { expect, test, type Page } from "@playwright/test"
import { acceptCookies } from "./support.ts"
import { expectNoHorizontalOverflow, fcfaAmounts } from "../support/publicPages.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Rechercher un médecin ou une spécialité" })
const cards = (page: Page) => page.getByRole("article")
/** The results shown are those of the address (not the previous page kept while loading). */
const settled = (page: Page) => expect(page.locator('[aria-busy="true"]')).toHaveCount(0)

test("a visitor finds a cardiologist in Dakar, filters, sorts by fee, pages, opens the profile and its availability", async ({ page }) => {
  await page.goto("/doctors")
  await expect(page.getByRole("heading", { name: "Trouver un médecin", level: 1 })).toBeVisible()
  await expect(page.getByText(/\d+ médecins trouvés/)).toBeVisible()

  // Paging the whole list: 5 per page, then the next page.
  await page.getByLabel("Par page").selectOption("5")
  await expect(page).toHaveURL(/limit=5/)
  await expect(cards(page)).toHaveCount(5)
  const firstPage = await cards(page).first().getByRole("heading").textContent()
  await page.getByRole("button", { name: "Suivant" }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText("Page 2 sur")).toBeVisible()
  await expect(cards(page).first().getByRole("heading")).not.toHaveText(firstPage!)

  // Typing searches after a pause, and goes back to page 1.
  await searchBox(page).fill("cardio")
  await expect(page).toHaveURL(/keyword=cardio/)
  await expect(page).not.toHaveURL(/page=2/)
  await expect(cards(page).first()).toContainText("Cardiologie")

  // Filters: Dakar only.
  await page.getByRole("button", { name: "Filtres" }).click()
  await page.getByLabel("Région").selectOption("Dakar")
  await page.getByRole("button", { name: "Appliquer" }).click()
  await expect(page).toHaveURL(/location=Dakar/)
  await expect(page.getByRole("button", { name: /Filtres/ })).toContainText("1")
  await settled(page)
  await expect(cards(page).filter({ hasNotText: "Dakar" })).toHaveCount(0)

  // Sort by fee: cheapest first.
  await page.getByLabel("Trier par").selectOption("fee")
  await expect(page).toHaveURL(/sort=fee/)
  await settled(page)
  const fees = await fcfaAmounts(cards(page), "Consultation au cabinet")
  expect(fees).toEqual([...fees].sort((a, b) => a - b))

  // The profile of the demo cardiologist.
  await page.getByRole("link", { name: "Dr Moussa Ndiaye", exact: true }).click()
  await expect(page).toHaveURL(/\/doctors\/[0-9a-f-]{36}$/)
  await expect(page.getByRole("heading", { name: "Dr Moussa Ndiaye", level: 1 })).toBeVisible()
  await expect(page.getByTestId("profile-rating")).toHaveText(/^\d,\d$/)
  await expect(page.getByText("15 000 FCFA").first()).toBeVisible()
  await expect(page.getByText("Hôpital Principal de Dakar").first()).toBeVisible()
  await expect(page.getByText(/\d+ ans\+/)).toBeVisible()

  // The reviews (built by the reviews screens) open on demand.
  await page.getByRole("button", { name: /Avis des patients/ }).click()
  await expect(page.getByRole("article", { name: /^Avis de / }).first()).toBeVisible()

  // Availability loads when opened; a visitor who books is sent to the login site and back.
  await page.getByText("Disponibilités", { exact: true }).click()
  const slot = page.getByRole("button", { name: /^Réserver le .+ à \d{2}:\d{2}$/ }).first()
  await expect(slot).toBeVisible()
  await slot.click()
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fdoctors%2F/)
})

test("a one-letter keyword waits for a second letter, and the address keeps every choice", async ({ page }) => {
  await page.goto("/doctors?sort=rating&rating=4&language=FR")
  await expect(page.getByLabel("Trier par")).toHaveValue("rating")
  await searchBox(page).fill("c")
  await expect(page.getByText("Saisissez au moins 2 caractères")).toBeVisible()
  await expect(page).not.toHaveURL(/keyword=/)
  await searchBox(page).press("Enter")
  await expect(page).not.toHaveURL(/keyword=/)
  await page.getByRole("button", { name: /Filtres/ }).click()
  await expect(page.getByLabel("Langue parlée")).toHaveValue("FR")
  await expect(page.getByRole("radio", { name: "4,0 et plus" })).toBeChecked()
  await page.getByRole("button", { name: "Effacer les filtres" }).click()
  await expect(page).toHaveURL(/\/doctors\?sort=rating$/)
})

test("when the search service fails, sample doctors are shown and said to be samples", async ({ page }) => {
  await page.route("**/api/v1/doctors/search", (route) => route.abort("connectionrefused"))
  // The browser's own search fails: /doctors reached from another page (opened directly, it comes
  // with the server's results, see public-ssr.spec.ts).
  await page.goto("/contact")
  await page.getByRole("contentinfo").getByRole("link", { name: "Trouver un médecin" }).click()
  await expect(page.getByText(/Le service de recherche ne répond pas/)).toBeVisible()
  await expect(cards(page)).toHaveCount(5)
  await expect(page.getByText("Exemple", { exact: true }).first()).toBeVisible()
  await expect(page.getByRole("button", { name: /Prendre rendez-vous/ })).toHaveCount(0)
})

test("an unknown doctor shows the not-found view with a way back to the search", async ({ page }) => {
  await page.goto("/doctors/00000000-0000-4000-8000-000000000000")
  await expect(page.getByRole("heading", { name: "Médecin introuvable" })).toBeVisible()
  await expect(page.getByText("Ce médecin n'existe pas.")).toBeVisible()
  await page.getByRole("link", { name: "Retour à la recherche" }).click()
  await expect(page).toHaveURL(/\/doctors$/)
})

test("an address whose id cannot be a doctor's shows the same not-found view, without asking the gateway", async ({ page }) => {
  const asked: string[] = []
  page.on("request", (request) => {
    if (request.url().includes("/not-an-id")) asked.push(request.url())
  })
  const response = await page.goto("/doctors/not-an-id")
  expect(response?.status()).toBe(404)
  await expect(page.getByRole("heading", { name: "Médecin introuvable" })).toBeVisible()
  await expect(page.getByText("Ce médecin n'existe pas.")).toBeVisible()
  await page.getByRole("link", { name: "Retour à la recherche" }).click()
  await expect(page).toHaveURL(/\/doctors$/)
  expect(asked.filter((url) => url.includes("/api/"))).toEqual([])
})

test("the search and the profile work in Arabic, right to left, on a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/doctors?keyword=Ndiaye&lang=ar")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByRole("heading", { name: "ابحث عن طبيب", level: 1 })).toBeVisible()
  await expect(page.getByRole("article").first()).toContainText("أمراض القلب")
  await expectNoHorizontalOverflow(page)
  await page.getByRole("link", { name: "د. Moussa Ndiaye", exact: true }).click()
  await expect(page.getByRole("heading", { name: "الخدمات والأسعار" })).toBeVisible()
  await expect(page.getByText("15,000 FCFA").first()).toBeVisible()
  await expectNoHorizontalOverflow(page)
})
