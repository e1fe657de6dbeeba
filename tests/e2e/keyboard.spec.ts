/**
 * The booking wizard and the doctor's schedule with the keyboard alone: Tab, Shift+Tab, Enter,
 * Space, arrows and typed text, never a click or a fill (signing in aside). Each control is
 * reached by tabbing to it, which is what proves it reachable.
 */
import { expect, test, type Locator, type Page } from "@playwright/test"
import { api, apiToken } from "./doctor-helpers.ts"
import { acceptCookies, ACCOUNTS, expectToastShown, recordToasts, signIn } from "./support.ts"

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false)

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never comes. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) return
    await page.keyboard.press(back ? "Shift+Tab" : "Tab")
  }
  throw new Error(`${target.toString()} is not reached with ${back ? "Shift+Tab" : "Tab"}`)
}

/**
 * Types a time as the field asks: 24-hour digits, or (the field follows the browser's own
 * language, and a machine without a French locale shows 12-hour time) back to the hours, then
 * 12-hour digits and A or P.
 */
async function typeTime(page: Page, field: Locator, time: string) {
  await page.keyboard.type(time.replace(":", ""))
  if ((await field.inputValue()) === time) return
  await page.keyboard.press("Shift+Tab")
  await page.keyboard.press("Shift+Tab")
  const [hours, minutes] = time.split(":") as [string, string]
  const hour = Number(hours)
  await page.keyboard.type(`${String(hour % 12 || 12).padStart(2, "0")}${minutes}${hour < 12 ? "A" : "P"}`)
  await expect(field).toHaveValue(time)
}

/** Where the focus is, as the user would be told. */
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? "")

test("a patient books a clinic visit for her son with the keyboard only, from the doctor search to her appointments", async ({ page }) => {
  await signIn(page, ACCOUNTS.patient.email, "/doctors?keyword=Moussa%20Ndiaye")
  const card = page.getByRole("article").filter({ hasText: "Moussa Ndiaye" }).first()
  await expect(card).toBeVisible()

  // The skip link, then the card's Book button.
  await page.keyboard.press("Tab")
  await expect(page.getByRole("link", { name: "Aller au contenu" })).toBeFocused()
  await page.keyboard.press("Enter")
  await tabTo(page, card.getByRole("button", { name: /Prendre rendez-vous/ }))
  await page.keyboard.press("Enter")
  const dialog = page.getByRole("dialog", { name: "Rendez-vous avec Dr Moussa Ndiaye" })
  await expect(dialog).toBeVisible()
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)

  // Step 1: the son in the native select, the reason typed, the clinic among the radios.
  const forWhom = dialog.getByLabel("Pour qui ?")
  await tabTo(page, forWhom)
  await page.keyboard.press("ArrowDown")
  await page.keyboard.press("ArrowDown")
  await expect(forWhom.locator("option:checked")).toHaveText("Moustapha Diop (enfant)")
  await tabTo(page, dialog.getByLabel("Motif de consultation"))
  await page.keyboard.type("Otite, douleur à l'oreille droite")
  const clinic = dialog.getByRole("radio", { name: /Au cabinet/ })
  await tabTo(page, clinic)
  await page.keyboard.press("ArrowDown")
  await expect(dialog.getByRole("radio", { name: /À domicile/ })).toBeChecked()
  await page.keyboard.press("ArrowUp")
  await expect(clinic).toBeChecked()
  await tabTo(page, dialog.getByRole("button", { name: "Suivant", exact: true }))
  await page.keyboard.press("Enter")

  // Step 2: the focus says the step; two weeks on, the week's last Friday time, taken with Space.
  await expect(dialog.getByRole("list", { name: "Étape 2 sur 3" })).toBeFocused()
  await tabTo(page, dialog.getByRole("button", { name: "Semaine suivante" }))
  await page.keyboard.press("Enter")
  await page.keyboard.press("Enter")
  const grid = dialog.getByRole("group", { name: /^Créneaux du/ })
  const free = grid.getByRole("button", { disabled: false })
  await expect(free.first()).toBeVisible()
  // The grid is one tab stop: Tab lands on its first free time, the arrows move within it.
  await page.keyboard.press("Tab")
  await page.keyboard.press("Tab")
  await expect(free.first()).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await expect(free.nth(1)).toBeFocused()
  await page.keyboard.press("End")
  await expect(free.last()).toBeFocused()
  // Back up to the last Friday time: the demo doctor always works on Fridays (other suites add
  // and remove weekend hours), and the model paths book on other days.
  for (let i = 0; i < 40 && !(await focusedName(page)).startsWith("vendredi "); i++) await page.keyboard.press("ArrowUp")
  const chosen = await focusedName(page)
  expect(chosen).toMatch(/^vendredi /)
  await page.keyboard.press("Space")
  await expect(grid.getByRole("button", { name: chosen, exact: true })).toHaveAttribute("aria-pressed", "true")
  // One Tab leaves the grid for the step's buttons.
  await page.keyboard.press("Tab")
  await expect(dialog.getByRole("button", { name: "Précédent", exact: true })).toBeFocused()
  await page.keyboard.press("Tab")
  await expect(dialog.getByRole("button", { name: "Suivant", exact: true })).toBeFocused()
  await page.keyboard.press("Enter")

  // Step 3: the review, then Confirm.
  await expect(dialog.getByRole("list", { name: "Étape 3 sur 3" })).toBeFocused()
  await expect(dialog.getByText("Moustapha Diop")).toBeVisible()
  await expect(dialog.getByText(chosen.split(", ").at(-1)!, { exact: false })).toBeVisible()
  const booked = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/v1/appointments"))
  await tabTo(page, dialog.getByRole("button", { name: "Confirmer le rendez-vous" }))
  await page.keyboard.press("Enter")
  const response = await booked
  expect(response.status()).toBe(201)
  const appointmentId = ((await response.json()) as { id: string }).id

  try {
    await expectToastShown(page, "Votre rendez-vous est confirmé.")
    await expect(page).toHaveURL(/\/appointments$/)
    const appointment = page.getByRole("article").filter({ hasText: "Otite, douleur à l'oreille droite" })
    await expect(appointment).toContainText("Moustapha Diop")
    await expect(appointment).toContainText("Confirmé")
    // Its detail opens from the keyboard too.
    await tabTo(page, appointment.getByRole("link", { name: "Voir le détail" }))
    await page.keyboard.press("Enter")
    await expect(page.getByRole("heading", { name: "Détail du rendez-vous" })).toBeVisible()
  } finally {
    // Cancelled again, so the demo data stays as it was.
    const token = await apiToken(page.request, ACCOUNTS.patient.email)
    expect((await api(page.request, token, "PUT", `/appointments/cancel/${appointmentId}`)).status).toBe(200)
  }
})

test("the doctor switches views, goes to next week, opens a day, adds an availability and deletes it, with the keyboard only", async ({ page }) => {
  await signIn(page, ACCOUNTS.doctor.email, "/doctor/schedule")
  await expect(page.getByRole("heading", { level: 1, name: "Mon planning" })).toBeVisible()
  const views = page.getByRole("group", { name: "Affichage du planning" })
  const created: string[] = []
  page.on("response", async (r) => {
    if (r.request().method() === "POST" && /\/doctor-availability\/[^/]+$/.test(r.url()) && r.status() === 201)
      created.push(((await r.json()) as { id: string }).id)
  })

  try {
    // The views, by their buttons.
    await tabTo(page, views.getByRole("button", { name: "Jour" }))
    await page.keyboard.press("Enter")
    await expect(views.getByRole("button", { name: "Jour" })).toHaveAttribute("aria-pressed", "true")
    await expect(page.getByRole("button", { name: "Jour suivant" })).toBeVisible()
    await page.keyboard.press("Tab")
    await page.keyboard.press("Enter")
    await expect(views.getByRole("button", { name: "Récurrent" })).toHaveAttribute("aria-pressed", "true")
    await expect(page.getByRole("heading", { level: 3, name: "Lundi" })).toBeVisible()
    await tabTo(page, views.getByRole("button", { name: "Semaine" }), { back: true })
    await page.keyboard.press("Space")
    await expect(views.getByRole("button", { name: "Semaine" })).toHaveAttribute("aria-pressed", "true")

    // Next week, its Thursday, then that day's details.
    const range = page.getByRole("main").getByRole("heading", { level: 2 })
    const thisWeek = await range.textContent()
    await tabTo(page, page.getByRole("button", { name: "Semaine suivante" }))
    await page.keyboard.press("Enter")
    await expect(range).not.toHaveText(thisWeek!)
    const thursday = page.getByRole("list", { name: "Jours de la semaine" }).getByRole("button", { name: /^jeudi / })
    await tabTo(page, thursday)
    await page.keyboard.press("Enter")
    await expect(thursday).toHaveAttribute("aria-pressed", "true")
    const dayName = (await thursday.getAttribute("aria-label"))!.split(" : ")[0]!
    await tabTo(page, page.getByRole("button", { name: "Voir le détail" }))
    await page.keyboard.press("Enter")
    // The button went with the week view: the day's heading has the focus.
    const dayHeading = page.getByRole("heading", { level: 2, name: new RegExp(`^${dayName}`) })
    await expect(dayHeading).toBeFocused()
    await expect(page.getByTestId("slot-card").first()).toBeVisible()

    // Add a Saturday evening, once only, through the dialog.
    const add = page.getByRole("button", { name: "Ajouter une disponibilité" })
    await tabTo(page, add, { back: true })
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog", { name: "Ajouter une disponibilité" })
    await expect(dialog).toBeVisible()
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    // The form proposes the day being looked at.
    await expect(dialog.getByLabel("Jour")).toHaveValue("THURSDAY")
    await tabTo(page, dialog.getByLabel("Jour"))
    await page.keyboard.type("Sa")
    await expect(dialog.getByLabel("Jour")).toHaveValue("SATURDAY")
    await tabTo(page, dialog.getByLabel("Heure de début"))
    await typeTime(page, dialog.getByLabel("Heure de début"), "21:00")
    await tabTo(page, dialog.getByLabel("Heure de fin"))
    await typeTime(page, dialog.getByLabel("Heure de fin"), "21:30")
    await tabTo(page, dialog.getByLabel("Répéter chaque semaine"))
    await page.keyboard.press("Space")
    await expect(dialog.getByLabel("Répéter chaque semaine")).not.toBeChecked()
    await expect(dialog.getByTestId("preview-count")).toContainText("1 créneau par jour")
    await tabTo(page, dialog.getByRole("button", { name: "Ajouter", exact: true }))
    await page.keyboard.press("Enter")
    await expect(dialog).toBeHidden()
    await expectToastShown(page, "Disponibilité ajoutée.")
    // Back where the dialog was opened from.
    await expect(add).toBeFocused()

    // Delete it from the recurring view, after confirming.
    await tabTo(page, views.getByRole("button", { name: "Récurrent" }))
    await page.keyboard.press("Enter")
    const remove = page.getByRole("button", { name: "Supprimer la disponibilité du Samedi de 21:00 à 21:30" })
    await tabTo(page, remove, { max: 120 })
    await page.keyboard.press("Enter")
    const confirm = page.getByRole("dialog", { name: "Supprimer cette disponibilité ?" })
    await expect(confirm).toBeVisible()
    expect(await confirm.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    // Escape says no, and gives the focus back to the Delete button.
    await page.keyboard.press("Escape")
    await expect(confirm).toBeHidden()
    await expect(remove).toBeFocused()
    await page.keyboard.press("Enter")
    await tabTo(page, confirm.getByRole("button", { name: "Supprimer" }))
    await page.keyboard.press("Enter")
    await expectToastShown(page, "Disponibilité supprimée.")
    await expect(remove).toHaveCount(0)
    created.length = 0
    // Its button gone, the focus is on its weekday rather than back at the top of the page.
    await expect(page.getByRole("heading", { level: 3, name: "Samedi" })).toBeFocused()
  } finally {
    if (created.length > 0) {
      const token = await apiToken(page.request, ACCOUNTS.doctor.email)
      const doctorId = (await api<{ metadata: { doctor: { id: string } } }>(page.request, token, "GET", "/session")).body.metadata.doctor.id
      for (const id of created) await api(page.request, token, "DELETE", `/doctor-availability/${doctorId}/availability/${id}`)
    }
  }
})
