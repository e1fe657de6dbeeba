import { expect, test, type Page } from "@playwright/test"
import { acceptCookies } from "./support.ts"
import { expectNoHorizontalOverflow } from "../support/publicPages.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

/** The waitlist stub fails when Math.random draws under 0.1 (SPEC §4): the test decides the draw. */
async function controlDraws(page: Page, draw: number) {
  await page.addInitScript((value) => {
    ;(window as unknown as { __draw: number }).__draw = value
    Math.random = () => (window as unknown as { __draw: number }).__draw
  }, draw)
}
const setDraw = (page: Page, draw: number) => page.evaluate((value) => ((window as unknown as { __draw: number }).__draw = value), draw)

test("a professional joins the waitlist from the coming-soon page; the modal closes itself 2 s later", async ({ page }) => {
  await controlDraws(page, 0.5)
  await page.clock.install()
  await page.goto("/coming-soon")
  await expect(page.getByRole("heading", { name: "Promed arrive sur votre téléphone" })).toBeVisible()
  // Tabs: three feature cards each, arrow keys move between tabs.
  await expect(page.getByRole("tabpanel").getByRole("listitem")).toHaveCount(3)
  await page.getByRole("tab", { name: "Patients" }).focus()
  await page.keyboard.press("ArrowRight")
  await expect(page.getByRole("tab", { name: "Professionnels" })).toHaveAttribute("aria-selected", "true")
  await expect(page.getByRole("tabpanel")).toContainText("Agenda mobile")

  await page.getByLabel("Votre adresse e-mail").fill("awa.sy@example.sn")
  await page.getByRole("button", { name: "Me prévenir" }).click()
  const dialog = page.getByRole("dialog", { name: "Rejoindre la liste d'attente" })
  await expect(dialog.getByLabel("E-mail *")).toHaveValue("awa.sy@example.sn")
  await expect(dialog.getByRole("radio", { name: "Professionnel de santé" })).toBeChecked()
  await expect(dialog.getByLabel("Recevoir les nouvelles de Promed")).toBeChecked()
  await dialog.getByRole("button", { name: "Rejoindre la liste" }).click()
  await expect(dialog.getByText("Ce champ est obligatoire")).toBeVisible()
  await dialog.getByLabel("Nom complet *").fill("Dr Awa Sy")
  await dialog.getByLabel("Organisation").fill("Clinique Nest")
  await dialog.getByLabel("Spécialité").fill("Pédiatrie")
  // The page's clock stands still from here, so the 1 s join and the 2 s close are stepped through
  // rather than raced: on a loaded machine the whole 3 s could pass before the first check.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500))
  await dialog.getByRole("button", { name: "Rejoindre la liste" }).click()
  await expect(dialog.getByRole("button", { name: "Inscription…" })).toBeDisabled()
  await page.clock.runFor(1000)
  await expect(dialog.getByText("Inscription réussie : vous êtes sur la liste d'attente !")).toBeVisible()
  await page.clock.runFor(1999)
  await expect(dialog).toBeVisible()
  await page.clock.runFor(1)
  await expect(dialog).toBeHidden()
  await page.clock.resume()

  // Opening it again starts from an empty form.
  await page.getByRole("button", { name: "Me prévenir" }).click()
  await expect(page.getByRole("dialog").getByLabel("Nom complet *")).toHaveValue("")
})

test("a failed join shows the error box and keeps what was typed for another try", async ({ page }) => {
  await controlDraws(page, 0.05)
  await page.goto("/coming-soon")
  await page.getByRole("button", { name: "Me prévenir" }).click()
  const dialog = page.getByRole("dialog")
  await dialog.getByLabel("Nom complet *").fill("Moussa Ba")
  await dialog.getByLabel("E-mail *").fill("moussa@example.sn")
  await dialog.getByRole("button", { name: "Rejoindre la liste" }).click()
  await expect(dialog.getByRole("alert")).toHaveText("Échec de l'inscription à la liste d'attente. Veuillez réessayer.")
  await expect(dialog.getByLabel("Nom complet *")).toHaveValue("Moussa Ba")
  await setDraw(page, 0.9)
  await dialog.getByRole("button", { name: "Rejoindre la liste" }).click()
  await expect(dialog.getByRole("status")).toHaveText("Inscription réussie : vous êtes sur la liste d'attente !")
})

test("services, partners, legal pages, the registration redirect and the design system", async ({ page }) => {
  // Thirteen pages in one journey: more than a minute on a loaded machine.
  test.slow()
  await page.goto("/services/video-consultations")
  await expect(page.getByRole("heading", { name: "Téléconsultation vidéo", level: 1 })).toBeVisible()
  await expect(page.getByRole("main").getByRole("link", { name: "Trouver un médecin" })).toHaveAttribute("href", "/doctors")
  for (const [path, title] of [
    ["/services/patients", "Services aux patients"],
    ["/services/healthcare-professionals", "Services aux professionnels de santé"],
    ["/services/medical-facilities", "Services aux établissements de santé"],
    ["/services/online-chat", "Discussion en ligne"],
    ["/services/virtual-assessment", "Évaluation à distance"],
    ["/services/remote-monitoring", "Suivi à distance"],
    ["/privacy", "Politique de confidentialité"],
    ["/terms", "Conditions d'utilisation"],
    ["/about", "À propos de Promed"],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible()
  }
  await expect(page.getByRole("heading", { name: "Où nous sommes" })).toBeVisible()

  await page.goto("/partners")
  const demo = page.getByRole("link", { name: /Réserver une démo/ })
  await expect(demo).toHaveAttribute("href", /^https:\/\//)
  await expect(demo).toHaveAttribute("target", "_blank")

  await page.goto("/register/patient")
  await expect(page).toHaveURL(/\/auth\/register\?returnTo=%2Fprofile/)

  await page.goto("/design-system")
  await expect(page.getByRole("heading", { name: "Système de design", level: 1 })).toBeVisible()
  await page.getByRole("button", { name: "Ouvrir une fenêtre" }).click()
  await expect(page.getByRole("dialog", { name: "Titre de la fenêtre" })).toBeVisible()
  await page.keyboard.press("Escape")
  await page.getByRole("button", { name: "Afficher une notification" }).click()
  await expect(page.getByTestId("toast")).toContainText("Ceci est une notification.")
})

test("the coming-soon page and the waitlist in Arabic, on a 360 px phone", async ({ page }) => {
  await controlDraws(page, 0.5)
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/coming-soon?lang=ar")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByRole("heading", { name: "Promed قادم إلى هاتفك" })).toBeVisible()
  await expectNoHorizontalOverflow(page)
  await page.getByRole("button", { name: "أبلغني" }).click()
  const dialog = page.getByRole("dialog", { name: "الانضمام إلى قائمة الانتظار" })
  await dialog.getByLabel("الاسم الكامل *").fill("حليمة عبد الله")
  await dialog.getByLabel("البريد الإلكتروني *").fill("halime@example.td")
  await dialog.getByRole("button", { name: "الانضمام إلى القائمة" }).click()
  await expect(dialog.getByRole("status")).toHaveText("تم انضمامك إلى قائمة الانتظار بنجاح!")
})

test("every public page fits a 360 px phone in Arabic, right to left", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/about?lang=ar")
  for (const path of [
    "/",
    "/doctors",
    "/facilities?view=both",
    "/contact",
    "/partners",
    "/coming-soon",
    "/privacy",
    "/terms",
    "/about",
    "/design-system",
    "/services/patients",
    "/services/remote-monitoring",
  ]) {
    await page.goto(path)
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
    await expectNoHorizontalOverflow(page)
  }
})
