/**
 * The booking wizard's machine walked on the real screens: the covering paths of its model
 * (machines/bookingWizard.machine.ts), derived here at test time, each event done as a patient
 * does it and each state checked on the dialog. The model is coarser than the unit test's
 * (machines/bookingWizard.machine.test.ts): the state plus whether the details are complete,
 * whether their errors show and whether a slot is chosen, which is what changes the screen.
 */
import { expect, test, type Page } from "@playwright/test"
import { bookingWizardMachine, detailsErrors, SELF, type BookingOrigin, type BookingWizardContext } from "../../machines/bookingWizard.machine.ts"
import { bookingWizardOracle, type WizardView } from "../../machines/bookingWizard.oracle.ts"
import { createFlowModel, modelStepPaths } from "../../machines/testing/paths.ts"
import type { TimeSlot } from "../../schemas/availability.ts"
import { api, apiToken } from "./doctor-helpers.ts"
import { answerFor, french, coveringWalks, GatewayScript, modelTransitions, signInOnce, transitionsWalked, walkPath, type Step } from "./model-paths.ts"
import { acceptCookies, ACCOUNTS, expectToastShown, recordToasts } from "./support.ts"
import { testIds } from "../../schemas/testIds.ts"

/** Stands for the patient's son in the model: the screen offers him by name. */
const SON = "son"
const SON_NAME = "Moustapha Diop"
const REASON = "Essoufflement à l'effort depuis un mois"
/** Stands for the free slot the test clicks: which one is the screen's business (see `pickSlot`). */
const A_FREE_SLOT = { id: "model-slot", status: "AVAILABLE", slotDate: "2026-01-05", startsAt: "2026-01-05T08:30:00Z" } as TimeSlot

const EVENTS = [
  { type: "booking.update", details: { forWhom: SON, reason: REASON } },
  { type: "booking.update", details: { reason: "   " } },
  { type: "booking.update", details: { appointmentType: "HOME" } },
  { type: "booking.next" },
  { type: "booking.back" },
  { type: "booking.selectSlot", slot: A_FREE_SLOT },
  { type: "booking.confirm" },
  { type: "booking.retry" },
  { type: "booking.chooseAnotherSlot" },
  // The real gateway books (its answer is the output).
  { type: "xstate.done.actor.createAppointment", output: null },
  { type: "xstate.error.actor.createAppointment", error: { code: "TIME_SLOT_ALREADY_BOOKED", message: "This time slot has just been booked by someone else" } },
  { type: "xstate.error.actor.createAppointment", error: { code: "SERVER_ERROR", message: "Internal server error" } },
  { type: "xstate.after.redirectDelay.bookingWizard.success" },
] as const

/** The model of the wizard opened from `origin` by the demo patient (she has a primary home address). */
function modelFrom(origin: BookingOrigin) {
  return createFlowModel(bookingWizardMachine, {
    input: { doctorId: testIds.doctor("demo-doctor"), patientId: testIds.patient("demo-patient"), homeAvailable: true, origin },
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, detailsErrors(s.context.details, true).length === 0, s.context.errors.length > 0, s.context.slot !== null]),
  })
}
const MODELS = { search: modelFrom("search"), profile: modelFrom("profile") }
const ends = (path: { steps: ReadonlyArray<Step> }) => path.steps.at(-1)!.state.status === "done"
/** The covering paths of each model (the unit model test walks them all, with the same oracle). */
const COVERING = { search: modelStepPaths(MODELS.search), profile: modelStepPaths(MODELS.profile).filter(ends) }

/**
 * Where the user lands is all the origin changes (SPEC §2, §4): from the search every transition
 * is walked; from the public profile (/profile after 500 ms) those of the paths that reach the end.
 * Each transition once or so, on walks of at most MAX_STEPS steps (coveringWalks): a few long
 * walks instead of a page, a sign-in and a wizard opened for each covering path.
 */
const MAX_STEPS = Number(process.env.E2E_MODEL_WALK_STEPS ?? 16)
const RUNS = [
  ...coveringWalks(MODELS.search, COVERING.search, { maxSteps: MAX_STEPS }).map((path) => ({ origin: "search" as const, ...path })),
  ...coveringWalks(MODELS.profile, COVERING.profile, { maxSteps: MAX_STEPS }).map((path) => ({ origin: "profile" as const, ...path })),
]

/**
 * The slot a path books: on a weekday the demo doctor always works, three weeks ahead (public
 * slots exist four weeks ahead; other suites book nearer or take the first free slot of a week),
 * the last free one of that day. One day per origin, so two paths never want the same slot (the
 * keyboard suite takes a Friday).
 */
const WEEKS_AHEAD = 3
const SLOT_DAY = { search: "jeudi", profile: "mercredi" } as const

// One walk at a time: two walks of one origin at once want that day's last slot, and the first to
// book leaves the demo patient an appointment with the doctor that day, which the second's hold is
// refused for (issue 38: one visit a day per person and doctor). Seen on a loaded machine.
test.describe.configure({ mode: "default" })

const LANDING = { search: /\/appointments$/, profile: /\/profile$/ } as const

test.beforeEach(async ({ page }) => {
  await acceptCookies(page)
  await recordToasts(page)
})

async function openWizard(page: Page, origin: "search" | "profile") {
  await signInOnce(page, ACCOUNTS.patient.email, "/doctors?keyword=Moussa%20Ndiaye")
  const card = page.getByRole("article").filter({ hasText: "Moussa Ndiaye" }).first()
  if (origin === "search") {
    await card.getByRole("button", { name: /Prendre rendez-vous/ }).click()
  } else {
    await card.getByRole("link", { name: "Dr Moussa Ndiaye", exact: true }).click()
    await expect(page.getByRole("heading", { level: 1, name: /Moussa Ndiaye/ })).toBeVisible()
    await page.getByRole("button", { name: "Prendre rendez-vous" }).first().click()
  }
  await expect(page.getByRole("dialog", { name: "Rendez-vous avec Dr Moussa Ndiaye" })).toBeVisible()
}

for (const { origin, name, steps } of RUNS) {
  test(`from the ${origin}: ${name}`, async ({ page }) => {
    // A walk of up to MAX_STEPS steps, each checked on the screen: longer than one covering path.
    test.setTimeout(180_000)
    const dialog = page.getByRole("dialog", { name: "Rendez-vous avec Dr Moussa Ndiaye" })
    const grid = dialog.getByRole("group", { name: /^Créneaux du/ })
    const booking = new GatewayScript(page, "**/api/v1/appointments", "POST")
    await booking.install()
    /** The aria-label of the slot the path chose (the model's one free slot). */
    let chosenSlot: string | null = null
    const booked: string[] = []

    /** The path's slot (see SLOT_DAY), then that same one each time the model selects it again. */
    const pickSlot = async () => {
      const same = chosenSlot ? grid.getByRole("button", { name: chosenSlot, exact: true }) : null
      if (same && (await same.count()) > 0) return same.click()
      // Back to this week (its Previous is disabled), then forward to the path's week.
      const previous = dialog.getByRole("button", { name: "Semaine précédente" })
      await expect(grid).toBeVisible()
      while (await previous.isEnabled()) await previous.click()
      for (let i = 0; i < WEEKS_AHEAD; i++) await dialog.getByRole("button", { name: "Semaine suivante" }).click()
      const slot = same ?? grid.getByRole("button", { name: new RegExp(`^${SLOT_DAY[origin]} `), pressed: false, disabled: false }).last()
      await expect(slot).toBeVisible()
      chosenSlot ??= await slot.getAttribute("aria-label")
      await slot.click()
    }

    /** Confirm and Retry send the booking: the next step says how the gateway answers. */
    const send = (label: string) => async (_: Step, next: Step | undefined) => {
      booking.expect(answerFor(next, "createAppointment"))
      await dialog.getByRole("button", { name: label, exact: true }).click()
    }

    // What SPEC says the dialog shows after each step, apart from the machine the path came from.
    const oracle = bookingWizardOracle({ doctorId: "demo-doctor", patientId: "demo-patient", homeAvailable: true, origin, slots: [A_FREE_SLOT] })
    let expected: WizardView = oracle.initial

    /** Each user action, then the oracle's view moved on by the same event. */
    function judgedEvents(events: Record<string, (step: Step, next: Step | undefined) => Promise<unknown>>) {
      return Object.fromEntries(
        Object.entries(events).map(([type, act]) => [
          type,
          async (step: Step, next: Step | undefined) => {
            await act(step, next)
            expected = oracle.after(expected, step.event)
          },
        ]),
      )
    }

    try {
      await walkPath(steps, {
        events: judgedEvents({
          "xstate.init": () => openWizard(page, origin),
          "booking.update": async ({ event }) => {
            const details = (event as unknown as { details: Partial<BookingWizardContext["details"]> }).details
            if (details.forWhom !== undefined) {
              await dialog.getByLabel("Pour qui ?").selectOption(details.forWhom === SON ? { label: `${SON_NAME} (enfant)` } : SELF)
            }
            if (details.reason !== undefined) {
              // Erased then typed: the model's update also stands for typing what is already there.
              const reason = dialog.getByLabel("Motif de consultation")
              await reason.fill("")
              await reason.fill(details.reason)
            }
            if (details.appointmentType) await dialog.getByRole("radio", { name: new RegExp(french(`booking.types.${details.appointmentType}`)) }).check()
          },
          "booking.next": () => dialog.getByRole("button", { name: "Suivant", exact: true }).click(),
          "booking.back": () => dialog.getByRole("button", { name: "Précédent", exact: true }).click(),
          "booking.selectSlot": pickSlot,
          "booking.confirm": send("Confirmer le rendez-vous"),
          "booking.retry": send("Réessayer"),
          "booking.chooseAnotherSlot": () => dialog.getByRole("button", { name: "Choisir un autre créneau" }).click(),
          "xstate.done.actor.createAppointment": async () => {
            const call = await booking.answer()
            expect(call.status).toBe(201)
            booked.push((call.body as { id: string }).id)
          },
          "xstate.error.actor.createAppointment": async ({ event }) => {
            const call = await booking.answer()
            expect(call.body).toEqual((event as unknown as { error: unknown }).error)
          },
          // Waited for: the wizard leaves on its own (at once from the search, after 500 ms from the profile).
          "xstate.after.redirectDelay.bookingWizard.success": () => expect(page).toHaveURL(LANDING[origin]),
        }),
        states: {
          "*": async () => {
            // The step shown is the oracle's, so a wrong transition in the machine shows here too.
            const step = expected.screen === "step1" ? 1 : expected.screen === "step2" ? 2 : 3
            if (expected.screen !== "success" && expected.screen !== "closed") {
              await expect(dialog.getByRole("list", { name: `Étape ${step} sur 3` })).toBeVisible()
            } else {
              await expect(dialog).toBeHidden()
            }
          },
          details: async (state) => {
            const { details, errors } = state.context as BookingWizardContext
            const forWhom = dialog.getByLabel("Pour qui ?")
            await (details.forWhom === SELF ? expect(forWhom).toHaveValue(SELF) : expect(forWhom).not.toHaveValue(SELF))
            const reason = dialog.getByLabel("Motif de consultation")
            await expect(reason).toHaveValue(details.reason)
            await expect(dialog.getByRole("radio", { name: new RegExp(french(`booking.types.${details.appointmentType}`)) })).toBeChecked()
            // The errors of the last Next, listed at the top and by their field until it changes.
            const summary = dialog.getByRole("alert").filter({ hasText: "Veuillez corriger les points suivants :" })
            if (errors.length === 0) await expect(summary).toHaveCount(0)
            else await expect(summary.getByRole("listitem")).toHaveText(errors.map((e) => french(e.message)))
            if (errors.some((e) => e.name === "reason")) await expect(reason).toHaveAttribute("aria-invalid", "true")
            else await expect(reason).not.toHaveAttribute("aria-invalid")
          },
          slots: async () => {
            await expect(grid).toBeVisible()
            const chosen = expected.selectedSlotId !== null
            await expect(grid.getByRole("button", { pressed: true })).toHaveCount(chosen ? 1 : 0)
            await expect(dialog.getByRole("button", { name: "Suivant", exact: true })).toBeEnabled({ enabled: chosen })
            if (chosen) await expect(dialog.getByText("Lieu de consultation :")).toBeVisible()
          },
          review: async (state) => {
            const { details } = state.context as BookingWizardContext
            const facts = dialog.getByRole("definition")
            await expect(facts.filter({ hasText: details.forWhom === SON ? SON_NAME : ACCOUNTS.patient.name })).toHaveCount(1)
            await expect(facts.filter({ hasText: details.reason.trim() })).toHaveCount(1)
            await expect(facts.filter({ hasText: chosenSlot!.split(", ").at(-1)! })).toHaveCount(1)
            await expect(facts.filter({ hasText: `${french(`booking.types.${details.appointmentType}`)} · ` })).toHaveCount(1)
            // A home visit takes place at the patient's primary address.
            if (details.appointmentType === "HOME") await expect(facts.filter({ hasText: "Mermoz" })).toHaveCount(1)
            await expect(dialog.getByRole("button", { name: "Confirmer le rendez-vous" })).toBeEnabled()
            await expect(dialog.getByRole("alert")).toHaveCount(0)
          },
          booking: async (state) => {
            await expect(dialog.getByRole("button", { name: "Confirmer le rendez-vous" })).toHaveAttribute("aria-busy", "true")
            await expect(dialog.getByRole("button", { name: "Précédent", exact: true })).toBeDisabled()
            // The call carries what the wizard holds.
            const { details } = state.context as BookingWizardContext
            const body = (await booking.request()).postDataJSON() as Record<string, unknown>
            expect(body).toMatchObject({ appointmentType: details.appointmentType, reason: details.reason.trim() })
            expect(body.dependantId === null).toBe(details.forWhom === SELF)
          },
          slotTaken: async () => {
            await expect(dialog.getByRole("alert")).toHaveText(french("booking.slotTaken"))
            await expect(dialog.getByRole("button", { name: "Choisir un autre créneau" })).toBeVisible()
          },
          failed: async () => {
            await expect(dialog.getByRole("alert")).toHaveText(french("booking.failed"))
            await expect(dialog.getByRole("button", { name: "Réessayer" })).toBeEnabled()
            await expect(dialog.getByRole("button", { name: "Précédent", exact: true })).toBeEnabled()
          },
          success: async () => {
            await expectToastShown(page, "Votre rendez-vous est confirmé.")
            await expect(dialog).toBeHidden()
          },
          done: async () => {
            await expect(page).toHaveURL(LANDING[origin])
            await expect(dialog).toBeHidden()
            if (origin === "search") await expect(page.getByRole("article").filter({ hasText: REASON }).first()).toContainText(SON_NAME)
          },
        },
      })
    } finally {
      await booking.release()
      // What a path booked is cancelled, so the demo data stays as it was.
      if (booked.length > 0) {
        const token = await apiToken(page.request, ACCOUNTS.patient.email)
        for (const id of booked) expect((await api(page.request, token, "PUT", `/appointments/cancel/${id}`)).status).toBe(200)
      }
    }
  })
}

test("the wizard's paths are derived from its machine", () => {
  // A floor, so a broken derivation (no paths, or only the initial state) cannot pass unnoticed.
  expect(RUNS.length).toBeGreaterThan(3)
  // Every transition of the model is walked in the browser at least once (the profile's: those of the paths that end).
  const search = RUNS.filter((run) => run.origin === "search")
  expect(transitionsWalked(MODELS.search, search)).toEqual(modelTransitions(MODELS.search))
  expect(
    transitionsWalked(
      MODELS.profile,
      RUNS.filter((run) => run.origin === "profile"),
    ),
  ).toEqual(transitionsWalked(MODELS.profile, COVERING.profile))
  expect(RUNS.filter((run) => run.steps.at(-1)!.state.status === "done").map((run) => run.origin)).toEqual(["search", "profile"])
})
