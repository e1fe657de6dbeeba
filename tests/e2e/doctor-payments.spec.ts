/**
 * Issue 40, the doctor's side of deposits: the settings say what the patient will see and refuse
 * a wrong amount without losing it; the payments page shows a deposit paid through the sandbox,
 * with the month's totals, and its CSV export holds that payment; a past appointment is marked
 * "Patient absent" through a confirmation. Dr doctor3 asks 5 000 FCFA of all patients in the demo
 * data, which other specs rely on while these run: the settings are saved with that deposit, and
 * put back after each scene whatever it left.
 */
import { readFileSync } from "node:fs"
import { expect, test, type APIRequestContext, type Page } from "@playwright/test"
import { Temporal } from "temporal-polyfill"
import { api, apiToken } from "./doctor-helpers.ts"
import { acceptCookies, expectToastShown, recordToasts, signIn } from "./support.ts"

const DOCTOR = "doctor3@demo.sn"
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ")

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

/** Nothing wider than the phone: no sideways scrolling. */
async function expectNoOverflow(page: Page, where: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }))
  expect(widths.scroll, `${where} is ${widths.scroll}px wide on a ${widths.view}px screen`).toBeLessThanOrEqual(widths.view)
}

interface Session {
  readonly settings: Record<string, unknown>
  readonly metadata: { readonly doctor?: { readonly id: string }; readonly patient?: { readonly id: string } }
}

/** A demo account's API token and what GET /session says of it. */
async function signedIn(request: APIRequestContext, email: string): Promise<{ token: string; session: Session }> {
  const token = await apiToken(request, email)
  return { token, session: (await api<Session>(request, token, "GET", "/session")).body }
}

/** Puts doctor3's deposit back as the demo data has it (5 000 FCFA from all patients), whatever the test left. */
async function restoreDeposit(request: APIRequestContext) {
  const { token, session } = await signedIn(request, DOCTOR)
  const { doctorSettingsId: _id, doctorId: _doctor, ...settings } = session.settings
  const saved = await api(request, token, "PUT", `/doctors/${session.metadata.doctor!.id}/settings`, { ...settings, depositFor: "ALL", bookingDeposit: 5000 })
  expect(saved.status).toBe(200)
}

test.describe("the deposit setting", () => {
  // Both scenes change doctor3's settings: one after the other, each putting them back.
  test.describe.configure({ mode: "serial" })
  test.afterEach(async ({ request }) => restoreDeposit(request))

  test("in French at 360 px: the sentence says the amount, a wrong amount is refused and kept, the deposit is saved", async ({ page }) => {
    await signIn(page, DOCTOR, "/doctor/settings")
    await page.setViewportSize({ width: 360, height: 740 })
    const group = page.getByRole("region", { name: "Acompte à la réservation" })
    await expect(group.getByRole("radio", { name: "Pour tous les patients" })).toBeChecked()
    const amount = group.getByLabel("Montant de l'acompte (FCFA)")
    await expect(amount).toHaveValue("5000")
    const sentence = group.getByTestId("deposit-sentence")
    // The issue's own words (whitespace compared as spaces: the amount's are no-break ones).
    await expect(sentence).toHaveText(
      "Vos patients paieront un acompte de 5 000 FCFA par Wave, Orange Money, Free Money ou carte en réservant ; il leur est remboursé s'ils annulent au moins 24 h avant, et conservé s'ils ne viennent pas.",
    )
    await expectNoOverflow(page, "settings")
    const save = page.getByRole("button", { name: "Enregistrer" })

    // Each wrong amount: the field's own translated error, the text as typed, no save.
    for (const [typed, error] of [
      ["499", "L'acompte est d'au moins 500 FCFA"],
      ["50001", "L'acompte est d'au plus 50 000 FCFA"],
      ["2500.5", "Valeur invalide"],
    ] as const) {
      await amount.fill(typed)
      await expect(group.getByRole("alert")).toHaveText(error)
      await expect(amount).toHaveValue(typed)
      await expect(amount).toHaveAttribute("aria-invalid", "true")
      await expect(sentence).toBeHidden()
      await expect(save).toBeDisabled()
    }
    await amount.fill("")
    await expect(group.getByRole("alert")).toBeVisible()
    await expect(group.getByRole("alert")).not.toContainText("validation.")
    await expect(save).toBeDisabled()

    // No deposit: the amount leaves the screen and comes back as it was typed.
    await amount.fill("12")
    await group.getByRole("radio", { name: "Aucun acompte" }).check()
    await expect(amount).toBeHidden()
    await expect(group.getByTestId("deposit-sentence")).toHaveText("Vos patients réservent sans rien payer en ligne.")
    await group.getByRole("radio", { name: "Seulement après un rendez-vous manqué" }).check()
    await expect(amount).toHaveValue("12")

    await amount.fill("7 500")
    await expect(sentence).toContainText("Vos patients qui ont déjà manqué un rendez-vous avec vous paieront un acompte de 7 500 FCFA")

    // Saved as the demo data has it (other specs book doctor3 meanwhile and expect 5 000 FCFA from
    // all), typed the way a doctor writes it: the settings' save sends the deposit as a whole number.
    await group.getByRole("radio", { name: "Pour tous les patients" }).check()
    await amount.fill("5 000")
    await expect(sentence).toContainText("Vos patients paieront un acompte de 5 000 FCFA")
    await expect(save).toBeEnabled()
    const sent = page.waitForRequest((r) => r.method() === "PUT" && /\/api\/v1\/doctors\/[^/]+\/settings$/.test(r.url()))
    await save.click()
    expect((await sent).postDataJSON()).toMatchObject({ depositFor: "ALL", bookingDeposit: 5000 })
    await expectToastShown(page, "Paramètres enregistrés.")
    await expect(page).toHaveURL(/\/doctor\/profile$/)
    await page.goto("/doctor/settings")
    await expect(group.getByRole("radio", { name: "Pour tous les patients" })).toBeChecked()
    await expect(amount).toHaveValue("5000")
  })

  test("in Arabic at 360 px: right to left, the amount an isolated run, the error translated and the input kept", async ({ page }) => {
    await signIn(page, DOCTOR, "/doctor/settings")
    await page.setViewportSize({ width: 360, height: 740 })
    await page.evaluate(() => localStorage.setItem("promed.language", "ar"))
    await page.reload()
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    const group = page.getByRole("region", { name: "العربون عند الحجز" })
    await expect(group.getByRole("radio", { name: "جميع المرضى" })).toBeChecked()
    const sentence = group.getByTestId("deposit-sentence")
    await expect(sentence).toContainText("سيدفع مرضاك عربونًا قدره")
    const run = sentence.locator("bdi")
    await expect(run).toHaveAttribute("dir", "ltr")
    expect(plain(await run.textContent())).toBe("5,000 FCFA")
    await expectNoOverflow(page, "settings (ar)")

    const amount = group.getByLabel("مبلغ العربون (FCFA)")
    await amount.fill("499")
    await expect(group.getByRole("alert")).toContainText("لا يقل العربون عن")
    await expect(amount).toHaveValue("499")
    await expect(page.getByRole("button", { name: "حفظ", exact: true })).toBeDisabled()
    await amount.fill("6000")
    await expect(run).toHaveText(/^6,000.FCFA$/)
    // Saved back at the demo data's amount: other specs book doctor3 meanwhile.
    await amount.fill("5000")
    await expect(run).toHaveText(/^5,000.FCFA$/)
    const sent = page.waitForRequest((r) => r.method() === "PUT" && /\/api\/v1\/doctors\/[^/]+\/settings$/.test(r.url()))
    await page.getByRole("button", { name: "حفظ", exact: true }).click()
    expect((await sent).postDataJSON()).toMatchObject({ depositFor: "ALL", bookingDeposit: 5000 })
    await expect(page).toHaveURL(/\/doctor\/profile$/)
    await page.goto("/doctor/settings")
    await expect(group.getByLabel("مبلغ العربون (FCFA)")).toHaveValue("5000")
    await page.evaluate(() => localStorage.setItem("promed.language", "fr"))
  })
})

/** A deposit for doctor3 paid by patient@demo.sn through the sandbox's page, as a browser pays it; answers its payment. */
async function payDepositThroughSandbox(page: Page, request: APIRequestContext) {
  const patient = await signedIn(request, "patient@demo.sn")
  const patientToken = patient.token
  const doctorId = (await signedIn(request, DOCTOR)).session.metadata.doctor!.id
  const patientId = patient.session.metadata.patient!.id
  // Two to four weeks ahead, from the last slot back: other specs book doctor3's nearer ones meanwhile.
  const fromToday = (days: number) => Temporal.Now.plainDateISO("Africa/Dakar").add({ days }).toString()
  const free = await api(
    request,
    patientToken,
    "GET",
    `/doctor-availability/${doctorId}/available-time-slots?startDate=${fromToday(14)}&endDate=${fromToday(27)}`,
  )
  const slots = free.body as Array<{ id: string; startsAt: string }>
  let created: { status: number; body: { id: string; checkoutUrl: string; status: string; amount: number } } | undefined
  for (const slot of slots.toReversed()) {
    const response = await request.post("/api/v1/payments", {
      headers: { Authorization: `Bearer ${patientToken}`, "Idempotency-Key": crypto.randomUUID() },
      data: {
        doctorId,
        patientId,
        timeSlotId: slot.id,
        appointmentTime: slot.startsAt,
        appointmentType: "CLINIC",
        reason: "Acompte payé pour la page des paiements",
      },
    })
    created = { status: response.status(), body: await response.json() }
    if (created.status === 201) break
  }
  expect(created?.status).toBe(201)
  const payment = created!.body
  // The gateway's own amount: doctor3 asks 5 000 FCFA of all patients.
  expect([payment.status, payment.amount]).toEqual(["PENDING", 5000])

  const checkout = await page.context().newPage()
  await checkout.goto(payment.checkoutUrl)
  await checkout.getByLabel("Wave").check()
  // The sandbox's page answers its form by sending the browser back to the payment.
  await Promise.all([checkout.waitForURL(/\/payments\/[0-9a-f-]{36}$/), checkout.getByRole("button", { name: "Approuver" }).click()])
  await checkout.close()
  await expect
    .poll(async () => (await api(request, patientToken, "GET", `/payments/${payment.id}`)).body.status as string, {
      message: "the sandbox's approval reaches the gateway",
    })
    .toBe("PAID")
  const paid = (await api(request, patientToken, "GET", `/payments/${payment.id}`)).body as { id: string; receiptNumber: string; appointmentId: string }
  return { paid, patientToken }
}

test("the payments page: a deposit paid through the sandbox, the month's totals and the CSV export, in French and Arabic at 360 px", async ({
  page,
  request,
}) => {
  const { paid, patientToken } = await payDepositThroughSandbox(page, request)
  try {
    await signIn(page, DOCTOR, "/doctor/profile")
    await page.setViewportSize({ width: 360, height: 740 })
    await page.getByRole("link", { name: "Paiements" }).click()
    await expect(page).toHaveURL(/\/doctor\/payments$/)
    await expect(page.getByRole("heading", { name: "Paiements", level: 1 })).toBeVisible()
    const card = page.getByRole("article").filter({ hasText: paid.receiptNumber })
    await expect(card).toContainText("Awa Diop")
    await expect(card).toContainText("5 000 FCFA")
    await expect(card).toContainText("Wave")
    await expect(card).toContainText("Payé")
    await expect(card.getByRole("link")).toHaveAttribute("href", `/doctor/appointments/${paid.appointmentId}`)

    // This month's totals in Dakar's francs (XOF) hold the deposit; other specs pay doctor3 meanwhile, so at least it.
    const month = Temporal.Now.plainDateISO("Africa/Dakar").toString().slice(0, 7)
    const totals = page.getByTestId(`payment-month-${month}-XOF`)
    await expect(totals).toContainText("Franc CFA (XOF, Sénégal)")
    const paidTotal = Number(plain(await totals.locator("dt", { hasText: "Payés" }).locator("+ dd").textContent()).replace(/\D/g, ""))
    expect(paidTotal).toBeGreaterThanOrEqual(5000)
    await expectNoOverflow(page, "payments")

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exporter en CSV" }).click()])
    expect(download.suggestedFilename()).toMatch(/^promed-paiements-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = readFileSync(await download.path(), "utf8")
    const row = csv.split(/\r?\n/).find((line) => line.includes(paid.receiptNumber))
    expect(row, "the CSV has the payment's row").toBeDefined()
    expect(row).toContain("5000")
    expect(row).toContain("Awa Diop")

    // The appointment's detail shows its deposit; its time is ahead, so no "Patient absent" yet.
    await card.getByRole("link").click()
    const deposit = page.getByRole("region", { name: "Acompte" })
    await expect(deposit).toContainText("Payé")
    await expect(deposit).toContainText("5 000 FCFA")
    await expect(deposit).toContainText("Wave")
    await expect(deposit).toContainText(paid.receiptNumber)
    await expect(page.getByRole("button", { name: "Annuler le rendez-vous" })).toBeVisible()
    await expect(page.getByRole("button", { name: "Patient absent" })).toBeHidden()
    await expectNoOverflow(page, "appointment detail")

    await page.evaluate(() => localStorage.setItem("promed.language", "ar"))
    await page.goto("/doctor/payments")
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expect(page.getByRole("heading", { name: "المدفوعات", level: 1 })).toBeVisible()
    await expect(page.getByRole("article").filter({ hasText: paid.receiptNumber })).toContainText("مدفوع")
    await expect(page.getByRole("button", { name: "تصدير بصيغة CSV" })).toBeVisible()
    await expectNoOverflow(page, "payments (ar)")
    await page.evaluate(() => localStorage.setItem("promed.language", "fr"))
  } finally {
    // The visit is cancelled (weeks ahead, so in time): the slot is free again and the deposit refunded.
    expect((await api(request, patientToken, "PUT", `/appointments/cancel/${paid.appointmentId}`)).status).toBe(200)
  }
})

test("the payments page: empty, then briefly unavailable with a retry", async ({ page }) => {
  // doctor2 asks no deposit: nothing to list.
  await signIn(page, "doctor2@demo.sn", "/doctor/payments")
  await expect(page.getByText("Aucun paiement pour le moment. Les acomptes de vos patients apparaîtront ici.")).toBeVisible()
  await expect(page.getByRole("button", { name: "Exporter en CSV" })).toBeHidden()

  // An outage (503, issue 37): said so, with a retry that loads the page once the gateway is back.
  let down = true
  await page.route("**/api/v1/doctors/*/payments", (route) =>
    down ? route.fulfill({ status: 503, headers: { "Retry-After": "0" }, json: { code: "SERVER_ERROR", message: "Service unavailable" } }) : route.fallback(),
  )
  await page.reload()
  const problem = page.getByRole("alert").filter({ hasText: "Impossible de charger vos paiements." })
  await expect(problem).toContainText("Promed est brièvement indisponible : réessayez dans un instant.")
  down = false
  await problem.getByRole("button", { name: "Réessayer" }).click()
  await expect(page.getByText("Aucun paiement pour le moment. Les acomptes de vos patients apparaîtront ici.")).toBeVisible()
  await expect(problem).toBeHidden()
})

test("a past appointment: 'Patient absent' is asked, confirmed, retried after an outage, and shown", async ({ page, request }) => {
  // The demo data's past visit of patient2 with doctor2, twenty days ago (server/db/seed.ts); no spec reads it.
  const doctorToken = await apiToken(request, "doctor2@demo.sn")
  const appointments = (await api(request, doctorToken, "GET", "/appointments")).body as Array<{
    id: string
    reason: string
    status: string
    appointmentTime: string
  }>
  const past = appointments.find((a) => a.reason === "Fièvre persistante depuis trois jours")!
  expect(Date.parse(past.appointmentTime)).toBeLessThan(Date.now())

  await signIn(page, "doctor2@demo.sn", `/doctor/appointments/${past.id}`)
  await expect(page.getByRole("heading", { name: "Détail du rendez-vous" })).toBeVisible()
  await expect(page.getByRole("region", { name: "Acompte" })).toContainText("Aucun acompte pour ce rendez-vous.")
  const absent = page.getByRole("button", { name: "Patient absent" })

  // Asked, then kept as it was.
  await absent.click()
  const dialog = page.getByRole("dialog", { name: "Marquer le patient absent ?" })
  await expect(dialog).toContainText("cela ne peut pas être annulé")
  await dialog.getByRole("button", { name: "Non, revenir" }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId("no-show")).toBeHidden()

  // Confirmed while the gateway is briefly unavailable: said in the dialog, which offers a retry.
  let down = true
  await page.route("**/api/v1/appointments/*/no-show", (route) =>
    down ? route.fulfill({ status: 503, json: { code: "SERVER_ERROR", message: "Service unavailable" } }) : route.fallback(),
  )
  await absent.click()
  await dialog.getByRole("button", { name: "Oui, patient absent" }).click()
  await expect(dialog.getByRole("alert")).toContainText("Promed est brièvement indisponible")
  down = false
  await dialog.getByRole("button", { name: "Réessayer" }).click()
  await expect(dialog).toBeHidden()
  await expectToastShown(page, "Patient marqué absent.")
  await expect(page.getByRole("region", { name: "Rendez-vous" }).getByTestId("no-show")).toHaveText("Patient absent")
  await expect(absent).toBeHidden()
  await page.reload()
  await expect(page.getByTestId("no-show")).toHaveText("Patient absent")
  await expect(absent).toBeHidden()
})
