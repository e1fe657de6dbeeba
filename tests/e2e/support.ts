import { expect, type Page } from "@playwright/test"
import { smsInOutbox } from "../support/smsOutbox.ts"

export const DEMO_PASSWORD = "Passw0rd!"

export const ACCOUNTS = {
  patient: { email: "patient@demo.sn", home: "/profile", name: "Awa Diop" },
  doctor: { email: "doctor@demo.sn", home: "/doctor/profile", name: "Moussa Ndiaye" },
  manager: { email: "manager@demo.sn", home: "/manager/profile" },
  admin: { email: "admin@demo.sn", home: "/admin" },
} as const

/** Fills the login site's form, as a user would after being sent there. */
export async function fillLoginForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page).toHaveURL(/\/auth\/login/)
  await page.getByLabel(/e-mail|email/i).fill(email)
  await page.getByLabel(/mot de passe|password/i).fill(password)
  await page.getByRole("button", { name: /se connecter|sign in/i }).click()
}

/** Signs in from the header's Sign in link and waits for the user menu. */
export async function signInFromHeader(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByTestId("sign-in").first().click()
  await fillLoginForm(page, email, password)
  await expect(page.getByTestId("user-menu")).toBeVisible()
}

/** Signs in directly on the login site, landing on `returnTo`. */
export async function signIn(page: Page, email: string, returnTo = "/") {
  await page.goto(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`)
  await fillLoginForm(page, email)
  await expect(page.getByTestId("user-menu")).toBeVisible()
}

/** Accepts the cookie banner so it does not cover the page. */
export async function acceptCookies(page: Page) {
  await page.addInitScript(() => localStorage.setItem("promed.cookies", JSON.stringify({ necessary: true, analytics: false })))
}

/**
 * Keeps the text of every toast the page draws (window.__toasts), from the next navigation on: a
 * toast lives a few seconds, which a loaded machine can spend between two steps of a test, so
 * `expectToastShown` asks whether it was drawn rather than whether it is still there.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __toasts: seen })
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement) {
            const toasts = node.matches("[data-testid=toast]") ? [node] : [...node.querySelectorAll("[data-testid=toast]")]
            for (const toast of toasts) seen.push(toast.textContent ?? "")
          }
    }).observe(document, { childList: true, subtree: true })
  })
}

const drawnToasts = (page: Page) => page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? [])

/** How many toasts the page has drawn so far (needs `recordToasts`). */
export const toastCount = async (page: Page) => (await drawnToasts(page)).length

/** That a toast with this text was drawn after the first `since` ones (needs `recordToasts`). */
export async function expectToastShown(page: Page, text: string, since = 0, timeout?: number) {
  await expect.poll(async () => (await drawnToasts(page)).slice(since), { message: `a toast "${text}"`, timeout }).toContainEqual(expect.stringContaining(text))
}

/** Console lines that say React had to throw the server's HTML away, and uncaught page errors: collected from now on. */
export function watchHydration(page: Page): string[] {
  const problems: string[] = []
  page.on("console", (message) => {
    const text = message.text()
    if (/hydrat|did not match|#418|#423|#425/i.test(text)) problems.push(text)
  })
  page.on("pageerror", (error) => problems.push(error.message))
  return problems
}

/** Opens the booking wizard from the doctor search, as a patient would (signed in already), and gives its dialog. */
export async function openWizardFor(page: Page, doctor: string) {
  await page.goto(`/doctors?keyword=${encodeURIComponent(doctor)}`)
  await page
    .getByRole("article")
    .filter({ hasText: doctor })
    .first()
    .getByRole("button", { name: /Prendre rendez-vous/ })
    .click()
  const dialog = page.getByRole("dialog", { name: `Rendez-vous avec Dr ${doctor}` })
  await expect(dialog).toBeVisible()
  return dialog
}

/**
 * Signs up a patient of its own on the login site (issue 38: its number and address start
 * unverified), landing on the profile; answers the address. A phone lays the user menu away: the
 * profile's heading says who is signed in.
 */
export async function signUpPatient(page: Page, options: { lang?: "fr" | "ar"; localPhone: string; name?: [string, string] }): Promise<string> {
  const [firstName, lastName] = options.name ?? ["Aminata", "Faye"]
  const email = `patient.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.sn`
  await page.goto(`/auth/register?lang=${options.lang ?? "fr"}&returnTo=%2Fprofile`)
  const form = page.locator("form")
  await form.locator("#firstName").fill(firstName)
  await form.locator("#lastName").fill(lastName)
  await form.locator("#email").fill(email)
  await form.locator("#phoneNumber").fill(options.localPhone)
  await form.locator("#password").fill("Bonjour1!")
  await form.locator("#passwordConfirm").fill("Bonjour1!")
  await form.locator("#acceptTerms").check()
  await form.getByRole("button").click()
  await expect(page.getByRole("heading", { name: `${firstName} ${lastName}` })).toBeVisible()
  return email
}

/** A Senegalese mobile number of its own (77 and seven digits), so that no other spec's notices count against it. */
export const newLocalNumber = () => `77${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`

/** The SMS the server wrote for this number (no provider set: <E2E_DATA_DIR>/sms/outbox.jsonl), oldest first. */
export const smsSentTo = (phone: string): string[] => smsInOutbox(process.env.E2E_DATA_DIR!, phone)

/** The 6-digit code of the last SMS sent to the number. */
export const lastCodeSentTo = (phone: string) => /\b(\d{6})\b/.exec(smsSentTo(phone).at(-1) ?? "")?.[1] ?? ""

/** Opens the booking dialog from the first search card naming this doctor ("Prendre rendez-vous"); answers the dialog. */
export async function openBookingFromCard(page: Page, doctor: string) {
  await page
    .getByRole("article")
    .filter({ hasText: doctor })
    .first()
    .getByRole("button", { name: /Prendre rendez-vous/ })
    .click()
  return page.getByRole("dialog")
}
