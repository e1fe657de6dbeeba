import { expect, test, type Locator, type Page } from "@playwright/test"
import { api, apiToken } from "./doctor-helpers.ts"
import { acceptCookies, ACCOUNTS, openBookingFromCard, signIn } from "./support.ts"

/*
 * Issue 39, "what new users still hit": the QA pass's findings in Chromium, at a phone's 360 px and a
 * desktop's 1280 px, judged by what the reader sees (where things are drawn), not by the markup.
 */

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

const WIDTHS = [360, 1280] as const

/**
 * Where each character of an element's text is drawn, in reading order of the DOM: for the runs
 * that must read left to right inside Arabic text (a phone number, a list of symbols).
 */
async function drawnCharacters(element: Locator): Promise<Array<{ ch: string; left: number; top: number }>> {
  return element.evaluate((root) => {
    const out: Array<{ ch: string; left: number; top: number }> = []
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.data.length; i++) {
        const range = document.createRange()
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const box = range.getBoundingClientRect()
        out.push({ ch: node.data[i]!, left: box.left, top: Math.round(box.top) })
      }
    }
    return out
  })
}

/** Each "+221 77 …" in the element reads as written: on one line, "+" drawn first (leftmost), its last digit last. */
async function expectPhonesReadLeftToRight(element: Locator, atLeast: number) {
  const chars = await drawnCharacters(element)
  const text = chars.map((c) => c.ch).join("")
  const phones = [...text.matchAll(/\+\d[\d ]*\d/g)]
  expect(phones.length, `phone numbers in « ${text} »`).toBeGreaterThanOrEqual(atLeast)
  for (const phone of phones) {
    const digits = chars.slice(phone.index, phone.index + phone[0].length).filter((c) => c.ch !== " ")
    expect(new Set(digits.map((c) => c.top)).size, `${phone[0]} on one line`).toBe(1)
    const lefts = digits.map((c) => c.left)
    expect(lefts, `${phone[0]} drawn left to right`).toEqual([...lefts].sort((a, b) => a - b))
  }
}

/** "@$!%*?&" reads in that order: each symbol drawn right of the one before. */
async function expectSymbolsReadLeftToRight(element: Locator) {
  const chars = await drawnCharacters(element)
  const start = chars
    .map((c) => c.ch)
    .join("")
    .indexOf("@$!%*?&")
  expect(start, "the symbols are listed").toBeGreaterThanOrEqual(0)
  const lefts = chars.slice(start, start + 7).map((c) => c.left)
  expect(lefts, "@$!%*?& drawn left to right").toEqual([...lefts].sort((a, b) => a - b))
}

for (const width of WIDTHS) {
  test(`Arabic sign-up at ${width} px: the phone examples and the password symbols read left to right`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto("/auth/register?lang=ar")
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
    await expectPhonesReadLeftToRight(page.locator("#phoneNumber-hint"), 3)
    await expectSymbolsReadLeftToRight(page.locator("#password-hint"))
  })
}

test("Arabic password change: the rules' symbols read left to right", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/change-password")
  await page.setViewportSize({ width: 360, height: 800 })
  await page.evaluate(() => localStorage.setItem("promed.language", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expectSymbolsReadLeftToRight(page.locator(".field-hint").filter({ hasText: "@" }).first())
})

/** The placeholder's text fits inside the box it is typed in (nothing cut). */
async function expectPlaceholderWhole(input: Locator) {
  const [needed, available] = await input.evaluate((element) => {
    const field = element as HTMLInputElement
    const style = getComputedStyle(field)
    const context = document.createElement("canvas").getContext("2d")!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const padding = parseFloat(style.paddingInlineStart) + parseFloat(style.paddingInlineEnd)
    return [context.measureText(field.placeholder).width, field.clientWidth - padding]
  })
  expect(needed).toBeLessThanOrEqual(available)
}

async function filterBoxes(page: Page) {
  const search = page.getByRole("search")
  const controls = [search.getByLabel("Rechercher"), search.getByLabel("Statut"), search.getByLabel("Type"), search.getByLabel("Date")]
  for (const control of controls) await expect(control).toBeVisible()
  return { search, controls, boxes: await Promise.all(controls.map(async (c) => (await c.boundingBox())!)) }
}

test("/appointments at 1280 px: the search and the three filters are one tidy row across the card, the placeholder whole", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, ACCOUNTS.patient.email, "/appointments")
  const { search, controls, boxes } = await filterBoxes(page)
  const card = (await search.boundingBox())!
  // One row: same top, left to right, no overlap, from the card's start to near its end.
  for (const box of boxes) expect(Math.abs(box.y - boxes[0]!.y)).toBeLessThanOrEqual(2)
  for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width)
  expect(boxes[0]!.x - card.x).toBeLessThan(40)
  expect(card.x + card.width - (boxes[3]!.x + boxes[3]!.width)).toBeLessThan(40)
  // The three selects are as wide as each other.
  for (const box of boxes.slice(2)) expect(Math.abs(box.width - boxes[1]!.width)).toBeLessThanOrEqual(2)
  await expectPlaceholderWhole(controls[0]!)
})

test("/appointments at 360 px: the search and the filters are stacked, each the card's width, the placeholder whole", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/appointments")
  await page.setViewportSize({ width: 360, height: 800 })
  const { controls, boxes } = await filterBoxes(page)
  for (let i = 1; i < boxes.length; i++) {
    expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height)
    expect(Math.abs(boxes[i]!.x - boxes[0]!.x)).toBeLessThanOrEqual(1)
    expect(Math.abs(boxes[i]!.width - boxes[0]!.width)).toBeLessThanOrEqual(1)
  }
  expect(boxes[0]!.width).toBeGreaterThan(260)
  await expectPlaceholderWhole(controls[0]!)
})

test("a visit booked for a dependant child: the doctor's list shows the child as the patient, booked by the parent", async ({ page }) => {
  const request = page.request
  const [patientToken, doctorToken] = await Promise.all([apiToken(request, ACCOUNTS.patient.email), apiToken(request, ACCOUNTS.doctor.email)])
  const patient = (await api(request, patientToken, "GET", "/session")).body.metadata.patient as {
    id: string
    dependants: Array<{ id: string; firstName: string; lastName: string; dateOfBirth: string; gender: string }>
  }
  const son = patient.dependants.find((d) => d.firstName === "Moustapha")!
  const doctorId = (await api(request, doctorToken, "GET", "/session")).body.metadata.doctor.id as string
  // The last free time of the fourth week, which the other suites' "first free time" never reaches; booked at the desk by the doctor.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const slots = (await api(request, doctorToken, "GET", `/doctor-availability/${doctorId}/available-time-slots?startDate=${day(21)}&endDate=${day(27)}`))
    .body as Array<{ id: string; startsAt: string; status: string }>
  const slot = slots.filter((s) => s.status === "AVAILABLE").at(-1)!
  const reason = "Fièvre et toux de l'enfant"
  const booked = await api(request, doctorToken, "POST", "/appointments", {
    doctorId,
    patientId: patient.id,
    dependantId: son.id,
    timeSlotId: slot.id,
    appointmentTime: slot.startsAt,
    appointmentType: "CLINIC",
    reason,
  })
  expect(booked.status).toBe(201)
  try {
    await signIn(page, ACCOUNTS.doctor.email, "/doctor/appointments?status=CONFIRMED")
    await page.getByLabel("Rechercher par nom du patient").fill("Moustapha")
    const card = page.getByRole("article", { name: /^Moustapha Diop, / })
    await expect(card).toHaveCount(1)
    await expect(card.getByRole("heading")).toHaveText("Moustapha Diop")
    await expect(card).toContainText("Réservé par Awa Diop")
    // The child's age and sex (born 2018-03-09, a boy), not his mother's.
    const born = new Date(`${son.dateOfBirth}T12:00:00Z`)
    const now = new Date()
    const years = now.getUTCFullYear() - born.getUTCFullYear() - (now < new Date(Date.UTC(now.getUTCFullYear(), born.getUTCMonth(), born.getUTCDate())) ? 1 : 0)
    expect(son.gender).toBe("MALE")
    await expect(card.getByRole("definition").filter({ hasText: /^\d+ ans/ })).toHaveText(`${years} ans · Masculin`)
    await expect(card).not.toContainText("Femme")

    // The detail says the same.
    await card.getByRole("link", { name: "Moustapha Diop" }).click()
    const patientSection = page.getByRole("region", { name: "Patient" })
    await expect(patientSection.getByRole("definition").first()).toHaveText("Moustapha Diop")
    await expect(patientSection).toContainText(`${years} ans · Masculin`)
    await expect(patientSection).toContainText("Awa Diop")
  } finally {
    expect((await api(request, doctorToken, "PUT", `/appointments/cancel/${booked.body.id}`)).status).toBe(200)
  }
})

test("lows at 360 px: the header strip is one row, the booking wizard's actions in view", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/doctors?keyword=Moussa%20Ndiaye")
  await page.setViewportSize({ width: 360, height: 640 })
  for (const language of ["fr", "ar"]) {
    await page.evaluate((lang) => localStorage.setItem("promed.language", lang), language)
    await page.reload()
    for (const link of [".theme-switch", ".top-link"]) await expect(page.locator(`.top-strip ${link}`)).toBeVisible()
    // Measured again until both boxes are laid out: the frame may be swapped while the page is taken over.
    const rowGap = async () => {
      const theme = await page.locator(".top-strip .theme-switch").boundingBox()
      const partners = await page.locator(".top-strip .top-link").boundingBox()
      return theme && partners ? Math.abs(theme.y + theme.height / 2 - (partners.y + partners.height / 2)) : Number.POSITIVE_INFINITY
    }
    await expect.poll(rowGap, { message: `${language}: theme and partners on one row` }).toBeLessThanOrEqual(2)
  }
  await page.evaluate(() => localStorage.setItem("promed.language", "fr"))
  await page.reload()
  const dialog = await openBookingFromCard(page, "Moussa Ndiaye")
  await expect(dialog.getByRole("button", { name: "Suivant", exact: true })).toBeInViewport({ ratio: 1 })
})

test("lows in Arabic: specialties translated on the profile's cards, lists joined the Arabic way, 24-hour times on search cards", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await page.evaluate(() => localStorage.setItem("promed.language", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  // Dr Rokhaya Lô: pediatrics and occupational medicine, in Arabic, joined by « و », not « , ».
  const card = page.getByRole("article").filter({ hasText: "Rokhaya" }).first()
  await expect(card).toContainText("طب الأطفال")
  await expect(card).not.toContainText("Pédiatrie")
  await expect(card.locator(".muted").first()).not.toContainText(",")
  await page.goto("/doctors?keyword=Ndiaye&lang=ar")
  const next = page.getByRole("article").first().getByRole("definition").last()
  await expect(next).toHaveText(/\d{2}:\d{2}$/)
  await expect(next).not.toHaveText(/[صم]\s*$|AM|PM/)
})

test("lows in the doctor search: Chad's towns in the place filter, no score for a doctor without reviews", async ({ page }) => {
  await page.goto("/doctors")
  await page.getByRole("button", { name: /Filtres/ }).click()
  const place = page.getByLabel("Région")
  await expect(place.locator('optgroup[label="Tchad"] option', { hasText: "N'Djamena" })).toHaveCount(1)
  await expect(place.locator('optgroup[label="Tchad"] option', { hasText: "Moundou" })).toHaveCount(1)
  // Any doctor the search lists with no review shows no score.
  const found = await page.request.post("/api/v1/doctors/search", {
    data: { paginationSettings: { limit: 100, offset: 0 }, sortBy: { property: "user.firstName", order: "desc" }, query: {} },
  })
  const unrated = ((await found.json()).data as Array<{ firstName: string; lastName: string; reviewCount: number }>).find((d) => d.reviewCount === 0)
  test.skip(!unrated, "every listed doctor has reviews")
  await page.goto(`/doctors?keyword=${encodeURIComponent(`${unrated!.firstName} ${unrated!.lastName}`)}`)
  const card = page.getByRole("article").filter({ hasText: unrated!.lastName }).first()
  await expect(card).toContainText("Pas encore d'avis")
  await expect(card).not.toContainText("(0 avis)")
})
