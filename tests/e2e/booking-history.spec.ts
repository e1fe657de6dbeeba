/**
 * Issue 11, "A booking that keeps its place": the open wizard and its step are part of the
 * address, so Back and Forward move between steps; the tab keeps the draft, so a reload or a
 * trip to the login site finds it again; a session that ends meanwhile is offered the login site;
 * a new tab of the same browser joins the live session, and closing every tab ends it.
 * Nothing here books: the slot chosen is only ever reviewed.
 */
import { expect, test, type Locator, type Page } from "@playwright/test"
import { ACCOUNTS, acceptCookies, fillLoginForm, signIn, watchHydration } from "./support.ts"

const PHONE = { width: 360, height: 740 }
const REASON = "Douleur au genou depuis une semaine"
const SON = "Moustapha Diop (enfant)"

test.beforeEach(async ({ context }) => {
  // On the context, so every page of it (the second tab included) has the banner accepted.
  await context.addInitScript(() => localStorage.setItem("promed.cookies", JSON.stringify({ necessary: true, analytics: false })))
})

const wizard = (page: Page) => page.getByRole("dialog", { name: "Rendez-vous avec Dr Moussa Ndiaye" })
const stepList = (dialog: Locator, step: number) => dialog.getByRole("list", { name: `Étape ${step} sur 3` })

/** The patient opens Dr Ndiaye's profile and presses Book. */
async function openFromProfile(page: Page) {
  await page.goto("/doctors?keyword=Moussa%20Ndiaye")
  const card = page.getByRole("article").filter({ hasText: "Moussa Ndiaye" }).first()
  await card.getByRole("link", { name: "Dr Moussa Ndiaye", exact: true }).click()
  await expect(page.getByRole("heading", { level: 1, name: /Moussa Ndiaye/ })).toBeVisible()
  await page.getByRole("button", { name: "Prendre rendez-vous" }).first().click()
  await expect(stepList(wizard(page), 1)).toBeVisible()
  await expect(page).toHaveURL(/[?&]booking=1\b/)
}

/** Step 1 filled for her son, step 2 a free time two weeks ahead, then the review (step 3). */
async function goToReview(page: Page): Promise<string> {
  const dialog = wizard(page)
  await dialog.getByLabel("Pour qui ?").selectOption({ label: SON })
  await dialog.getByLabel("Motif de consultation").fill(REASON)
  await dialog.getByRole("button", { name: "Suivant", exact: true }).click()
  await expect(stepList(dialog, 2)).toBeVisible()
  await expect(page).toHaveURL(/[?&]booking=2\b/)
  const next = dialog.getByRole("button", { name: "Semaine suivante" })
  await next.click()
  await next.click()
  const free = dialog
    .getByRole("group", { name: /Créneaux du/ })
    .getByRole("button", { pressed: false, disabled: false })
    .first()
  await expect(free).toBeVisible()
  const label = (await free.getAttribute("aria-label")) ?? ""
  await free.click()
  await dialog.getByRole("button", { name: "Suivant", exact: true }).click()
  await expect(stepList(dialog, 3)).toBeVisible()
  await expect(page).toHaveURL(/[?&]booking=3\b/)
  return label
}

/** The review shows what was entered: for whom, the reason, the time. */
async function expectReview(page: Page, slotLabel: string) {
  const dialog = wizard(page)
  await expect(stepList(dialog, 3)).toBeVisible()
  const facts = dialog.getByRole("definition")
  await expect(facts.filter({ hasText: "Moustapha Diop" })).toHaveCount(1)
  await expect(facts.filter({ hasText: REASON })).toHaveCount(1)
  await expect(facts.filter({ hasText: slotLabel.split(", ").at(-1)! })).toHaveCount(1)
}

/**
 * From the review: Back to step 2 (the slot still chosen) and step 1 (the details as typed),
 * Forward to the review, a reload that keeps it, then Back out of the wizard.
 */
async function walkTheHistory(page: Page, slot: string) {
  const dialog = wizard(page)
  // Back: step 2 with the slot still chosen, then step 1 with the details as typed.
  await page.goBack()
  await expect(stepList(dialog, 2)).toBeVisible()
  await expect(dialog.getByRole("group", { name: /Créneaux du/ }).getByRole("button", { pressed: true })).toHaveCount(1)
  await page.goBack()
  await expect(stepList(dialog, 1)).toBeVisible()
  await expect(dialog.getByLabel("Motif de consultation")).toHaveValue(REASON)
  await expect(page).toHaveURL(/[?&]booking=1\b/)

  // Forward twice: the review again, as it was.
  await page.goForward()
  await expect(stepList(dialog, 2)).toBeVisible()
  await page.goForward()
  await expectReview(page, slot)

  // A reload on step 3 finds the same step and the same draft.
  await page.reload()
  await expectReview(page, slot)

  // Back from step 1 leaves the wizard; Forward brings it back with the draft.
  await page.goBack()
  await page.goBack()
  await expect(stepList(dialog, 1)).toBeVisible()
  await page.goBack()
  await expect(dialog).toBeHidden()
  await expect(page).not.toHaveURL(/booking=/)
}

test("Back and Forward move between the wizard's steps, keeping what was entered; a reload keeps the step and the draft", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await openFromProfile(page)
  const slot = await goToReview(page)
  const dialog = wizard(page)

  await walkTheHistory(page, slot)
  await page.goForward()
  await expect(dialog.getByLabel("Motif de consultation")).toHaveValue(REASON)

  // Cancel drops the draft: the next opening starts afresh.
  await dialog.getByRole("button", { name: "Annuler", exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page).not.toHaveURL(/booking=/)
  await page.getByRole("button", { name: "Prendre rendez-vous" }).first().click()
  await expect(dialog.getByLabel("Motif de consultation")).toHaveValue("")
})

test("an address on a step the draft cannot justify opens the earliest step it can", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await openFromProfile(page)
  const profile = new URL(page.url()).pathname
  // Nothing entered yet: step 3 has neither details nor slot.
  await page.goto(`${profile}?booking=3`)
  await expect(stepList(wizard(page), 1)).toBeVisible()
  await expect(page).toHaveURL(/[?&]booking=1\b/)
})

test("signed out in another tab mid-booking: the dialog offers the login site, which returns to the same step with the draft", async ({ page, context }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await openFromProfile(page)
  const slot = await goToReview(page)

  // A second tab of the same browser is signed in too, and signs out.
  const other = await context.newPage()
  await other.goto("/")
  await expect(other.getByTestId("user-menu")).toBeVisible()
  await other.getByTestId("user-menu").click()
  await other.getByRole("button", { name: "Se déconnecter" }).click()
  await expect(other.getByTestId("sign-in").first()).toBeVisible()

  // The first tab learns it at once: the wizard gives way to the way back in.
  const dialog = page.getByRole("dialog", { name: "Prendre rendez-vous" })
  await expect(dialog.getByText("Votre session a pris fin.", { exact: false })).toBeVisible()
  await dialog.getByRole("link", { name: "Se connecter et continuer" }).click()
  await fillLoginForm(page, ACCOUNTS.patient.email)
  await expect(page).toHaveURL(/[?&]booking=3\b/)
  await expectReview(page, slot)
})

test("a new tab of the same browser is signed in; a new browser session (every tab closed) is not", async ({ page, context, browser }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  const other = await context.newPage()
  await other.goto("/doctors")
  await expect(other.getByTestId("user-menu")).toContainText(ACCOUNTS.patient.name)
  // Nothing is left for a browser whose tabs are all closed: a new context stands for it.
  await other.close()
  await page.close()
  const fresh = await browser.newContext({ storageState: await context.storageState() })
  const later = await fresh.newPage()
  await acceptCookies(later)
  await later.goto("/doctors")
  await expect(later.getByTestId("sign-in").first()).toBeVisible()
  await fresh.close()
})

test("a visitor given the address of an open wizard is offered the login site, and the page the server drew is taken over cleanly", async ({ page }) => {
  const problems = watchHydration(page)
  await page.goto("/doctors?keyword=Moussa%20Ndiaye")
  await page.getByRole("article").filter({ hasText: "Moussa Ndiaye" }).first().getByRole("link", { name: "Dr Moussa Ndiaye", exact: true }).click()
  await expect(page.getByRole("heading", { level: 1, name: /Moussa Ndiaye/ })).toBeVisible()
  const profile = new URL(page.url()).pathname
  await page.goto(`${profile}?booking=2`)
  const dialog = page.getByRole("dialog", { name: "Prendre rendez-vous" })
  const signIn = dialog.getByRole("link", { name: "Se connecter et continuer" })
  await expect(signIn).toBeVisible()
  expect(new URL((await signIn.getAttribute("href"))!, page.url()).searchParams.get("returnTo")).toBe(`${profile}?booking=2`)
  expect(problems).toEqual([])
})

test.describe("the wizard opened from the search, at 360 px", () => {
  test("French: the search's address holds the wizard; Back, Forward and a reload keep its place, Back from step 1 is the results", async ({ page }) => {
    await signIn(page, ACCOUNTS.patient.email, "/profile")
    await page.setViewportSize(PHONE)
    await page.goto("/doctors?keyword=Moussa%20Ndiaye")
    const card = page.getByRole("article").filter({ hasText: "Moussa Ndiaye" }).first()
    await card.getByRole("button", { name: /Prendre rendez-vous/ }).click()
    const dialog = wizard(page)
    await expect(stepList(dialog, 1)).toBeVisible()
    await expect(page).toHaveURL(/\/doctors\?(?=.*keyword=Moussa)(?=.*book=[0-9a-f-]{36})(?=.*booking=1)/)

    // Back from step 1 closes the wizard and leaves the results as they were.
    await walkTheHistory(page, await goToReview(page))
    await expect(page).toHaveURL(/\/doctors\?keyword=Moussa/)
    await expect(page).not.toHaveURL(/book=|booking=/)
    await expect(card).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })

  test("an address naming a step the draft cannot justify is replaced, so Back leaves the wizard", async ({ page }) => {
    await signIn(page, ACCOUNTS.patient.email, "/profile")
    await page.setViewportSize(PHONE)
    await page.goto("/doctors?keyword=Moussa%20Ndiaye")
    const profile = await page
      .getByRole("article")
      .filter({ hasText: "Moussa Ndiaye" })
      .first()
      .getByRole("link", { name: "Dr Moussa Ndiaye", exact: true })
      .getAttribute("href")
    const doctorId = profile!.split("/").at(-1)!
    await page.goto(`/doctors?keyword=Moussa%20Ndiaye&book=${doctorId}&booking=3`)
    await expect(stepList(wizard(page), 1)).toBeVisible()
    await expect(page).toHaveURL(/[?&]booking=1\b/)
    await page.goBack()
    await expect(page).not.toHaveURL(/booking=/)
    await expect(wizard(page)).toBeHidden()
  })

  test("Arabic: the same, right to left", async ({ page }) => {
    await signIn(page, ACCOUNTS.patient.email, "/profile")
    await page.setViewportSize(PHONE)
    await page.goto("/doctors?keyword=Moussa%20Ndiaye&lang=ar")
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await page
      .getByRole("article")
      .filter({ hasText: "Moussa Ndiaye" })
      .first()
      .getByRole("button", { name: /احجز موعداً/ })
      .click()
    const dialog = page.getByRole("dialog", { name: "موعد مع د. Moussa Ndiaye" })
    const arStep = (step: number) => dialog.getByRole("list", { name: `الخطوة ${step} من 3` })
    await expect(arStep(1)).toBeVisible()
    await dialog.getByLabel("سبب الاستشارة").fill("ألم في الركبة")
    await dialog.getByRole("button", { name: "التالي", exact: true }).click()
    await expect(arStep(2)).toBeVisible()
    await expect(page).toHaveURL(/booking=2/)
    await page.reload()
    await expect(arStep(2)).toBeVisible()
    await page.goBack()
    await expect(arStep(1)).toBeVisible()
    await expect(dialog.getByLabel("سبب الاستشارة")).toHaveValue("ألم في الركبة")
  })
})

test("a doctor booking for a patient: the wizard is in the address too, its draft kept per patient", async ({ page }) => {
  await signIn(page, ACCOUNTS.doctor.email, "/doctor/profile")
  await page.getByRole("link", { name: /Mes patients/ }).click()
  await page.getByRole("link", { name: "Voir le dossier de Fatou Sarr" }).click()
  await page.getByRole("button", { name: "Prendre rendez-vous pour ce patient" }).click()
  await expect(page).toHaveURL(/\/doctor\/appointments\/new\?(?=.*patientId=)(?=.*booking=1)/)
  const dialog = wizard(page)
  await dialog.getByLabel("Motif de consultation").fill("Suivi de la tension")
  await dialog.getByRole("button", { name: "Suivant", exact: true }).click()
  await expect(stepList(dialog, 2)).toBeVisible()
  await expect(page).toHaveURL(/booking=2/)
  await page.reload()
  await expect(stepList(dialog, 2)).toBeVisible()
  await page.goBack()
  await expect(stepList(dialog, 1)).toBeVisible()
  await expect(dialog.getByLabel("Motif de consultation")).toHaveValue("Suivi de la tension")
  // Back from step 1: the page asks again, the wizard closed.
  await page.goBack()
  await expect(dialog).toBeHidden()
})
