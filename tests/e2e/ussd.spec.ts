/**
 * Issue 41 through the phone simulator (/dev/ussd, demo data only), which posts to the gateway as
 * an aggregator would. Done when: a +235 caller with no account books a slot in N'Djamena in under
 * ten key presses, gets the SMS, replies RDV and sees it. And: a booking by phone is in the web app
 * of the same account, and is cancelled by SMS.
 */
import { expect, test, type Page } from "@playwright/test"
import { api, apiToken } from "./doctor-helpers.ts"
import { acceptCookies, signIn } from "./support.ts"

// Fatou Sarr's verified number (the demo data): her account books by phone.
const FATOU = { email: "patient2@demo.sn", phone: "+221781234567" }

const screen = (page: Page) => page.getByRole("status", { name: "USSD" })
const inbox = (page: Page) => page.getByRole("region", { name: "SMS à Promed" }).getByRole("listitem")

/** A key of the keypad, or a word typed and sent; each is one key press of the caller's. */
async function press(page: Page, key: string) {
  if (/^\d+$/.test(key)) await page.getByRole("group", { name: "Réponse" }).getByRole("button", { name: key, exact: true }).click()
  else {
    await page.getByRole("textbox", { name: "Réponse" }).fill(key)
    await page.getByRole("button", { name: "Envoyer", exact: true }).click()
  }
}

/** The key of the screen's line naming `label`. */
async function keyOf(page: Page, label: string): Promise<string> {
  await expect(screen(page)).toContainText(label)
  const line = (await screen(page).innerText()).split("\n").find((l) => /^\d+ /.test(l) && l.includes(label))
  return line!.split(" ")[0]!
}

async function sms(page: Page, text: string) {
  await page.getByRole("textbox", { name: "SMS à Promed" }).fill(text)
  await page.getByRole("button", { name: "Envoyer le SMS" }).click()
}

async function dial(page: Page, phone: string) {
  await page.goto(`/dev/ussd?phone=${encodeURIComponent(phone)}`)
  await page.getByRole("button", { name: "Appeler *789#" }).click()
  await expect(screen(page)).toContainText("1 Prendre rendez-vous")
}

test("a caller from Chad with no account books in N'Djamena in under ten presses, gets the SMS, and RDV lists it (360 px)", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const phone = `+2356${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`
  await dial(page, phone)
  const presses: string[] = []
  const go = async (key: string) => {
    presses.push(key)
    await press(page, key)
  }
  await go("1")
  await go(await keyOf(page, "N'Djamena"))
  await expect(screen(page)).toContainText("Spécialité")
  await go("1")
  await expect(screen(page)).toContainText("Médecin (tarif)")
  await go("1")
  await expect(screen(page)).toContainText("Créneau")
  const slot = /\n1 (.+)/.exec(await screen(page).innerText())![1]!.trim()
  await go("1")
  await expect(screen(page)).toContainText("Votre prénom")
  await go("Achta")
  await go("Mahamat")
  await expect(screen(page)).toContainText("pour Achta Mahamat ?")
  await go("1")
  await expect(screen(page)).toContainText("RDV confirmé")
  expect(presses.length).toBeLessThan(10)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // The confirmation by SMS, then RDV answers it.
  await expect(inbox(page).first()).toContainText("Promed: RDV confirmé")
  await sms(page, "RDV")
  await expect(inbox(page).first()).toContainText("vos RDV: 1)")
  await expect(inbox(page).first()).toContainText(slot.slice(-11))
  // Cancelled again by SMS, so the demo schedule stays as it was.
  await sms(page, "annuler 1")
  await expect(inbox(page).first()).toContainText("annulé")
})

test("a booking made by phone is in the web app of the same account, and an SMS cancels it", async ({ page, browser, request }) => {
  await dial(page, FATOU.phone)
  await press(page, "1")
  await press(page, await keyOf(page, "Dakar"))
  await press(page, "1")
  await press(page, "1")
  // The demo data may give Fatou a visit with this doctor on the first day: that day's slots are
  // refused, said on the screen (one visit a day, issue 38); the next day's are on the same page.
  let when = ""
  for (const key of ["1", "2", "3", "4"]) {
    const line = (await screen(page).innerText()).split("\n").find((l) => l.startsWith(`${key} `))!
    await press(page, key)
    if (!(await screen(page).innerText()).startsWith("Refusé")) {
      when = line.slice(-11)
      break
    }
  }
  expect(when).not.toBe("")
  await expect(screen(page)).toContainText("Moi: Fatou Sarr")
  await press(page, "1")
  await press(page, "1")
  await expect(screen(page)).toContainText("RDV confirmé")

  // Fatou's web app lists it: the reason says it was booked by phone.
  const web = await browser.newContext()
  try {
    const app = await web.newPage()
    await acceptCookies(app)
    await signIn(app, FATOU.email, "/appointments")
    await expect(app.getByRole("article").filter({ hasText: "Rendez-vous pris par USSD" }).first()).toBeVisible()

    // ANNULER n cancels the n-th of her upcoming visits, soonest first (RDV's order). The position is
    // read from her list here: the replies to her number may be held by its hourly cap of notices
    // (issue 38), which the other suites' notices to Fatou reach in a full run.
    const token = await apiToken(request, FATOU.email)
    const upcoming = (await api<Array<{ status: string; appointmentTime: string; reason: string }>>(request, token, "GET", "/appointments")).body
      .filter((a) => a.status === "CONFIRMED" && Date.parse(a.appointmentTime) > Date.now())
      .sort((x, y) => Date.parse(x.appointmentTime) - Date.parse(y.appointmentTime))
    const n = upcoming.findIndex((a) => a.reason === "Rendez-vous pris par USSD") + 1
    expect(n).toBeGreaterThan(0)
    await sms(page, `ANNULER ${n}`)
    await app.reload()
    await expect(
      app
        .getByRole("article")
        .filter({ hasText: "Rendez-vous pris par USSD" })
        .filter({ hasText: /Confirmé/ }),
    ).toHaveCount(0)
  } finally {
    await web.close()
  }
})
