import { expect, test, type Page } from "@playwright/test"
import {
  ACCOUNTS,
  acceptCookies,
  DEMO_PASSWORD,
  expectToastShown,
  fillLoginForm,
  newLocalNumber,
  recordToasts,
  signIn,
  signUpPatient,
  smsSentTo,
  toastCount,
  openBookingFromCard,
} from "./support.ts"
import { sinkMessages } from "../support/publicPages.ts"

// These scenarios change patient2's record and put it back: one after the other.
test.describe.configure({ mode: "serial" })

const PATIENT2 = "patient2@demo.sn"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

async function saveProfile(page: Page) {
  const before = await toastCount(page)
  await page.getByRole("button", { name: "Enregistrer le profil" }).click()
  await expect(page).toHaveURL(/\/profile$/)
  // This save's own toast: one drawn after the click.
  await expectToastShown(page, "Profil mis à jour.", before)
}

// A patient of its own (issue 38): a new number starts unverified, which patient2's must not.
test("a patient fixes a bad phone number in her profile, and her dashboard shows it, with a code sent to it", async ({ page }) => {
  await signUpPatient(page, { localPhone: newLocalNumber(), name: ["Fatou", "Sarr"] })
  await page.getByRole("link", { name: "Modifier le profil" }).click()
  // A new account's profile asks for what sign-up did not.
  await page.getByLabel("Date de naissance").fill("1990-04-12")
  await page.getByLabel("Civilité").selectOption({ label: "Femme" })
  await page.getByLabel("Groupe sanguin").selectOption({ label: "O+" })
  await page.getByRole("textbox", { name: "Adresse", exact: true }).fill("Rue 10, Médina")
  await page.getByRole("textbox", { name: "Ville", exact: true }).fill("Dakar")
  const phone = page.getByLabel("Téléphone")
  const fixed = newLocalNumber()
  await phone.fill("77 12 ab")
  await page.getByRole("button", { name: "Enregistrer le profil" }).click()
  await expect(page.getByText("Veuillez corriger les points suivants :")).toBeVisible()
  await expect(page.locator(".field").filter({ has: phone }).getByRole("alert")).toHaveText("Format de téléphone invalide")
  // Nothing typed elsewhere was lost, and fixing the field clears its error.
  await expect(page.getByLabel("Prénom").first()).toHaveValue("Fatou")
  await phone.fill(`+221 ${fixed}`)
  await expect(page.getByText("Format de téléphone invalide")).toHaveCount(0)
  await saveProfile(page)
  await expect(page.locator("dd", { hasText: `+221 ${fixed.slice(0, 2)} ${fixed.slice(2, 5)} ${fixed.slice(5, 7)} ${fixed.slice(7)}` })).toBeVisible()
  // The new number was sent its code at the save.
  await expect(page.getByTestId("phone-verification")).toContainText("Un code à 6 chiffres a été envoyé par SMS")
  expect(smsSentTo(`+221${fixed}`)).toHaveLength(1)
})

test("a HOME visit needs a primary home address: the wizard says so and links to the profile", async ({ page }) => {
  await signIn(page, PATIENT2, "/profile/edit")
  const residency = page.getByLabel("Type de lieu").first()
  await residency.selectOption({ label: "Autre" })
  await saveProfile(page)

  await page.goto("/doctors?keyword=Moussa%20Ndiaye")
  const dialog = await openBookingFromCard(page, "Moussa Ndiaye")
  await expect(dialog.getByRole("radio", { name: /À domicile/ })).toBeDisabled()
  await expect(dialog.getByText("Pour une visite à domicile, ajoutez une adresse de domicile principale à votre profil.")).toBeVisible()
  await dialog.getByRole("link", { name: "Modifier mon profil" }).click()
  await expect(page).toHaveURL(/\/profile\/edit$/)
  await expect(page.getByRole("dialog")).toHaveCount(0)
  await page.getByLabel("Type de lieu").first().selectOption({ label: "Domicile" })
  await saveProfile(page)

  await page.goto("/doctors?keyword=Moussa%20Ndiaye")
  await page
    .getByRole("article")
    .filter({ hasText: "Moussa Ndiaye" })
    .first()
    .getByRole("button", { name: /Prendre rendez-vous/ })
    .click()
  await expect(page.getByRole("dialog").getByRole("radio", { name: /À domicile/ })).toBeEnabled()
})

test("a patient adds an emergency contact: the international format is required and a number is not added twice", async ({ page }) => {
  await signIn(page, PATIENT2, "/profile")
  const section = page.getByRole("region", { name: "Contacts d'urgence" })
  await section.getByRole("button", { name: "Ajouter un contact" }).click()
  let dialog = page.getByRole("dialog", { name: "Nouveau contact d'urgence" })
  await dialog.getByRole("textbox", { name: "Prénom", exact: true }).fill("Ndeye")
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Sarr")
  await dialog.getByLabel("Téléphone").fill("12")
  await dialog.getByLabel("Lien").selectOption({ label: "Frère ou sœur" })
  await dialog.getByRole("button", { name: "Enregistrer" }).click()
  await expect(dialog.getByText("Numéro de téléphone invalide")).toBeVisible()
  await dialog.getByLabel("Téléphone").fill("+221 77 444 55 66")
  let drawn = await toastCount(page)
  await dialog.getByRole("button", { name: "Enregistrer" }).click()
  await expectToastShown(page, "Contact d'urgence ajouté.", drawn)
  await expect(section.getByText("Ndeye Sarr")).toBeVisible()

  await section.getByRole("button", { name: "Ajouter un contact" }).click()
  dialog = page.getByRole("dialog", { name: "Nouveau contact d'urgence" })
  await dialog.getByRole("textbox", { name: "Prénom", exact: true }).fill("Autre")
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Personne")
  await dialog.getByLabel("Téléphone").fill("+221774445566")
  await dialog.getByLabel("Lien").selectOption({ label: "Ami(e)" })
  await dialog.getByRole("button", { name: "Enregistrer" }).click()
  await expect(dialog.getByText("Ce numéro figure déjà parmi vos contacts d'urgence.")).toBeVisible()
  await dialog.getByRole("button", { name: "Annuler" }).click()

  // Editing keeps the order: the first contact is the primary one.
  await section.getByRole("button", { name: "Modifier Ndeye Sarr" }).click()
  dialog = page.getByRole("dialog", { name: "Modifier le contact d'urgence" })
  await dialog.getByRole("textbox", { name: "Prénom", exact: true }).fill("Ndèye")
  drawn = await toastCount(page)
  await dialog.getByRole("button", { name: "Enregistrer" }).click()
  await expectToastShown(page, "Contact d'urgence mis à jour.", drawn)
  await expect(section.getByRole("listitem").first()).toContainText("Principal")
  await expect(section.getByRole("listitem").last()).toContainText("Ndèye Sarr")
})

test("settings: appointment notifications stay on, the rest is saved, then back to the profile", async ({ page }) => {
  await signIn(page, PATIENT2, "/profile/settings")
  await expect(page.getByRole("checkbox", { name: "Rendez-vous" })).toBeChecked()
  await expect(page.getByRole("checkbox", { name: "Rendez-vous" })).toBeDisabled()
  const visibility = page.getByLabel("Visibilité du profil")
  await expect(visibility.locator("option")).toHaveText(["Public", "Privé", "Médecins uniquement"])
  await visibility.selectOption({ label: "Médecins uniquement" })
  const reminders = page.getByRole("checkbox", { name: "Rappels" })
  const was = await reminders.isChecked()
  await reminders.setChecked(!was)
  await page.getByRole("button", { name: "Enregistrer" }).click()
  await expectToastShown(page, "Paramètres enregistrés.")
  await expect(page).toHaveURL(/\/profile$/)
  await page.goto("/profile/settings")
  await expect(page.getByLabel("Visibilité du profil")).toHaveValue("DOCTORS_ONLY")
  await expect(page.getByRole("checkbox", { name: "Rappels" })).toBeChecked({ checked: !was })
})

test("the profile screens fit a 360 px phone, and read right to left in Arabic", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/profile")
  await page.setViewportSize({ width: 360, height: 740 })
  for (const path of ["/profile", "/profile/edit", "/profile/settings"]) {
    await page.goto(path)
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360)
  }
  await page.evaluate(() => localStorage.setItem("promed.language", "ar"))
  await page.goto("/profile")
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl")
  await expect(page.getByRole("heading", { name: "جهات اتصال الطوارئ" })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})

async function changePassword(page: Page, from: string, to: string) {
  await page.getByLabel("Mot de passe actuel").fill(from)
  await page.getByRole("textbox", { name: "Nouveau mot de passe", exact: true }).fill(to)
  await page.getByLabel("Confirmer le nouveau mot de passe").fill(to)
  await page.getByRole("button", { name: "Changer le mot de passe" }).click()
}

test("a patient changes her password, is signed out, and signs in with the new one", async ({ page }) => {
  const OLD = "Passw0rd!"
  const NEW = "N0uveau!pass"
  await signIn(page, PATIENT2, "/profile/settings")
  await page.getByRole("link", { name: "Changer le mot de passe" }).click()
  await expect(page.getByRole("heading", { name: "Changer le mot de passe" })).toBeVisible()

  await page.getByLabel("Mot de passe actuel").fill(OLD)
  await page.getByRole("textbox", { name: "Nouveau mot de passe", exact: true }).fill("court")
  await page.getByLabel("Confirmer le nouveau mot de passe").fill("autre")
  await page.getByRole("button", { name: "Changer le mot de passe" }).click()
  await expect(page.getByText("Les mots de passe ne correspondent pas")).toBeVisible()
  await expect(page.getByText(/au moins 8 caractères/i).first()).toBeVisible()

  await changePassword(page, "Mauvais1!", NEW)
  await expectToastShown(page, "Échec du changement de mot de passe.")
  await expect(page.getByLabel("Mot de passe actuel")).toHaveAttribute("aria-invalid", "true")

  await changePassword(page, OLD, NEW)
  await expectToastShown(page, "Mot de passe modifié. Reconnectez-vous avec le nouveau.")
  // Signed out: a patient screen now asks to sign in, and only the new password opens it.
  await expect(page.getByTestId("user-menu")).toHaveCount(0)
  await page.goto("/change-password")
  await fillLoginForm(page, PATIENT2, OLD)
  await expect(page.getByText("E-mail ou mot de passe incorrect.")).toBeVisible()
  await fillLoginForm(page, PATIENT2, NEW)
  await expect(page.getByRole("heading", { name: "Changer le mot de passe" })).toBeVisible()

  // Put the demo password back for the other scenarios.
  const drawn = await toastCount(page)
  await changePassword(page, NEW, OLD)
  await expectToastShown(page, "Mot de passe modifié. Reconnectez-vous avec le nouveau.", drawn)
})

test("managers may not open the change-password screen", async ({ page }) => {
  await signIn(page, "manager@demo.sn", "/manager/profile")
  await page.goto("/change-password")
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole("heading", { name: "Changer le mot de passe" })).toHaveCount(0)
})

test("a patient asks to sign in with another address: her password is asked, a link goes there, and she can withdraw it", async ({ page }) => {
  const newAddress = `fatou.sarr.${Date.now()}@example.sn`
  await signIn(page, PATIENT2, "/profile/edit")
  const email = page.getByRole("textbox", { name: "E-mail" })
  await email.fill(newAddress)
  // The password is asked only now, and nothing is sent without it.
  const password = page.getByLabel("Mot de passe actuel")
  await expect(password).toBeVisible()
  await page.getByRole("button", { name: "Enregistrer le profil" }).click()
  await expect(page.locator(".field").filter({ has: password }).getByRole("alert")).toHaveText(
    "Saisissez votre mot de passe actuel pour changer d'adresse e-mail.",
  )
  await password.fill("Wr0ngPass!")
  await page.getByRole("button", { name: "Enregistrer le profil" }).click()
  await expect(page.locator(".field").filter({ has: password }).getByRole("alert")).toHaveText("Le mot de passe actuel est incorrect")
  await expect(email).toHaveValue(newAddress)

  await password.fill(DEMO_PASSWORD)
  await saveProfile(page)
  const notice = page.getByTestId("pending-email")
  await expect(notice).toContainText(newAddress)
  // The address stays one left-to-right run, whatever the language around it.
  await expect(notice.locator("bdi")).toHaveText(newAddress)

  await expect.poll(async () => (await sinkMessages()).find((m) => m.to.includes(newAddress))).toBeTruthy()
  const mail = (await sinkMessages()).find((m) => m.to.includes(newAddress))!
  expect(mail.subject).toBe("Confirmez votre nouvelle adresse e-mail Promed")
  const link = /https?:\/\/\S+\/auth\/confirm-email\?token=[\w-]+/.exec(mail.text)![0]
  await page.goto(link)
  await expect(page.getByRole("heading", { name: "Confirmer votre nouvelle adresse" })).toBeVisible()
  await expect(page.getByRole("button", { name: "Confirmer la nouvelle adresse" })).toBeVisible()

  // She changes her mind before confirming: the link stops working and her address never changed.
  await page.goto("/profile")
  await page.getByRole("button", { name: "Annuler ce changement" }).click()
  await expect(notice).toHaveCount(0)
  await page.goto(link)
  await expect(page.getByRole("alert")).toContainText("Ce lien n'est plus valide")
  await page.goto("/profile/edit")
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(PATIENT2)
})
