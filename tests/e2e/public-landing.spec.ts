import { expect, test } from "@playwright/test"
import { ACCOUNTS, acceptCookies, signIn, watchHydration } from "./support.ts"
import { expectNoHorizontalOverflow } from "../support/publicPages.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

test("the landing page is in the HTML itself, readable before any script runs", async ({ browser, request }) => {
  const html = await (await request.get("/")).text()
  expect(html).toContain("Votre médecin, au bon moment, près de chez vous")
  expect(html).toContain('id="faq"')
  // Only the takeover, which starts the module entry once the page has painted: no inline script (the CSP forbids them).
  expect(html.match(/<script\b[^>]*>/g)).toEqual([
    expect.stringMatching(/^<script defer data-takeover data-entry="\/assets\/index-[\w-]+\.js"[^>]* src="\/assets\/takeover-[\w-]+\.js">$/),
  ])
  // Other addresses get the page without the landing, so a deep link never flashes it.
  const deep = await (await request.get("/doctors?keyword=cardio")).text()
  expect(deep).not.toContain("Votre médecin, au bon moment")

  const noScript = await browser.newContext({ javaScriptEnabled: false })
  const page = await noScript.newPage()
  await page.goto("/")
  await expect(page.getByRole("heading", { name: "Votre médecin, au bon moment, près de chez vous" })).toBeVisible()
  await expect(page.getByRole("link", { name: /Appeler SAMU.*Sénégal/ })).toHaveAttribute("href", "tel:1515")
  await noScript.close()
})

test("the app's scripts are asked for only once the page's first paint is on screen", async ({ page }) => {
  await page.goto("/")
  await expect(page.locator("#top-doctors").getByRole("link", { name: /^Dr / }).first()).toBeVisible()
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname) && !entry.name.includes("/assets/takeover-"))
    return { paint: paint?.startTime ?? null, scripts: scripts.map((entry) => ({ name: entry.name, start: entry.startTime })) }
  })
  expect(timing.paint).not.toBeNull()
  expect(timing.scripts.length).toBeGreaterThan(5)
  // Those asked for before the paint reached the screen took its bandwidth on a slow link.
  expect(timing.scripts.filter((script) => script.start < timing.paint!)).toEqual([])
})

test("the browser takes the prerendered page over without redrawing it, and the hero search works", async ({ page }) => {
  const problems = watchHydration(page)
  await page.goto("/")
  // Once hydrated, the top-rated doctors come from the gateway.
  await expect(page.locator("#top-doctors").getByRole("link", { name: /^Dr / }).first()).toBeVisible()
  expect(problems).toEqual([])
  await page.getByLabel("Région").selectOption("Dakar")
  await page.getByLabel("Spécialité ou nom du médecin").fill("cardio")
  await page.getByRole("button", { name: "Rechercher" }).click()
  await expect(page).toHaveURL(/\/doctors\?location=Dakar&keyword=cardio$/)
  await expect(page.getByRole("article").first()).toContainText("Cardiologie")
})

test("the sections of the home page: claims, specialties, emergency numbers, FAQ, news", async ({ page }) => {
  await page.goto("/")
  for (const claim of ["1 000+", "50 000+", "98 %", "40+"]) await expect(page.locator("#presentation").getByText(claim, { exact: true })).toBeVisible()
  await expect(page.locator("#how-it-works li")).toHaveCount(4)
  await expect(page.getByRole("link", { name: /Cardiologie\s*158 médecins/ })).toHaveAttribute("href", "/doctors?specialties=CARDIOLOGY")
  const emergency = page.locator("#emergency")
  for (const [name, number] of [
    ["Police, Sénégal", "tel:17"],
    ["Sapeurs-pompiers, Sénégal", "tel:18"],
    ["SAMU (urgences médicales), Sénégal", "tel:1515"],
    ["Police, Tchad", "tel:2020"],
    ["Sapeurs-pompiers, Tchad", "tel:22521211"],
    ["SAMU (urgences médicales), Tchad", "tel:22517728"],
  ] as const) {
    await expect(emergency.getByRole("link", { name: new RegExp(`Appeler ${name.replace(/[()]/g, "\\$&")}`) })).toHaveAttribute("href", number)
  }
  // A visitor's country is not known: the transport button dials the default police number.
  await expect(emergency.getByRole("link", { name: "Transport d'urgence — 922" })).toHaveAttribute("href", "tel:922")
  await page.getByText("Puis-je annuler ou modifier un rendez-vous ?").click()
  await expect(page.getByText("jusqu'à 24 heures avant la consultation", { exact: false })).toBeVisible()
  await expect(page.locator("#health-news li")).toHaveCount(3)
  await expect(page.locator("#cta").getByRole("link", { name: "Compte patient" })).toHaveAttribute("href", "/register/patient")
})

test("the FAQ link scrolls to its section just below the 64 px header", async ({ page }) => {
  await page.goto("/doctors")
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "FAQ" }).click()
  await expect(page).toHaveURL(/\/#faq$/)
  const faq = page.locator("#faq")
  await expect(faq).toBeInViewport()
  await expect.poll(async () => Math.round((await faq.boundingBox())!.y)).toBe(64)
})

test("a signed-in patient gets the patient call to action", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  // Opening / sends a signed-in user to their home (SPEC §2); the Home link shows the landing.
  await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Accueil" }).click()
  await expect(page).toHaveURL(/\/$/)
  const cta = page.locator("#cta")
  await expect(cta.getByRole("link", { name: "Prendre rendez-vous" })).toHaveAttribute("href", "/doctors")
  await expect(cta.getByRole("link", { name: "Mon dossier médical" })).toHaveAttribute("href", "/medical-records")
})

test("the landing page in Arabic reads right to left and fits a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/?lang=ar")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByRole("heading", { name: "طبيبك، في الوقت المناسب، بالقرب منك" })).toBeVisible()
  await expect(page.locator("#emergency").getByRole("heading", { name: "الطوارئ" })).toBeVisible()
  await expectNoHorizontalOverflow(page)
})
