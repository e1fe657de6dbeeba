import { expect, test, type Locator, type Page } from "@playwright/test"
import { ACCOUNTS, acceptCookies, signIn } from "./support.ts"

/*
 * Issue 11, "Arabic as correct as French": amounts, addresses and ids inside right-to-left text
 * stay in their own order (isolated runs), specialties and the "Dr" title are translated
 * everywhere, counts follow each language's plural rules, and dates keep the language's case.
 */

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
})

/** Arabic as Chad writes it: Latin digits, grouped the Arabic way (what Intl says, not a hand-written guess). */
const AR_LOCALE = "ar-TD-u-nu-latn"
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim()

async function inArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem("promed.language", "ar"))
  await page.reload()
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
}

/** The amount's digits are drawn left of its "FCFA" label: what a reader sees, not only the DOM order. */
async function expectAmountBeforeLabel(run: Locator) {
  const [digitsX, labelX] = await run.evaluate((element) => {
    const text = element.firstChild as Text
    const at = (start: number, end: number) => {
      const range = document.createRange()
      range.setStart(text, start)
      range.setEnd(text, end)
      return range.getBoundingClientRect().left
    }
    const content = text.data
    return [at(0, 1), at(content.indexOf("FCFA"), content.indexOf("FCFA") + 4)]
  })
  expect(digitsX).toBeLessThan(labelX)
}

/** A price: a <bdi> isolating a left-to-right run, the amount then FCFA, drawn in that order. */
async function expectIsolatedPrice(run: Locator, amount: number, locale: string) {
  await expect(run).toBeVisible()
  expect(await run.evaluate((element) => element.tagName)).toBe("BDI")
  await expect(run).toHaveAttribute("dir", "ltr")
  const expected = `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount)} FCFA`
  expect(plain(await run.textContent())).toBe(plain(expected))
  await expectAmountBeforeLabel(run)
}

/** A phone link: grouped for reading, an isolated left-to-right run whose "+" is drawn left of its last digits. */
async function expectIsolatedPhone(link: Locator, grouped: string | RegExp) {
  await expect(link).toBeVisible()
  const text = plain(await link.textContent())
  if (typeof grouped === "string") expect(text).toBe(grouped)
  else expect(text).toMatch(grouped)
  await expect(link).toHaveAttribute("href", `tel:${text.replaceAll(" ", "")}`)
  const [direction, bidi, plusX, lastX] = await link.evaluate((element) => {
    const text = element.firstChild as Text
    const x = (start: number) => {
      const range = document.createRange()
      range.setStart(text, start)
      range.setEnd(text, start + 1)
      return range.getBoundingClientRect().left
    }
    const style = getComputedStyle(element)
    return [style.direction, style.unicodeBidi, x(0), x(text.data.length - 1)]
  })
  expect([direction, bidi]).toEqual(["ltr", "isolate"])
  expect(plusX).toBeLessThan(lastX)
}

test("in Arabic on a phone, prices read « 15,000 FCFA » as isolated runs and addresses keep their order", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/doctors?keyword=Ndiaye&lang=ar")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  const card = page.getByRole("article").filter({ hasText: "Moussa Ndiaye" }).first()
  await expect(card).toBeVisible()
  // The title and the specialties in Arabic on the search card.
  await expect(card).toContainText("د. Moussa Ndiaye")
  await expect(card).toContainText("أمراض القلب")
  await expect(card).not.toContainText("Cardiologie")
  await expectIsolatedPrice(card.locator("bdi.money"), 15000, AR_LOCALE)

  // The doctor's profile: every service price, and the starting price "+", isolated.
  await card.getByRole("link", { name: "د. Moussa Ndiaye" }).first().click()
  await expect(page.getByRole("heading", { name: "د. Moussa Ndiaye", level: 1 })).toBeVisible()
  for (const amount of [10000, 15000, 25000]) {
    const text = `${new Intl.NumberFormat(AR_LOCALE).format(amount)}`
    await expectIsolatedPrice(
      page
        .locator("bdi.money")
        .filter({ hasText: new RegExp(`^${text}\\sFCFA$`) })
        .first(),
      amount,
      AR_LOCALE,
    )
  }
  const starting = page.locator("bdi.money").filter({ hasText: /\+$/ })
  expect(plain(await starting.textContent())).toBe(`${new Intl.NumberFormat(AR_LOCALE).format(10000)} FCFA+`)
  // The public profile shows the doctor's phone grouped (+221 78 284 28 85), like the doctor's own screens.
  await expectIsolatedPhone(page.getByRole("main").locator('dd a[href^="tel:"]').first(), /^\+221 \d{2} \d{3} \d{2} \d{2}$/)

  // The facility at "18 avenue des Jambaars, Plateau": the number stays before the street.
  await page.goto("/facilities?keyword=Madeleine&lang=ar")
  const clinic = page.getByRole("article").filter({ hasText: "Clinique de la Madeleine" })
  const address = clinic.locator("bdi").filter({ hasText: "Jambaars" })
  await expect(address).toBeVisible()
  expect(plain(await address.textContent())).toMatch(/^18 avenue des Jambaars, Plateau/)
  // Isolated and left to right by its own first strong letter: "18" is drawn left of "avenue".
  expect(await address.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr")
  const [numberX, streetX] = await address.evaluate((element) => {
    const text = element.firstChild as Text
    const x = (start: number, end: number) => {
      const range = document.createRange()
      range.setStart(text, start)
      range.setEnd(text, end)
      return range.getBoundingClientRect().left
    }
    return [x(0, 2), x(3, 9)]
  })
  expect(numberX).toBeLessThan(streetX)
  // The facility's phone, grouped and isolated.
  await expectIsolatedPhone(clinic.locator('a[href^="tel:"]'), "+221 33 889 94 70")
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

test("in Arabic, the patient's appointment cards name the doctor and the specialty in Arabic, and the bell counts in Arabic", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/appointments")
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByRole("article").first()).toBeVisible()
  await inArabic(page)
  await expect(page.getByRole("heading", { name: "مواعيدي" })).toBeVisible()
  const card = page.getByRole("article").filter({ hasText: "Moussa Ndiaye" }).first()
  await expect(card).toBeVisible()
  await expect(card.getByRole("link", { name: "د. Moussa Ndiaye" })).toBeVisible()
  await expect(card).toContainText("أمراض القلب")
  await expect(card).not.toContainText("Cardiologie")
  await expect(card).not.toContainText(/\bDr\b/)

  // The bell's label: one of the six Arabic plural forms for the number of confirmed appointments.
  await page.goto("/profile")
  const bell = page.getByRole("button", { name: /^الإشعارات: / })
  const label = (await bell.getAttribute("aria-label")) ?? ""
  const count = Number(await bell.textContent().then((text) => /\d+/.exec(text ?? "")?.[0]))
  const expected = {
    zero: "لا مواعيد مؤكَّدة قادمة",
    one: "موعد مؤكَّد قادم واحد",
    two: "موعدان مؤكَّدان قادمان",
    few: `${count} مواعيد مؤكَّدة قادمة`,
    many: `${count} موعدًا مؤكَّدًا قادمًا`,
    other: `${count} موعد مؤكَّد قادم`,
  }[new Intl.PluralRules("ar").select(count)]
  expect(label).toBe(`الإشعارات: ${expected}`)
})

test("in Arabic, the doctor's dashboard translates specialties and isolates prices, address, phone and ids", async ({ page }) => {
  await signIn(page, ACCOUNTS.doctor.email, "/doctor/profile")
  await page.setViewportSize({ width: 360, height: 740 })
  await inArabic(page)
  await expect(page.getByRole("heading", { name: "د. Moussa Ndiaye" })).toBeVisible()
  const main = page.getByRole("main")
  // Under the name: the specialties in Arabic (the biography and awards stay as the doctor wrote them).
  await expect(main.getByText("أمراض القلب · الطب العام", { exact: true })).toBeVisible()
  // The primary address is an isolated run, its street number first.
  expect(plain(await main.locator("bdi").filter({ hasText: "Mermoz" }).textContent())).toMatch(/^\d+ Rue/)
  await expectIsolatedPrice(main.locator("bdi.money").filter({ hasText: /^15/ }).first(), 15000, AR_LOCALE)
  // Phone and e-mail links are left-to-right runs.
  for (const link of await main.locator('a[href^="tel:"], a[href^="mailto:"]').all()) await expect(link).toHaveAttribute("dir", "ltr")
  // No count is written with a French "(s)".
  await expect(main).not.toContainText("(s)")

  // The appointment list: the patient's id is an isolated left-to-right run after its label.
  await page.goto("/doctor/appointments")
  const card = page.getByRole("article").first()
  await expect(card).toBeVisible()
  const id = card.locator(".patient-id bdi")
  await expect(id).toHaveAttribute("dir", "ltr")
  await expect(card.locator(".patient-id")).toContainText("المعرّف:")
  expect(await id.textContent()).toMatch(/^[0-9a-f-]{36}$/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

test("in French, prices group with spaces, specialties stay French, dates stay lower case and counts agree", async ({ page }) => {
  await page.goto("/doctors?keyword=Ndiaye")
  const card = page.getByRole("article").filter({ hasText: "Moussa Ndiaye" }).first()
  await expect(card).toContainText("Dr Moussa Ndiaye")
  await expect(card).toContainText("Cardiologie")
  await expectIsolatedPrice(card.locator("bdi.money"), 15000, "fr-SN")
  expect(plain(await card.locator("bdi.money").textContent())).toBe("15 000 FCFA")

  await signIn(page, ACCOUNTS.patient.email, "/appointments")
  const appointment = page.getByRole("article").filter({ hasText: "Moussa Ndiaye" }).first()
  await expect(appointment).toContainText("Cardiologie")
  // « lundi 23 novembre 2026 »: weekday and month in lower case, as French writes them.
  const when = appointment.locator("dd").first()
  await expect(when).toHaveText(
    /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/,
  )
  expect(await when.evaluate((element) => getComputedStyle(element).textTransform)).toBe("none")

  // The bell: « 1 rendez-vous confirmé », « 2 rendez-vous confirmés ».
  await page.goto("/profile")
  const bell = page.getByRole("button", { name: /^Notifications : / })
  // The session's appointments arrive after the first paint (the bell says 0 until then); the demo
  // patient has confirmed ones ahead.
  await expect(bell).toHaveAttribute("aria-label", /^Notifications : [1-9]/)
  const count = Number(/\d+/.exec((await bell.getAttribute("aria-label")) ?? "")?.[0])
  await expect(bell).toHaveAttribute("aria-label", `Notifications : ${count} rendez-vous ${count > 1 ? "confirmés" : "confirmé"} à venir`)
})
