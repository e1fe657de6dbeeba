import { expect, test, type Page } from "@playwright/test"
import { ACCOUNTS, acceptCookies, signIn, watchHydration } from "./support.ts"

/*
 * The public data pages rendered on the server per request (server/http/ssr.ts): readable with no
 * JavaScript at all, then taken over by the browser (hydrated, not redrawn) and working as usual.
 */

/** The API calls the page makes (the server's data block should spare the first ones). */
function watchApi(page: Page): string[] {
  const calls: string[] = []
  page.on("request", (request) => {
    if (request.url().includes("/api/v1/")) calls.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  return calls
}

/** Waits until React has taken the page's root over (hydrated or drawn it), however long a loaded machine takes. */
const tookOver = (page: Page) => page.waitForFunction(() => Object.keys(document.getElementById("root")!).some((key) => key.startsWith("__reactContainer")))

/** Holds the app's entry script back until the function returned is called. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * Opens a page with its JavaScript held back, marks the server's heading, then lets the script
 * run: a hydrated page keeps that very element, a redrawn one would lose the mark.
 */
async function openHydrated(page: Page, url: string, heading: RegExp | string): Promise<void> {
  const release = await holdAppScript(page)
  await page.goto(url, { waitUntil: "commit" })
  const title = page.getByRole("heading", { name: heading, level: 1 })
  await expect(title).toBeVisible()
  await title.evaluate((element) => element.setAttribute("data-from-server", ""))
  release()
  await tookOver(page)
  await expect(page.locator("h1[data-from-server]")).toBeVisible()
}

let doctorId: string

test.beforeAll(async ({ request }) => {
  const search = await request.post("/api/v1/doctors/search", {
    data: { paginationSettings: { offset: 0, limit: 1 }, query: { keyword: "Moussa Ndiaye" } },
  })
  doctorId = ((await search.json()) as { data: Array<{ id: string }> }).data[0]!.id
})

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

test("the frame's controls wait for the browser to take the server's page over, then work", async ({ page }) => {
  const problems = watchHydration(page)
  const release = await holdAppScript(page)
  await page.goto("/facilities", { waitUntil: "commit" })
  const theme = page.getByRole("button", { name: /^Thème/ })
  await expect(page.getByRole("heading", { name: "Établissements de santé", level: 1 })).toBeVisible()
  await expect(theme).toBeDisabled()
  release()
  await tookOver(page)
  await expect(theme).toBeEnabled()
  await theme.click()
  await expect(page.locator("html")).toHaveAttribute("data-theme", "sahel")
  expect(problems).toEqual([])
})

test("with JavaScript off, the profile, the cardiologists and the facilities are in the page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()

  await page.goto(`/doctors/${doctorId}`)
  await expect(page.getByRole("heading", { name: "Dr Moussa Ndiaye", level: 1 })).toBeVisible()
  await expect(page.getByText("Hôpital Principal de Dakar").first()).toBeVisible()
  await expect(page.getByRole("heading", { name: "Disponibilités" })).toBeVisible()

  await page.goto("/doctors?specialties=CARDIOLOGY")
  await expect(page.getByRole("heading", { name: "Trouver un médecin", level: 1 })).toBeVisible()
  await expect(page.getByText(/\d+ médecins? trouvés?/)).toBeVisible()
  await expect(page.getByRole("article").first()).toContainText("Cardiologie")
  await expect(page.getByRole("link", { name: "Dr Moussa Ndiaye", exact: true })).toHaveAttribute("href", `/doctors/${doctorId}`)

  await page.goto("/facilities")
  await expect(page.getByRole("heading", { name: "Établissements de santé", level: 1 })).toBeVisible()
  await expect(page.getByText(/^\d+ établissements?$/)).toBeVisible()
  await expect(page.getByRole("article").first()).toBeVisible()
  await context.close()
})

test("the profile hydrates without a new request or a warning; availability opens and the reviews load", async ({ page }) => {
  const problems = watchHydration(page)
  const api = watchApi(page)
  await openHydrated(page, `/doctors/${doctorId}`, "Dr Moussa Ndiaye")
  expect(api).not.toContain(`GET /api/v1/doctors/${doctorId}`)

  await page.getByText("Disponibilités").click()
  await expect(
    page
      .getByRole("button", { name: /^Réserver le .+ à \d{2}:\d{2}$/ })
      .first()
      .or(page.getByText(/Aucun créneau libre/)),
  ).toBeVisible()
  expect(api).toContain(`GET /api/v1/doctor-availability/${doctorId}/available-time-slots`)
  await page.getByRole("button", { name: /^Avis des patients/ }).click()
  await expect(page.getByRole("button", { name: /^Avis des patients/ })).toHaveAttribute("aria-expanded", "true")
  expect(problems).toEqual([])
})

test("the search hydrates, then sorting and opening a profile work in the browser", async ({ page }) => {
  const problems = watchHydration(page)
  const api = watchApi(page)
  await openHydrated(page, "/doctors?specialties=CARDIOLOGY", "Trouver un médecin")
  expect(api.filter((call) => call === "POST /api/v1/doctors/search")).toEqual([])

  await page.getByLabel("Trier par").selectOption("rating")
  await expect(page).toHaveURL(/specialties=CARDIOLOGY.*sort=rating|sort=rating.*specialties=CARDIOLOGY/)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  expect(api).toContain("POST /api/v1/doctors/search")
  await expect(page.getByRole("article").first()).toContainText("Cardiologie")

  await page.getByRole("link", { name: "Voir le profil — Dr Moussa Ndiaye" }).click()
  await expect(page).toHaveURL(`/doctors/${doctorId}`)
  await expect(page.getByRole("heading", { name: "Dr Moussa Ndiaye", level: 1 })).toBeVisible()
  expect(problems).toEqual([])
})

test("the facilities hydrate, filter by type, and the map mounts in the browser only", async ({ page }) => {
  const problems = watchHydration(page)
  await openHydrated(page, "/facilities", "Établissements de santé")
  await page.getByLabel("Type d'établissement").selectOption("HOSPITAL")
  await expect(page).toHaveURL(/type=HOSPITAL/)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.getByRole("article").first()).toContainText("Hôpital")

  // The map mounts once the app has taken the page over and fetched its chunk (OpenLayers, the
  // largest of the app): each step is awaited, so a loaded machine slows the test, not fails it.
  const mapChunk = page.waitForResponse(/\/assets\/FacilityMap-[\w-]+\.js$/)
  await page.goto("/facilities?view=both")
  await tookOver(page)
  await mapChunk
  await expect(page.getByTestId("facility-map")).toBeVisible()
  await expect(page.getByRole("article").first()).toBeVisible()
  expect(problems).toEqual([])
})

test("in Arabic the server draws the page right to left and the browser takes it over", async ({ page }) => {
  const problems = watchHydration(page)
  await openHydrated(page, `/doctors/${doctorId}?lang=ar`, "د. Moussa Ndiaye")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page).toHaveURL(`/doctors/${doctorId}`)
  await expect(page.getByRole("heading", { name: "المواعيد المتاحة" })).toBeVisible()
  expect(problems).toEqual([])
})

test("taking the server's page over leaves its <html lang dir> as drawn; a language chosen after changes them", async ({ page }) => {
  // Chromium restyles and lays out every element at any write of either, the same value included.
  await page.addInitScript(() => {
    const writes: string[] = []
    Object.assign(window, { htmlLanguageWrites: writes })
    new MutationObserver((records) => {
      for (const record of records) if (record.target === document.documentElement) writes.push(record.attributeName!)
    }).observe(document, { attributes: true, attributeFilter: ["lang", "dir"], subtree: true })
  })
  const writes = () => page.evaluate(() => (window as unknown as { htmlLanguageWrites: string[] }).htmlLanguageWrites)
  await openHydrated(page, `/doctors/${doctorId}?lang=ar`, "د. Moussa Ndiaye")
  await expect(page.getByRole("heading", { name: "المواعيد المتاحة" })).toBeVisible()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  expect(await writes()).toEqual([])
  await page.getByRole("button", { name: "English" }).click()
  await expect(page.getByRole("heading", { name: "Availability", exact: true })).toBeVisible()
  await expect(page.locator("html")).toHaveAttribute("lang", "en")
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr")
  expect(await writes()).toEqual(["lang", "dir"])
})

test("a language chosen in the browser is the one the server renders next", async ({ page }) => {
  await page.goto("/facilities")
  await page.getByRole("button", { name: "English" }).click()
  await expect(page.getByRole("heading", { name: "Health facilities", level: 1 })).toBeVisible()
  const html = await (await page.request.get("/facilities?page=1")).text()
  expect(html).toContain('<html lang="en" dir="ltr"')
  expect(html).toContain("Health facilities")
  await page.reload()
  await expect(page.getByRole("heading", { name: "Health facilities", level: 1 })).toBeVisible()
})

test("a signed-in patient opening a profile gets a working page with their menu", async ({ page }) => {
  const problems = watchHydration(page)
  await signIn(page, ACCOUNTS.patient.email, `/doctors/${doctorId}`)
  await expect(page.getByRole("heading", { name: "Dr Moussa Ndiaye", level: 1 })).toBeVisible()
  // A fresh load of the same page: the server's page is a visitor's, the browser draws the patient's.
  await page.reload()
  await expect(page.getByTestId("user-menu")).toBeVisible()
  await expect(page.getByTestId("sign-in")).toHaveCount(0)
  await expect(page.getByRole("heading", { name: "Dr Moussa Ndiaye", level: 1 })).toBeVisible()
  await page.getByRole("button", { name: "Prendre rendez-vous" }).first().click()
  await expect(page.getByRole("dialog")).toBeVisible()
  expect(problems).toEqual([])
})

test("a first visit gets the cookie banner in the server's page; once answered, the server's pages come without it", async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const problems = watchHydration(page)
  const first = await (await page.request.get("/doctors?specialties=CARDIOLOGY")).text()
  expect(first).toContain('<section class="cookie-banner" aria-label="Cookies">')
  await openHydrated(page, "/doctors?specialties=CARDIOLOGY", "Trouver un médecin")
  const banner = page.getByRole("region", { name: "Cookies" })
  await expect(banner).toBeVisible()
  await banner.getByRole("button", { name: "Nécessaires uniquement" }).click()
  await expect(banner).toBeHidden()
  expect(problems).toEqual([])
  expect(await page.evaluate(() => localStorage.getItem("promed.cookies"))).toBe(JSON.stringify({ necessary: true, analytics: false }))

  // The page writes the cookie; the browser's cookie store takes it a moment later.
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "promed_cookies")?.value).toBe("1")
  const answered = await (await page.request.get("/doctors?specialties=CARDIOLOGY")).text()
  expect(answered).not.toContain("cookie-banner")
  await page.goto(`/doctors/${doctorId}`)
  await expect(page.getByRole("heading", { name: "Dr Moussa Ndiaye", level: 1 })).toBeVisible()
  await expect(banner).toBeHidden()
  await context.close()
})

test("an answer the tab kept before the server knew of answers hides the drawn banner once the page is taken over, and is told to the server", async ({
  page,
}) => {
  // beforeEach stored the answer in local storage only: the server draws the banner.
  const problems = watchHydration(page)
  await openHydrated(page, "/facilities", "Établissements de santé")
  await expect(page.getByRole("region", { name: "Cookies" })).toBeHidden()
  expect(problems).toEqual([])
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "promed_cookies")?.value).toBe("1")
  expect(await (await page.request.get("/facilities")).text()).not.toContain("cookie-banner")
})
