/**
 * The doctor's schedule machine walked on the real /doctor/schedule: the covering paths of its
 * model (machines/schedule.machine.ts), derived here at test time, each event done as the doctor
 * does it and each state checked on the screen. The model is coarser than the unit test's
 * (machines/schedule.machine.test.ts): the state plus whether the selected day is today; its
 * events carry the real dates the screen offers, derived from the state they are sent in.
 */
import { expect, test, type Page } from "@playwright/test"
import { Temporal } from "temporal-polyfill"
import type { AnyMachineSnapshot } from "xstate"
import { mondayOfDate, scheduleMachine, type ScheduleContext, weekdayOf } from "../../machines/schedule.machine.ts"
import { scheduleOracle, type ScheduleView } from "../../machines/schedule.oracle.ts"
import { createFlowModel, modelStepPaths } from "../../machines/testing/paths.ts"
import { formatDate } from "../../src/i18n/format.ts"
import { api, apiToken } from "./doctor-helpers.ts"
import { answerFor, FR, french, coveringWalks, GatewayScript, modelTransitions, signInOnce, transitionsWalked, walkPath, type Step } from "./model-paths.ts"
import { acceptCookies, ACCOUNTS, expectToastShown, recordToasts, toastCount } from "./support.ts"
import { testIds } from "../../schemas/testIds.ts"

/** The day the run began (playwright.config.ts): the paths' names and dates are the same in every worker. */
const TODAY = process.env.E2E_RUN_DATE ?? Temporal.Now.plainDateISO("Africa/Dakar").toString()
/** Stands for the availability a path deletes: one the path creates for itself (see `windowOf`). */
const MINE = "the-path-availability"

const FR_DAYS = (FR.availability as { days: Record<string, string> }).days

const weekOf = (date: string) => Array.from({ length: 7 }, (_, i) => Temporal.PlainDate.from(mondayOfDate(date)).add({ days: i }).toString())

/** What the doctor can do, with the dates the screen offers in that state. */
function events(state: AnyMachineSnapshot) {
  const { selectedDay } = state.context as ScheduleContext
  return [
    { type: "schedule.showWeek" },
    { type: "schedule.showDay" },
    { type: "schedule.showRecurring" },
    { type: "schedule.previous" },
    { type: "schedule.next" },
    { type: "schedule.today", today: TODAY },
    // A day cell of the week shown, other than today and the selected one.
    { type: "schedule.selectDay", date: weekOf(selectedDay).find((d) => d !== TODAY && d !== selectedDay)! },
    // "View details" opens the selected day.
    { type: "schedule.openDay", date: selectedDay },
    { type: "schedule.refresh" },
    { type: "schedule.add" },
    { type: "schedule.delete", availabilityId: MINE },
    { type: "schedule.confirmDelete" },
    { type: "schedule.cancelDelete" },
    // The dialog's form ends with the created availability (the real gateway's) or null (cancelled).
    { type: "xstate.done.actor.availabilityForm", output: { id: "created" } },
    { type: "xstate.done.actor.availabilityForm", output: null },
    { type: "xstate.error.actor.availabilityForm", error: { code: "UNHANDLED_ERROR", message: "boom" } },
    { type: "xstate.done.actor.deleteAvailability", output: undefined },
    { type: "xstate.error.actor.deleteAvailability", error: { code: "BUSINESS_ERROR", message: "cannot delete booked slots" } },
  ]
}

const NAVIGATION = new Set([
  "schedule.showWeek",
  "schedule.showDay",
  "schedule.showRecurring",
  "schedule.previous",
  "schedule.next",
  "schedule.today",
  "schedule.selectDay",
  "schedule.openDay",
  "schedule.refresh",
])

/** Events the machine accepts that no doctor can send on the screen. */
function doable(state: AnyMachineSnapshot, event: { type: string }): boolean {
  // The add dialog and the delete confirmation are modal: while one is open, the views and their
  // navigation behind it cannot be reached (the machine's regions are parallel, the screen's are not).
  if (NAVIGATION.has(event.type) && !state.matches({ overlay: "idle" })) return false
  // Delete buttons are on the availabilities of the recurring view only.
  if (event.type === "schedule.delete" && !state.matches({ view: "recurring" })) return false
  // The form machine handles the gateway's refusals itself (it stays open and says why) and ends
  // only saved or cancelled: neither the doctor nor the gateway can make it fail.
  if (event.type === "xstate.error.actor.availabilityForm") return false
  return true
}

const model = createFlowModel(scheduleMachine, {
  input: { doctorId: testIds.doctor("demo-doctor"), today: TODAY, facilityId: testIds.facility("demo-facility") },
  events: events as never,
  filterEvents: (state, event) => state.can(event) && doable(state, event),
  serializeState: (s) => JSON.stringify([s.value, s.context.selectedDay === s.context.today]),
})
/** The covering paths (the unit model test walks them all, with the same oracle). */
const COVERING = modelStepPaths(model)
const MAX_STEPS = Number(process.env.E2E_MODEL_WALK_STEPS ?? 16)
const madeOne = (event: { type: string; output?: unknown }) => event.type === "xstate.done.actor.availabilityForm" && event.output !== null
/**
 * Issue 39: in the browser each transition once or so, on walks of at most MAX_STEPS steps
 * (coveringWalks). A walk has one window of its own (below): it makes one availability there
 * (the form) or deletes the one made for it, not both, and deletes at most once.
 */
const PATHS = coveringWalks(model, COVERING, {
  maxSteps: MAX_STEPS,
  allowed: (steps, event) => {
    const deletes = steps.some((s) => s.event.type === "schedule.delete")
    if (madeOne(event)) return !deletes && !steps.some((s) => madeOne(s.event))
    if (event.type === "schedule.delete") return !steps.some((s) => madeOne(s.event) || s.event.type === "xstate.done.actor.deleteAvailability")
    return true
  },
})

/**
 * Each path that adds or deletes gets its own quarter of an hour on Saturdays, which the demo
 * doctor and the other suites leave free, so paths running side by side never overlap.
 */
const windows = new Map<string, { start: string; end: string }>()
for (const { name, steps } of PATHS) {
  if (!steps.some((s) => s.event.type === "schedule.add" || s.event.type === "schedule.delete")) continue
  const start = Temporal.PlainTime.from("06:00").add({ minutes: 20 * windows.size })
  windows.set(name, { start: start.toString().slice(0, 5), end: start.add({ minutes: 15 }).toString().slice(0, 5) })
}

const VIEW_BUTTON = { week: "Semaine", day: "Jour", recurring: "Récurrent" } as const
const longDate = (date: string) => formatDate(date, "fr", { weekday: "long", day: "numeric", month: "long", year: "numeric" })

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
  // A run that crossed midnight: the page keeps the day the paths were made for. Only Date stands
  // still (timers run), and only then; on any other run the page has the real clock.
  if (Temporal.Now.plainDateISO("Africa/Dakar").toString() !== TODAY) await page.clock.setFixedTime(new Date(`${TODAY}T12:00:00Z`))
})

let session: { token: string; doctorId: string } | null = null

/** The demo doctor's API session, one per worker, for what a path sets up and cleans up. */
async function doctorSession(page: Page) {
  if (!session) {
    const token = await apiToken(page.request, ACCOUNTS.doctor.email)
    const doctorId = (await api<{ metadata: { doctor: { id: string } } }>(page.request, token, "GET", "/session")).body.metadata.doctor.id
    session = { token, doctorId }
  }
  return session
}

/** A one-off Saturday availability of the demo doctor, made through the gateway. */
async function createAvailability(page: Page, token: string, doctorId: string, window: { start: string; end: string }) {
  const created = await api<{ id: string }>(page.request, token, "POST", `/doctor-availability/${doctorId}`, {
    dayOfWeek: "SATURDAY",
    startTime: window.start,
    endTime: window.end,
    isRecurring: false,
    slotDurationMinutes: 15,
    healthcareFacilityId: null,
  })
  expect(created.status).toBe(201)
  return created.body.id
}

for (const { name, steps } of PATHS) {
  test(name, async ({ page }) => {
    // A walk of up to MAX_STEPS steps, each checked on the screen: longer than one covering path.
    test.setTimeout(180_000)
    const { token, doctorId } = await doctorSession(page)
    const window = windows.get(name)
    // The views stay behind an open dialog, hidden from assistive technologies meanwhile: their
    // checks look there too.
    const behind = (role: Parameters<Page["getByRole"]>[0], options: Parameters<Page["getByRole"]>[1] = {}) =>
      page.getByRole(role, { ...options, includeHidden: true })
    const views = behind("group", { name: "Affichage du planning" })
    const addDialog = page.getByRole("dialog", { name: "Ajouter une disponibilité" })
    const confirm = page.getByRole("dialog", { name: "Supprimer cette disponibilité ?" })
    const deleting = new GatewayScript(page, `**/api/v1/doctor-availability/${doctorId}/availability/*`, "DELETE")
    await deleting.install()
    const created: string[] = []
    let toastsBeforeDelete = 0
    const deleteLabel = window ? `Supprimer la disponibilité du Samedi de ${window.start} à ${window.end}` : ""

    // What SPEC says the schedule shows after each step, apart from the machine the path came from.
    const oracle = scheduleOracle({ doctorId: testIds.doctor("demo-doctor"), today: TODAY, facilityId: testIds.facility("demo-facility") })
    let expected: ScheduleView = oracle.initial
    /** Each doctor's action, then the oracle's view moved on by the same event. */
    const judgedEvents = (events: Record<string, (step: Step, next: Step | undefined) => Promise<unknown>>) =>
      Object.fromEntries(
        Object.entries(events).map(([type, act]) => [
          type,
          async (step: Step, next: Step | undefined) => {
            await act(step, next)
            expected = oracle.after(expected, step.event)
          },
        ]),
      )

    try {
      await walkPath(steps, {
        events: judgedEvents({
          "xstate.init": async () => {
            if (steps.some((s) => s.event.type === "schedule.delete")) created.push(await createAvailability(page, token, doctorId, window!))
            await signInOnce(page, ACCOUNTS.doctor.email, "/doctor/schedule")
          },
          "schedule.showWeek": () => views.getByRole("button", { name: "Semaine" }).click(),
          "schedule.showDay": () => views.getByRole("button", { name: "Jour" }).click(),
          "schedule.showRecurring": () => views.getByRole("button", { name: "Récurrent" }).click(),
          "schedule.previous": () => page.getByRole("button", { name: /^(Semaine précédente|Jour précédent)$/ }).click(),
          "schedule.next": () => page.getByRole("button", { name: /^(Semaine suivante|Jour suivant)$/ }).click(),
          "schedule.today": () => page.getByRole("button", { name: "Aujourd'hui" }).click(),
          "schedule.selectDay": ({ event }) => page.getByTestId(`day-${(event as unknown as { date: string }).date}`).click(),
          "schedule.openDay": () => page.getByRole("button", { name: "Voir le détail" }).click(),
          "schedule.refresh": async () => {
            // Refresh asks the gateway again for what the view shows.
            const asked = page.waitForRequest((r) => r.method() === "GET" && r.url().includes(`/api/v1/doctor-availability/${doctorId}`))
            await page.getByRole("button", { name: "Actualiser", exact: true }).click()
            await asked
          },
          "schedule.add": () => page.getByRole("button", { name: "Ajouter une disponibilité" }).click(),
          "xstate.done.actor.availabilityForm": async ({ event }) => {
            if ((event as unknown as { output: unknown }).output === null) {
              await addDialog.getByRole("button", { name: "Annuler" }).click()
              return
            }
            await addDialog.getByLabel("Jour").selectOption("SATURDAY")
            await addDialog.getByLabel("Heure de début").fill(window!.start)
            await addDialog.getByLabel("Heure de fin").fill(window!.end)
            await addDialog.getByLabel("Durée d'un créneau (minutes)").fill("15")
            await addDialog.getByLabel("Répéter chaque semaine").uncheck()
            const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith(`/doctor-availability/${doctorId}`))
            const drawn = await toastCount(page)
            await addDialog.getByRole("button", { name: "Ajouter", exact: true }).click()
            const response = await answered
            expect(response.status()).toBe(201)
            created.push(((await response.json()) as { id: string }).id)
            await expectToastShown(page, "Disponibilité ajoutée.", drawn)
          },
          "schedule.delete": () => page.getByRole("button", { name: deleteLabel }).click(),
          "schedule.confirmDelete": async (_, next) => {
            deleting.expect(answerFor(next, "deleteAvailability"))
            toastsBeforeDelete = await toastCount(page)
            await confirm.getByRole("button", { name: "Supprimer" }).click()
          },
          "schedule.cancelDelete": () => confirm.getByRole("button", { name: "Annuler" }).click(),
          "xstate.done.actor.deleteAvailability": async () => {
            expect((await deleting.answer()).status).toBe(200)
            created.splice(0, 1)
            await expectToastShown(page, "Disponibilité supprimée.", toastsBeforeDelete)
            await expect(page.getByRole("button", { name: deleteLabel })).toHaveCount(0)
          },
          "xstate.error.actor.deleteAvailability": async () => {
            expect((await deleting.answer()).status).toBe(422)
            await expect(page.getByRole("alert").filter({ hasText: french("availability.cannotDeleteBooked") })).toBeVisible()
            // Still there: the gateway refused.
            await expect(page.getByRole("button", { name: deleteLabel })).toBeVisible()
          },
        }),
        states: {
          "*": async () => {
            await expect(behind("heading", { level: 1, name: "Mon planning" })).toBeVisible()
            // The view shown is the oracle's, so a wrong transition in the machine shows here too.
            await expect(views.getByRole("button", { name: VIEW_BUTTON[expected.mode], includeHidden: true })).toHaveAttribute("aria-pressed", "true")
          },
          "view.week": async () => {
            const { selectedDay } = expected
            const today = TODAY
            const days = behind("list", { name: "Jours de la semaine" }).getByRole("button", { includeHidden: true })
            await expect(days).toHaveCount(7)
            await expect(page.getByTestId(`day-${expected.weekStart}`)).toBeVisible()
            await expect(page.getByTestId(`day-${selectedDay}`)).toHaveAttribute("aria-pressed", "true")
            const panel = behind("region", { name: new RegExp(formatDate(selectedDay, "fr", { weekday: "long", day: "numeric", month: "long" })) })
            await expect(panel.getByText("Aujourd'hui", { exact: true })).toHaveCount(selectedDay === today ? 1 : 0)
          },
          "view.day": async () => {
            const { selectedDay } = expected
            const today = TODAY
            const heading = behind("heading", { level: 2, name: new RegExp(`^${longDate(selectedDay)}`) })
            await expect(heading).toBeVisible()
            await expect(heading.getByText("Aujourd'hui", { exact: true })).toHaveCount(selectedDay === today ? 1 : 0)
            await expect(behind("button", { name: /Retour à la semaine/ })).toBeVisible()
          },
          "view.recurring": async () => {
            for (const day of Object.values(FR_DAYS)) await expect(behind("heading", { level: 3, name: day, exact: true })).toBeVisible()
          },
          "overlay.idle": async () => {
            await expect(page.getByRole("dialog")).toHaveCount(0)
          },
          "overlay.adding": async () => {
            await expect(addDialog).toBeVisible()
            // The form proposes the weekday the doctor was looking at.
            await expect(addDialog.getByLabel("Jour")).toHaveValue(weekdayOf(expected.selectedDay))
          },
          "overlay.confirmingDelete": async () => {
            await expect(confirm).toBeVisible()
            await expect(confirm.getByRole("button", { name: "Supprimer" })).toBeEnabled()
          },
          "overlay.deleting": async () => {
            await expect(confirm.getByRole("button", { name: "Supprimer" })).toHaveAttribute("aria-busy", "true")
            expect((await deleting.request()).url()).toContain(`/availability/${created[0]}`)
          },
        },
      })
    } finally {
      await deleting.release()
      // What a path added is deleted again, so the demo schedule stays as it was.
      for (const id of created) expect((await api(page.request, token, "DELETE", `/doctor-availability/${doctorId}/availability/${id}`)).status).toBe(200)
    }
  })
}

test("the schedule's paths are derived from its machine", () => {
  // A floor, so a broken derivation (no paths, or only the initial state) cannot pass unnoticed.
  expect(PATHS.length).toBeGreaterThan(5)
  // Every transition of the model is walked in the browser at least once.
  expect(transitionsWalked(model, PATHS)).toEqual(modelTransitions(model))
  const states = new Set(PATHS.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))))
  for (const overlay of ["idle", "adding", "confirmingDelete"]) expect([...states].some((s) => s.includes(`"overlay":"${overlay}"`))).toBe(true)
})
