import { expect, test } from "@playwright/test"
import { Temporal } from "temporal-polyfill"
import { acceptCookies, ACCOUNTS, expectToastShown, recordToasts, signIn } from "./support.ts"
import { addAvailability, nextDateOn, showWeekOf } from "./doctor-helpers.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

test("the doctor adds a Sunday availability: defaults, preview, overlap refusal, week, day and recurring views, delete", async ({ page }) => {
  await signIn(page, ACCOUNTS.doctor.email, "/doctor/schedule")
  await expect(page.getByRole("heading", { name: "Mon planning" })).toBeVisible()

  // The form opens on SPEC defaults: 09:00 to 17:00, 30 minutes, weekly.
  await page.getByRole("button", { name: "Ajouter une disponibilité" }).click()
  let dialog = page.getByRole("dialog", { name: "Ajouter une disponibilité" })
  await expect(dialog.getByLabel("Heure de début")).toHaveValue("09:00")
  await expect(dialog.getByLabel("Heure de fin")).toHaveValue("17:00")
  await expect(dialog.getByLabel("Durée d'un créneau (minutes)")).toHaveValue("30")
  await expect(dialog.getByLabel("Répéter chaque semaine")).toBeChecked()
  // 09:00-17:00 gives more than 6 slots: the preview shows 6 and an ellipsis.
  const preview = dialog.getByRole("list", { name: "Aperçu des créneaux" })
  await expect(preview.getByRole("listitem")).toHaveCount(7)
  await expect(preview.getByRole("listitem").last()).toHaveText("…")
  // A slot under 15 minutes disables the submit button and says why.
  await dialog.getByLabel("Durée d'un créneau (minutes)").fill("10")
  await expect(dialog.getByRole("button", { name: "Ajouter", exact: true })).toBeDisabled()
  await expect(dialog.getByText("La durée d'un créneau est d'au moins 15 minutes")).toBeVisible()
  await expect(dialog.getByText("Veuillez corriger les champs signalés.")).toBeVisible()
  await dialog.getByRole("button", { name: "Annuler" }).click()
  await expect(dialog).toBeHidden()

  // Monday mornings are already open (seed: 08:30-12:30): the gateway refuses the overlap, nothing typed is lost.
  dialog = await addAvailability(page, { day: "Lundi", start: "09:00", end: "12:00" })
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click()
  await expect(dialog.getByText("Ces horaires chevauchent une disponibilité existante ce jour-là.")).toBeVisible()
  // Only the real reason: no generic error toast beside it (issue 11).
  await expect(page.getByRole("alert").filter({ hasText: "Une erreur est survenue" })).toHaveCount(0)
  await expect(dialog.getByLabel("Heure de fin")).toHaveValue("12:00")

  // Sunday is free: 09:00-12:00 in 30 minutes gives 6 slots back to back (the doctor's buffer
  // only separates two availabilities of a day).
  await dialog.getByLabel("Jour").selectOption({ label: "Dimanche" })
  await expect(dialog.getByTestId("preview-count")).toContainText("6 créneaux par jour")
  await expect(preview.getByRole("listitem")).toHaveText(["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"])
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click()
  await expect(dialog).toBeHidden()
  await expectToastShown(page, "Disponibilité ajoutée.")

  // Week view: the Sunday cell counts 6 slots; selecting it lists them.
  const sunday = nextDateOn(7, "09:00")
  await showWeekOf(page, sunday)
  const cell = page.getByTestId(`day-${sunday}`)
  await expect(cell).toHaveAccessibleName(/ : 6 créneaux$/)
  await cell.click()
  await expect(cell).toHaveAttribute("aria-pressed", "true")
  await expect(page.getByRole("list", { name: "Créneaux disponibles" }).getByRole("listitem")).toHaveText([
    "09:00 – 09:30",
    "09:30 – 10:00",
    "10:00 – 10:30",
    "10:30 – 11:00",
    "11:00 – 11:30",
    "11:30 – 12:00",
  ])

  // Day view: 6 slot cards; the next day (Monday) has the seeded morning; back to the week.
  await page.getByRole("button", { name: "Voir le détail" }).click()
  await expect(page.getByTestId("slot-card")).toHaveCount(6)
  await expect(page.getByTestId("slot-card").first()).toContainText("Disponible")
  await page.getByRole("button", { name: "Jour précédent" }).click()
  await page.getByRole("button", { name: "Jour précédent" }).click()
  await page.getByRole("button", { name: "Jour suivant" }).click()
  await page.getByRole("button", { name: "Jour suivant" }).click()
  await expect(page.getByTestId("slot-card")).toHaveCount(6)
  await page.getByRole("button", { name: "Retour à la semaine" }).click()
  await expect(page.getByTestId(`day-${sunday}`)).toBeVisible()

  // Recurring view: the Sunday card, then delete it (nothing booked) after confirming.
  await page.getByRole("button", { name: "Récurrent" }).click()
  const sundayCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Dimanche" }) })
  await expect(sundayCard).toContainText("6 créneaux par jour")
  await expect(sundayCard.getByRole("list", { name: "Créneaux de la journée" }).getByRole("listitem")).toHaveText([
    "09:00",
    "09:30",
    "10:00",
    "10:30",
    "11:00",
    "11:30",
  ])
  await sundayCard.getByRole("button", { name: /Supprimer la disponibilité du Dimanche/ }).click()
  const confirm = page.getByRole("dialog", { name: "Supprimer cette disponibilité ?" })
  await confirm.getByRole("button", { name: "Supprimer" }).click()
  await expectToastShown(page, "Disponibilité supprimée.")
  await expect(sundayCard).toContainText("Pas de disponibilité ce jour-là.")
})

test("an empty day says so and offers the other days", async ({ page }) => {
  await signIn(page, ACCOUNTS.doctor.email, "/doctor/schedule")
  // The demo doctor never works on Sundays, and slots are never created in the past: last
  // week's Sunday is empty whatever the other tests add.
  const today = Temporal.Now.plainDateISO("Africa/Dakar")
  const sunday = today.subtract({ days: today.dayOfWeek })
  await page.getByRole("button", { name: "Semaine précédente" }).click()
  await page.getByTestId(`day-${sunday}`).click()
  await page.getByRole("button", { name: "Voir le détail" }).click()
  await expect(page.getByText("Aucun créneau ce jour.")).toBeVisible()
  await page.getByRole("button", { name: "Voir les autres jours" }).click()
  await expect(page.getByTestId(`day-${sunday}`)).toHaveAttribute("aria-pressed", "true")
})

test("a failed load shows the failure in red with a refresh button, in place of the panel or as a banner", async ({ page }) => {
  let failing = true
  await page.route("**/api/v1/doctor-availability/*/time-slots*", (route) =>
    failing ? route.fulfill({ status: 500, json: { code: "SERVER_ERROR", message: "down" } }) : route.fallback(),
  )
  await page.route("**/api/v1/doctor-availability/*", (route) =>
    failing && route.request().method() === "GET" ? route.fulfill({ status: 500, json: { code: "SERVER_ERROR", message: "down" } }) : route.fallback(),
  )
  await signIn(page, ACCOUNTS.doctor.email, "/doctor/schedule")
  await expect(page.getByRole("alert").filter({ hasText: "Impossible de récupérer vos créneaux." })).toBeVisible({ timeout: 20_000 })
  await page.getByRole("button", { name: "Récurrent" }).click()
  await expect(page.getByRole("alert").filter({ hasText: "Impossible de récupérer vos disponibilités." })).toBeVisible({ timeout: 20_000 })
  failing = false
  await page.getByRole("alert").getByRole("button", { name: "Actualiser" }).click()
  await expect(page.getByRole("heading", { name: "Lundi" })).toBeVisible()
  // Data is there: a failed refresh now shows as a banner above it.
  failing = true
  await page.getByRole("button", { name: "Actualiser", exact: true }).click()
  await expect(page.getByRole("alert").filter({ hasText: "Vos disponibilités n'ont pas pu être actualisées" })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole("heading", { name: "Lundi" })).toBeVisible()
  // Back on the week, which had failed: it loads again once the gateway answers.
  failing = false
  await page.getByRole("button", { name: "Semaine", exact: true }).click()
  await expect(page.getByRole("list", { name: "Jours de la semaine" }).getByRole("button")).toHaveCount(7, { timeout: 20_000 })
  await expect(page.getByRole("alert")).toHaveCount(0)
})
