import { expect, test, type Locator, type Page } from "@playwright/test"
import { acceptCookies, expectToastShown, recordToasts } from "./support.ts"
import { expectNoHorizontalOverflow, sinkMessages } from "../support/publicPages.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

async function fill(form: Locator | Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value)
}

test("a visitor's message from /contact reaches the team's mailbox, and the form empties", async ({ page }) => {
  const message = `Bonjour, notre clinique de Kaolack voudrait rejoindre Promed. Réf ${Date.now()}`
  await page.goto("/contact")
  await expect(page.getByRole("heading", { name: "Contactez-nous", level: 1 })).toBeVisible()

  // Nothing is sent while a field breaks the rules; each says why, and nothing typed is lost.
  await fill(page, { "Prénom *": "F", "Nom *": "Ndoye", "E-mail *": "fatou@", "Téléphone (facultatif)": "77 12", "Message *": "Court" })
  await page.getByRole("button", { name: "Envoyer le message" }).click()
  await expect(page.getByText("Le prénom doit contenir au moins 2 caractères")).toBeVisible()
  await expect(page.getByText("Indiquez qui vous êtes")).toBeVisible()
  await expect(page.getByText("Adresse e-mail invalide")).toBeVisible()
  await expect(page.getByText("Format de téléphone invalide")).toBeVisible()
  await expect(page.getByText("Le message doit contenir au moins 10 caractères")).toBeVisible()
  await expect(page.getByLabel("Nom *", { exact: true })).toHaveValue("Ndoye")

  await fill(page, { "Prénom *": "Fatou", "E-mail *": "fatou.ndoye@example.sn", "Téléphone (facultatif)": "+221771234567", "Message *": message })
  await page.getByLabel("Vous êtes *").selectOption("POTENTIAL_PARTNER")
  await page.getByRole("button", { name: "Envoyer le message" }).click()
  await expectToastShown(page, "Message envoyé avec succès.")
  await expect(page.getByLabel("Prénom *", { exact: true })).toHaveValue("")
  await expect(page.getByLabel("Message *", { exact: true })).toHaveValue("")

  await expect.poll(async () => (await sinkMessages()).find((m) => m.text.includes(message))).toBeTruthy()
  const mail = (await sinkMessages()).find((m) => m.text.includes(message))!
  expect(mail.to).toEqual(["contact@promed.sn"])
  expect(mail.subject).toBe("[Promed] Message de contact de Fatou Ndoye")
  expect(mail.replyTo).toContain("fatou.ndoye@example.sn")
  expect(mail.text).toContain("Partenaire potentiel")
})

test("the home page's contact form sends in Arabic, and fits a 360 px phone", async ({ page }) => {
  const message = `مرحباً، أود معرفة المزيد عن Promed في أبشي. ${Date.now()}`
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/?lang=ar")
  const form = page.locator("#contact")
  await fill(form, { "الاسم الأول *": "حليمة", "اسم العائلة *": "عبد الله", "البريد الإلكتروني *": "halime@example.td", "الرسالة *": message })
  await form.getByLabel("أنت *").selectOption("PATIENT")
  await expectNoHorizontalOverflow(page)
  await form.getByRole("button", { name: "إرسال الرسالة" }).click()
  await expect(page.getByRole("status").filter({ hasText: "تم إرسال الرسالة بنجاح." })).toBeVisible()
  await expect.poll(async () => (await sinkMessages()).find((m) => m.text.includes(message))?.subject).toBe("[Promed] رسالة اتصال من حليمة عبد الله")
  const mail = (await sinkMessages()).find((m) => m.text.includes(message))!
  expect(mail.text).toContain("مريض")
})

test("when sending fails, the visitor is told and keeps the message", async ({ page }) => {
  await page.route("**/api/v1/email/send**", (route) => route.fulfill({ status: 500, json: { code: "SERVER_ERROR", message: "down" } }))
  await page.goto("/contact")
  await fill(page, { "Prénom *": "Moussa", "Nom *": "Diallo", "E-mail *": "moussa@example.sn", "Message *": "Un message qui ne partira pas." })
  await page.getByLabel("Vous êtes *").selectOption("OTHER")
  await page.getByRole("button", { name: "Envoyer le message" }).click()
  await expectToastShown(page, "Échec de l'envoi du message. Veuillez réessayer.")
  await expect(page.getByLabel("Message *", { exact: true })).toHaveValue("Un message qui ne partira pas.")
})

test("on the home page, what a visitor types before the contact form's code arrives is kept and sent", async ({ page }) => {
  // The server draws the form; its code loads when it nears the screen. Held here, as a slow link would.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/ContactForm-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  const message = `Écrit avant que le formulaire ne soit prêt. ${Date.now()}`
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto("/")
  const form = page.locator("#contact")
  await form.scrollIntoViewIfNeeded()
  await fill(form, { "Prénom *": "Awa", "Nom *": "Ndiaye", "E-mail *": "awa.ndiaye@example.sn" })
  await form.getByLabel("Vous êtes *").selectOption("DOCTOR")
  // Not sendable by the browser alone (it would put the message in the address), Enter included.
  await expect(form.getByRole("button", { name: "Envoyer le message" })).toBeDisabled()
  await form.getByLabel("E-mail *", { exact: true }).press("Enter")
  await expect(page).toHaveURL(/\/$/)
  release()
  await form.getByLabel("Message *", { exact: true }).fill(message)
  // The count below the message is React's: the form is the app's now, with what was typed before.
  await expect(form.getByText(`${message.length} / 1000`)).toBeVisible()
  await expect(form.getByLabel("Prénom *", { exact: true })).toHaveValue("Awa")
  await form.getByRole("button", { name: "Envoyer le message" }).click()
  await expectToastShown(page, "Message envoyé avec succès.")
  await expect.poll(async () => (await sinkMessages()).find((m) => m.text.includes(message))?.subject).toBe("[Promed] Message de contact de Awa Ndiaye")
  const mail = (await sinkMessages()).find((m) => m.text.includes(message))!
  expect(mail.text).toContain("awa.ndiaye@example.sn")
  expect(mail.text).toContain("Médecin")
})
