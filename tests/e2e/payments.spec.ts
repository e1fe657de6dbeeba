/**
 * Issue 40, the patient's side, through the sandbox provider's checkout: a patient books a doctor
 * who asks every patient a 5,000 FCFA deposit, pays it with Wave and lands on the booked
 * appointment with its payment and receipt; refuses on the checkout and finds the slot free again;
 * cancels in time and sees the refund. In French and in Arabic, on a 360 px phone. Only the deposit
 * doctor's slots are used, and whatever is booked is cancelled.
 */
import { expect, test, type Page } from "@playwright/test"
import { api, apiToken } from "./doctor-helpers.ts"
import { acceptCookies, ACCOUNTS, expectToastShown, recordToasts, signIn } from "./support.ts"

/** The demo doctor who asks a deposit of all patients (5,000 FCFA, server/db seed). */
const DEPOSIT_DOCTOR_EMAIL = "doctor3@demo.sn"
/** The sentence of the review and the button's name, as the issue words them (amount through the money formatter). */
const DEPOSIT_SENTENCE = /demande à tous ses patients un acompte de 5\s000\sFCFA/
const PAY_BUTTON = /^Payer l'acompte de 5\s000\sFCFA$/

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

/** Signs the demo patient in (the helper waits for the desktop user menu), then turns into a 360 px phone. */
async function signInOnPhone(page: Page) {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await page.setViewportSize({ width: 360, height: 740 })
}

/** The page has no sideways scroll at 360 px. */
async function expectNoSidewaysScroll(page: Page) {
  // The elements that stick out are named, so a failure says where to look.
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    return [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > width + 1 || element.getBoundingClientRect().left < -1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
  })
  expect(outside).toEqual([])
}

let doctor: { id: string; name: string } | null = null

/** The deposit doctor's id and full name, read once from the gateway. */
async function depositDoctor(page: Page) {
  if (doctor) return doctor
  const token = await apiToken(page.request, DEPOSIT_DOCTOR_EMAIL)
  const session = await api<{ firstName: string; lastName: string; settings: { doctorId: string; depositFor: string; bookingDeposit: number } }>(
    page.request,
    token,
    "GET",
    "/session",
  )
  // What this spec is about: the demo doctor asks 5,000 FCFA of every patient.
  expect(session.body.settings).toMatchObject({ depositFor: "ALL", bookingDeposit: 5000 })
  doctor = { id: session.body.settings.doctorId, name: `${session.body.firstName} ${session.body.lastName}` }
  return doctor
}

/**
 * From the doctor's profile, the wizard up to its review, for the patient herself: `weeksAhead`
 * weeks on (well past the 24-hour rule), the `nth` free time of that week from the end (so two
 * tests of this file never want the same slot). Answers the chosen slot's label.
 */
async function reviewABooking(page: Page, options: { weeksAhead: number; nth: number; reason: string; language?: "fr" | "ar" }) {
  const { id } = await depositDoctor(page)
  await page.goto(`/doctors/${id}`)
  const words = WORDS[options.language ?? "fr"]
  await page.getByRole("button", { name: words.book }).first().click()
  const dialog = page.getByRole("dialog")
  await expect(dialog).toBeVisible()
  await dialog.getByLabel(words.reason).fill(options.reason)
  await dialog.getByRole("button", { name: words.next, exact: true }).click()
  const next = dialog.getByRole("button", { name: words.nextWeek })
  for (let i = 0; i < options.weeksAhead; i++) await next.click()
  const free = dialog.getByRole("group", { name: words.grid }).getByRole("button", { pressed: false, disabled: false }).nth(-options.nth)
  await expect(free).toBeVisible()
  const label = (await free.getAttribute("aria-label")) ?? ""
  await free.click()
  await dialog.getByRole("button", { name: words.next, exact: true }).click()
  return { dialog, label }
}

/** What the wizard's controls are called (locales/*.json), in the two languages this spec speaks. */
const WORDS = {
  fr: { book: "Prendre rendez-vous", reason: "Motif de consultation", next: "Suivant", nextWeek: "Semaine suivante", grid: /^Créneaux du/ },
  ar: { book: "احجز موعداً", reason: "سبب الاستشارة", next: "التالي", nextWeek: "الأسبوع التالي", grid: /^مواعيد / },
} as const

/** The appointments this spec booked, cancelled at the end so other specs find the demo data as it was. */
const booked: string[] = []
test.afterAll(async ({ request }) => {
  if (booked.length === 0) return
  const token = await apiToken(request, ACCOUNTS.patient.email)
  for (const id of booked) await api(request, token, "PUT", `/appointments/cancel/${id}`)
})

/** The appointment id of the page the browser is on (/appointments/{id}). */
const appointmentIdOf = (page: Page) => /\/appointments\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1] ?? ""

test("a patient pays the deposit with Wave, lands on the booked appointment with its payment and receipt, then cancels in time and sees the refund", async ({
  page,
}) => {
  await signInOnPhone(page)
  const { dialog } = await reviewABooking(page, { weeksAhead: 1, nth: 1, reason: "Acompte payé par Wave" })

  // The review says how much, why and the refund rule; its button pays.
  await expect(dialog.getByText(DEPOSIT_SENTENCE)).toBeVisible()
  await expect(dialog.getByText(/remboursé en entier si vous annulez au moins 24 heures avant/)).toBeVisible()
  await expect(dialog.getByText(/conservé si vous ne venez pas/)).toBeVisible()
  await expectNoSidewaysScroll(page)
  await dialog.getByRole("button", { name: PAY_BUTTON }).click()

  // The sandbox's checkout: a demonstration, Wave chosen, approved.
  await expect(page).toHaveURL(/\/sandbox\/checkout\//)
  await expect(page.getByText("Démonstration")).toBeVisible()
  await expectNoSidewaysScroll(page)
  await page.getByRole("radio", { name: "Wave" }).check()
  await page.getByRole("button", { name: "Approuver" }).click()

  // Back in the app: the deposit is paid and the appointment booked.
  await expectToastShown(page, "Acompte payé")
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]{36}$/)
  booked.push(appointmentIdOf(page))
  await expect(page.getByText("Confirmé", { exact: true })).toBeVisible()
  const card = page.getByRole("region", { name: "Acompte" })
  await expect(card.getByText("Payé", { exact: true }).first()).toBeVisible()
  await expect(card.getByText(/5\s000\sFCFA/).first()).toBeVisible()
  await expect(card.getByText("Wave").first()).toBeVisible()

  // The receipt: numbered, the doctor, the facility, amount, currency, method and date; printable.
  const receipt = card.getByRole("article", { name: /^Reçu n° / })
  await expect(receipt).toBeVisible()
  await expect(receipt).toContainText(doctor!.name)
  await expect(receipt).toContainText("Franc CFA de l'Afrique de l'Ouest (XOF)")
  await expect(receipt).toContainText("Wave")
  await expect(receipt).toContainText(ACCOUNTS.patient.name)
  await expect(receipt.getByRole("button", { name: "Imprimer le reçu" })).toBeVisible()
  await expectNoSidewaysScroll(page)

  // Cancelled more than 24 hours ahead: refunded in full, with its date.
  await page.getByRole("button", { name: "Annuler le rendez-vous" }).click()
  await page.getByRole("dialog").getByRole("button", { name: "Oui, annuler" }).click()
  await expectToastShown(page, "Le rendez-vous a été annulé.")
  await expect(card.getByText("Remboursé", { exact: true }).first()).toBeVisible()
  await expect(card.getByText(/remboursé en entier le /)).toBeVisible()
  booked.pop()
})

test("a patient refuses the payment on the checkout: no appointment, and the slot is free again", async ({ page }) => {
  await signInOnPhone(page)
  const { dialog, label } = await reviewABooking(page, { weeksAhead: 2, nth: 1, reason: "Acompte refusé" })
  await dialog.getByRole("button", { name: PAY_BUTTON }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\//)
  await page.getByRole("button", { name: "Refuser" }).click()

  await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}$/)
  await expect(page.getByRole("heading", { name: "Paiement refusé" })).toBeVisible()
  await expect(page.getByText(/le créneau est de nouveau libre/)).toBeVisible()
  await expectNoSidewaysScroll(page)

  // Back to the doctor to choose again: the same time is offered, free.
  await page.getByRole("link", { name: "Choisir un créneau chez ce médecin" }).click()
  await expect(page).toHaveURL(new RegExp(`/doctors/${doctor!.id}`))
  await page.getByRole("button", { name: "Prendre rendez-vous" }).first().click()
  const again = page.getByRole("dialog")
  await again.getByLabel("Motif de consultation").fill("Acompte refusé, second essai")
  await again.getByRole("button", { name: "Suivant", exact: true }).click()
  for (let i = 0; i < 2; i++) await again.getByRole("button", { name: "Semaine suivante" }).click()
  const sameTime = again.getByRole("button", { name: label, exact: true })
  await expect(sameTime).toBeEnabled()
  await expect(sameTime).toHaveAttribute("aria-pressed", "false")
  // Left without booking: Escape drops the wizard.
  await page.keyboard.press("Escape")
  await expect(again).toBeHidden()
})

test.describe("in Arabic", () => {
  // The checkout speaks the browser's language (the sandbox's page reads Accept-Language).
  test.use({ locale: "ar-SN" })

  test("at 360 px, the review, the checkout and the return page read right to left without sideways scroll", async ({ page }) => {
    await signInOnPhone(page)
    await page.evaluate(() => localStorage.setItem("promed.language", "ar"))
    const { dialog } = await reviewABooking(page, { weeksAhead: 3, nth: 1, reason: "عربون بالعربية", language: "ar" })
    await expect(dialog.getByText(/عربونًا قدره/)).toBeVisible()
    const pay = dialog.getByRole("button", { name: /ادفع العربون/ })
    await expect(pay).toContainText(/5.000\sFCFA/)
    await expectNoSidewaysScroll(page)
    await pay.click()

    await expect(page).toHaveURL(/\/sandbox\/checkout\//)
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expectNoSidewaysScroll(page)
    await page.getByRole("button", { name: "رفض" }).click()

    await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}$/)
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(page.getByRole("heading", { name: "رُفض الدفع" })).toBeVisible()
    await expectNoSidewaysScroll(page)
  })
})
