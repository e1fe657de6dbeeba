import { expect, type Page, test } from "@playwright/test"
import { Temporal } from "temporal-polyfill"
import { acceptCookies, ACCOUNTS, expectToastShown, recordToasts, signIn } from "./support.ts"
import { addAvailability, api, apiToken, bookThroughApi, showWeekOf } from "./doctor-helpers.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

const bellCount = async (page: Page) => {
  const label = await page.getByRole("button", { name: /^Notifications : / }).getAttribute("aria-label")
  return Number(/(\d+)/.exec(label ?? "")?.[1])
}

/** « mardi 24 novembre », as the slot picker names a day. */
const dayLabel = (date: Temporal.PlainDate) =>
  new Intl.DateTimeFormat("fr-SN", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`))

test("the issue's doctor scenario: availability, a booking, the bell, refused delete, reschedule, cancel, patients, settings, prescription, manager", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  await signIn(page, ACCOUNTS.doctor.email, "/doctor/profile")
  await expect(page.getByRole("heading", { name: "Dr Moussa Ndiaye" })).toBeVisible()
  const before = await bellCount(page)

  // 1. A Tuesday availability, 09:00 to 12:00 in 30-minute slots (the seed leaves the demo
  //    doctor's Tuesdays free). Slots run back to back: 6 a day, and the preview says so first.
  await page.getByRole("link", { name: /Mon planning/ }).click()
  const dialog = await addAvailability(page, { day: "Mardi", start: "09:00", end: "12:00", minutes: 30 })
  await expect(dialog.getByTestId("preview-count")).toContainText("6 créneaux par jour")
  const preview = dialog.getByRole("list", { name: "Aperçu des créneaux" })
  await expect(preview.getByRole("listitem")).toHaveText(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"])
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click()
  await expectToastShown(page, "Disponibilité ajoutée.")

  // A Tuesday more than 48 hours ahead, so the booking can still be moved and cancelled: 6 slots
  // in the week view (the day's count) and in the day view.
  let tuesday = Temporal.Now.plainDateISO("Africa/Dakar")
  while (tuesday.dayOfWeek !== 2 || tuesday.since(Temporal.Now.plainDateISO("Africa/Dakar")).days < 3) tuesday = tuesday.add({ days: 1 })
  await showWeekOf(page, tuesday)
  const cell = page.getByTestId(`day-${tuesday}`)
  await expect(cell).toHaveAccessibleName(/ : 6 créneaux$/)
  await cell.click()
  await expect(page.getByRole("list", { name: "Créneaux disponibles" }).getByRole("listitem")).toHaveCount(6)
  await page.getByRole("button", { name: "Voir le détail" }).click()
  await expect(page.getByTestId("slot-card")).toHaveCount(6)

  // 2. The demo patient books the 09:00 slot through the API.
  const doctorToken = await apiToken(request, ACCOUNTS.doctor.email)
  const patientToken = await apiToken(request, ACCOUNTS.patient.email)
  const doctorId = (await api(request, doctorToken, "GET", "/session")).body.metadata.doctor.id
  const patientId = (await api(request, patientToken, "GET", "/session")).body.metadata.patient.id
  const availabilities = (await api(request, patientToken, "GET", `/doctor-availability/${doctorId}`)).body as Array<{
    dayOfWeek: string
    startTime: string
    timeSlots: Array<{ id: string; slotDate: string; slotStartTime: string; startsAt: string }>
  }>
  const slot = availabilities
    .find((a) => a.dayOfWeek === "TUESDAY" && a.startTime === "09:00")!
    .timeSlots.find((s) => s.slotDate === tuesday.toString() && s.slotStartTime === "09:00")!
  const booked = await bookThroughApi(request, patientToken, { doctorId, patientId, slot, reason: "Palpitations depuis une semaine" })
  expect(booked.status).toBe(201)

  // 3. The schedule shows it booked: 1/6 in the week, the card in the day, the badge in recurring.
  await page.getByRole("button", { name: "Actualiser", exact: true }).first().click()
  await expect(page.getByTestId("slot-card").first()).toContainText("Rendez-vous confirmé")
  await page.getByRole("button", { name: "Retour à la semaine" }).click()
  await expect(page.getByTestId(`day-${tuesday}`)).toContainText("1/6")
  await page.getByRole("button", { name: "Récurrent" }).click()
  const tuesdayCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Mardi" }) })
  await expect(tuesdayCard).toContainText("1 réservé")
  await expect(tuesdayCard).not.toContainText("réservés")

  // 4. The booked availability cannot be deleted: 'cannot delete booked slots'.
  await tuesdayCard.getByRole("button", { name: /Supprimer la disponibilité du Mardi de 09:00/ }).click()
  await page.getByRole("dialog", { name: "Supprimer cette disponibilité ?" }).getByRole("button", { name: "Supprimer" }).click()
  await expect(page.getByRole("alert").filter({ hasText: "Impossible de supprimer des créneaux réservés." })).toBeVisible()
  await expect(tuesdayCard).toContainText("09:00 – 12:00")

  // 5. The bell counts one more confirmed appointment; its list leads to all of them, where the
  //    doctor finds this one (the dropdown shows the 5 soonest).
  await page.goto("/doctor/profile")
  await expect.poll(() => bellCount(page)).toBe(before + 1)
  await page.getByRole("button", { name: /^Notifications : / }).click()
  await page.getByRole("region", { name: "Rendez-vous confirmés à venir" }).getByRole("link", { name: "Voir tous mes rendez-vous" }).click()
  await page.getByLabel("Rechercher par nom du patient").fill("awa")
  await page.getByLabel("Date", { exact: true }).selectOption({ label: "À venir" })
  await page
    .getByRole("article", { name: new RegExp(`^Awa Diop, ${dayLabel(tuesday)}`) })
    .getByRole("link", { name: "Awa Diop" })
    .click()
  await expect(page.getByRole("heading", { name: "Détail du rendez-vous" })).toBeVisible()
  await expect(page.getByText("Palpitations depuis une semaine")).toBeVisible()

  // 6. Reschedule to 10:30 the same day.
  await page.getByRole("link", { name: "Reporter" }).click()
  await page.getByRole("button", { name: `${dayLabel(tuesday)}, 10:30` }).click()
  await page.getByRole("button", { name: "Confirmer le nouveau créneau" }).click()
  await expect(page.getByRole("heading", { name: "Détail du rendez-vous" })).toBeVisible()
  await expect(page.getByText("10:30")).toBeVisible()

  // 7. Cancel it: the confirmation, then back to the list.
  await page.getByRole("button", { name: "Annuler le rendez-vous" }).click()
  const confirm = page.getByRole("dialog", { name: "Annuler le rendez-vous" })
  await expect(confirm).toContainText("Êtes-vous sûr de vouloir annuler ce rendez-vous ?")
  await confirm.getByRole("button", { name: "Oui, annuler" }).click()
  await expect(page).toHaveURL(/\/doctor\/appointments$/)
  await expectToastShown(page, "Le rendez-vous a été annulé.")
  await page.getByLabel("Rechercher par nom du patient").fill("awa")
  await page.getByLabel("Statut", { exact: true }).selectOption({ label: "Annulé" })
  await expect(page.getByRole("article", { name: new RegExp(`^Awa Diop, ${dayLabel(tuesday)}`) })).toContainText("Annulé")

  // Nothing booked any more: the availability can go now.
  await page.goto("/doctor/schedule")
  await page.getByRole("button", { name: "Récurrent" }).click()
  await tuesdayCard.getByRole("button", { name: /Supprimer la disponibilité du Mardi de 09:00/ }).click()
  await page.getByRole("dialog", { name: "Supprimer cette disponibilité ?" }).getByRole("button", { name: "Supprimer" }).click()
  await expectToastShown(page, "Disponibilité supprimée.")

  // 8. Patients: search and open one.
  await page.goto("/doctor/profile")
  await expect.poll(() => bellCount(page)).toBe(before)
  await page.getByRole("link", { name: /Mes patients/ }).click()
  await page.getByLabel("Rechercher un patient").fill("awa")
  await page.getByRole("link", { name: "Voir le dossier de Awa Diop" }).click()
  await expect(page.getByRole("heading", { name: "Awa Diop", level: 1 })).toBeVisible()

  // 9. Settings kept after a reload (nothing that moves slots: other scenarios share the doctor).
  await page.goto("/doctor/settings")
  await page.getByLabel("Messages").uncheck()
  await page.getByLabel("Rappels").check()
  await page.getByLabel("Afficher mes notes et avis").uncheck()
  await page.getByRole("button", { name: "Enregistrer" }).click()
  await expect(page).toHaveURL(/\/doctor\/profile$/)
  await page.goto("/doctor/settings")
  await expect(page.getByRole("heading", { name: "Paramètres", level: 1 })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel("Messages")).not.toBeChecked()
  await expect(page.getByLabel("Rappels")).toBeChecked()
  await expect(page.getByLabel("Afficher mes notes et avis")).not.toBeChecked()

  // 10. A prescription.
  await page.goto("/doctor/prescriptions/new")
  await page.getByLabel("Diagnostic").fill("Hypertension artérielle")
  const medication = page.getByRole("group", { name: "Médicament 1" })
  await medication.getByRole("textbox", { name: "Médicament", exact: true }).fill("Amlodipine")
  await medication.getByLabel("Posologie").fill("5 mg")
  await medication.getByLabel("Fréquence").fill("1 fois par jour")
  await medication.getByLabel("Durée").fill("3 mois")
  await page.getByRole("button", { name: "Enregistrer l'ordonnance" }).click()
  await expect(page.getByText("Ordonnance enregistrée avec succès !")).toBeVisible()
  await expect(page).toHaveURL(/\/doctor\/prescriptions$/, { timeout: 5000 })

  // 11. The manager.
  await page.getByTestId("user-menu").click()
  await page.getByRole("button", { name: "Se déconnecter" }).click()
  await signIn(page, ACCOUNTS.manager.email, "/manager/profile")
  await expect(page.getByRole("heading", { name: "Khady Sow" })).toBeVisible()
  await expect(page.getByRole("region", { name: "Mon établissement" })).toContainText("Hôpital Principal de Dakar")
  await page.getByRole("link", { name: "Paramètres", exact: true }).click()
  await expect(page.getByRole("note")).toContainText("ne sont pas encore enregistrés")
})
