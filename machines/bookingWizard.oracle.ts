import type { AnyEventObject } from "xstate"
import { HOLD_RATE_REFUSAL } from "../schemas/limits.ts"
import { failureCode } from "./testing/specOracle.ts"

/** Issue 38: too many new holds refuses the hold, not the booking (its field names the rate). */
const refusedForHoldRate = (event: AnyEventObject): boolean =>
  Array.isArray(event.error?.fields) && (event.error.fields as ReadonlyArray<{ message?: unknown }>).some((field) => field.message === HOLD_RATE_REFUSAL)

/**
 * The booking wizard as SPEC describes it (§2 booking modal, §4 booking wizard and time slot,
 * §5 booking step 1, §7 POST /appointments, §8 booking failure logged only, §9 500 ms from the
 * profile; issue 13's Idempotency-Key and automatic retries; issue 14's slot hold; issue 37's outage
 * answers; issue 40's deposits), written apart from `bookingWizard.machine.ts` so that a wrong transition there shows.
 * Facts only: which screen, what the fields hold, which errors show, which slot is selected, what
 * was sent, which effects ran.
 */

export type WizardScreen = "step1" | "step2" | "step3" | "sending" | "slotTaken" | "failed" | "success" | "closed" | "cancelled" | "checkout"

/** Issue 40: a deposit the gateway asks to book (GET /payments/quote). */
export interface WizardDeposit {
  readonly amount: number
  readonly currency: string
  readonly reason: string
}

/** What the tab keeps of the wizard (issue 11): enough for a reload to show the same thing. */
export interface WizardDraft {
  readonly origin: string
  readonly fields: WizardView["fields"]
  readonly slotId: string | null
}

export interface WizardSlot {
  readonly id: string
  readonly status: string
  readonly startsAt: string
  readonly healthcareFacilityId: string | null
}

export interface WizardView {
  readonly screen: WizardScreen
  readonly fields: { readonly forWhom: string; readonly reason: string; readonly appointmentType: string }
  /** "field: message key", sorted: the order the messages are listed in is not SPEC's concern. */
  readonly errors: ReadonlyArray<string>
  readonly selectedSlotId: string | null
  /**
   * POST /appointments, or POST /payments for a booking owing a deposit (issue 40), in order: each
   * call, body and Idempotency-Key, named by first use ("key1", "key2", …) since the keys themselves are random.
   */
  readonly requests: ReadonlyArray<{ readonly call: "appointments" | "payments"; readonly body: unknown; readonly key: string }>
  /** Effects the app was asked for: slots refreshed, success shown, failure logged, closed towards a page. */
  readonly effects: ReadonlyArray<string>
  /** The step the address names (`?booking=2`), or null before the wizard ever put one there. */
  readonly address: 1 | 2 | 3 | null
  /** History entries the wizard added: one per step the user moved to, none for corrections. */
  readonly entries: number
  /** The draft kept for the tab, or null once booked or cancelled. */
  readonly storedDraft: WizardDraft | null
  /** Issue 14: the slots the wizard asked the gateway to hold (POST /time-slots/{id}/hold), in order. */
  readonly holds: ReadonlyArray<string>
  /** Issue 14: the hold's countdown is on the review (the gateway answered with a hold). */
  readonly countdown: boolean
  /**
   * Issue 14: what the slot grid says after a hold ended: its time ran out, or someone else holds
   * the slot; issue 38: the gateway refused the hold with its reason (a limit of bookings or holds).
   */
  readonly notice: "holdExpired" | "holdRefused" | "holdLimited" | null
  /**
   * The slot whose week the grid opens on: the one chosen, or else the one someone else just took
   * (the user looks for another near it, not back at the doctor's first availability).
   */
  readonly gridAt: string | null
  /**
   * What the failed review says (issue 37): Promed is briefly unavailable and the input is kept (an
   * outage answer, after its automatic retries), or the booking did not go through (anything else).
   */
  readonly failure: "unavailable" | "failed" | null
  /** Issue 40: the slots the wizard asked the deposit of (GET /payments/quote), in order, with for whom. */
  readonly quotes: ReadonlyArray<{ readonly slotId: string; readonly dependantId: string | null }>
  /** Issue 40: the review waits for the deposit's answer before its confirm button can be labelled. */
  readonly quoting: boolean
  /** Issue 40: the deposit the review says is owed (amount, currency, why), or null. */
  readonly deposit: WizardDeposit | null
}

/** Issue 37: the longest wait a Retry-After is honoured for before an automatic retry, in seconds. */
export const RETRY_AFTER_CAP_S = 5

export interface WizardSetting {
  readonly doctorId: string
  readonly patientId: string
  /** The patient has a primary location with an address (HOME allowed, SPEC §4). */
  readonly homeAvailable: boolean
  readonly origin: string
  readonly initialSlot?: WizardSlot | null
  /** Every slot the test may select, by id: selecting one needs its status. */
  readonly slots: ReadonlyArray<WizardSlot>
  /** A draft this tab kept from before (a reload, a trip to the login site). */
  readonly draft?: WizardDraft | null
  /** The step the address asks for when the wizard opens. */
  readonly step?: 1 | 2 | 3
}

const SELF = "self"

/** SPEC §5 booking step 1 and §4 booking type availability. */
function step1Errors(fields: WizardView["fields"], homeAvailable: boolean): string[] {
  const errors: string[] = []
  if (fields.forWhom === "") errors.push("forWhom: validation.patientRequired")
  if (fields.reason.trim() === "") errors.push("reason: validation.reasonRequired")
  if (!["CLINIC", "HOME", "ONLINE"].includes(fields.appointmentType)) errors.push("appointmentType: validation.typeRequired")
  if (fields.appointmentType === "ONLINE") errors.push("appointmentType: validation.onlineComingSoon")
  if (fields.appointmentType === "HOME" && !homeAvailable) errors.push("appointmentType: validation.homeAddressRequired")
  return errors.sort()
}

export function bookingWizardOracle(setting: WizardSetting) {
  const slotById = (id: string | null) => setting.slots.find((s) => s.id === id) ?? null
  const body = (view: WizardView) => {
    const slot = slotById(view.selectedSlotId)!
    return {
      doctorId: setting.doctorId,
      patientId: setting.patientId,
      dependantId: view.fields.forWhom === SELF ? null : view.fields.forWhom,
      timeSlotId: slot.id,
      // SPEC §7: the appointment time is the slot's instant, in UTC.
      appointmentTime: slot.startsAt,
      appointmentType: view.fields.appointmentType,
      healthcareFacilityId: slot.healthcareFacilityId,
      reason: view.fields.reason.trim(),
    }
  }
  /**
   * Issue 13: one Idempotency-Key per booking confirmed. Sending the same booking again (the
   * user's Retry, or Confirm again after Back with nothing changed) keeps its key, so that if the
   * first one was saved without its answer arriving, the gateway answers with it instead of
   * booking twice or saying the slot is taken; another booking (another slot, reason, person or
   * type) gets a new key, or the gateway would refuse it as a key reused.
   */
  const send = (view: WizardView): WizardView => {
    const sent = body(view)
    // Issue 40: a booking owing a deposit is paid first (POST /payments), never booked directly; the
    // same booking sent to the other call needs a key of its own (the gateway refuses a key reused elsewhere).
    const call = view.deposit !== null ? "payments" : "appointments"
    const last = view.requests.at(-1)
    const same = last && last.call === call && JSON.stringify(last.body) === JSON.stringify(sent)
    const key = same ? last.key : `key${new Set(view.requests.map((r) => r.key)).size + 1}`
    autoRetries = 0
    return { ...view, screen: "sending", requests: [...view.requests, { call, body: sent, key }] }
  }

  /**
   * Issue 13: a failure with no answer (NETWORK_ERROR, TIMEOUT_ERROR) is retried twice on its own,
   * with the same key, while the user still sees the booking being sent; then it is a failure.
   * Issue 37: an outage answer (503 with SERVER_ERROR) goes the same way, each retry after the wait
   * its Retry-After asked for (at most RETRY_AFTER_CAP_S); without one, after 1 s then 2 s.
   */
  const AUTOMATIC_RETRIES = 2
  let autoRetries = 0
  let retryDue = false
  let retryWaitMs = 0
  const isOutage = (error: { code?: unknown; status?: unknown }) => error.code === "SERVER_ERROR" && error.status === 503

  const STEP_OF: Partial<Record<WizardScreen, 1 | 2 | 3>> = { step1: 1, step2: 2, step3: 3 }

  /**
   * Issue 11: a step the draft cannot justify shows the earliest one it can: step 2 needs step 1
   * complete, step 3 a slot as well.
   */
  const reachable = (view: WizardView, wanted: 1 | 2 | 3): WizardScreen => {
    if (wanted === 1 || step1Errors(view.fields, setting.homeAvailable).length > 0) return "step1"
    return wanted === 3 && view.selectedSlotId !== null ? "step3" : "step2"
  }

  /**
   * Issue 11: the step is in the address. A step the user moves to is a new history entry (so
   * Back returns to the previous step); a step the address asked for and could not have is
   * corrected in place.
   */
  const show = (view: WizardView, screen: WizardScreen, how: "push" | "replace"): WizardView => {
    const step = STEP_OF[screen]
    const moved = step === undefined || step === view.address ? view : { ...view, address: step, entries: how === "push" ? view.entries + 1 : view.entries }
    return arrive({ ...moved, screen }, view.screen)
  }

  /**
   * Issue 14: reaching the review asks the gateway to hold the chosen slot (no countdown until it
   * answers). Issue 40: and asks what deposit this slot and person owe, anew each time.
   */
  let holdAsked = false
  const arrive = (view: WizardView, from: WizardScreen): WizardView => {
    if (view.screen !== "step3" || from === "step3") return view
    holdAsked = true
    const quote = { slotId: view.selectedSlotId!, dependantId: view.fields.forWhom === SELF ? null : view.fields.forWhom }
    return { ...view, countdown: false, holds: [...view.holds, view.selectedSlotId!], quotes: [...view.quotes, quote], quoting: true, deposit: null }
  }

  /** Issue 14: leaving the review or a failure other than by sending lets the hold go. */
  const letGo = (view: WizardView): WizardView => {
    holdAsked = false
    return { ...view, countdown: false, effects: [...view.effects, `release:${view.selectedSlotId}`] }
  }

  /** The slot someone else took from this user, last (held or booked first by them). */
  let lostSlotId: string | null = null
  const lose = (view: WizardView): WizardView => {
    lostSlotId = view.selectedSlotId
    return { ...view, selectedSlotId: null }
  }

  /** While the wizard is open the tab keeps what it holds; booked or cancelled, nothing. */
  const kept = (view: WizardView): WizardView => ({
    ...view,
    gridAt: view.selectedSlotId ?? lostSlotId,
    // Issue 14: the notice of an ended hold belongs to the grid; leaving the grid, it has been said.
    notice: view.screen === "step2" ? view.notice : null,
    // Issue 40: gone to pay, the booking is the payment's now.
    storedDraft: ["success", "closed", "cancelled", "checkout"].includes(view.screen)
      ? null
      : { origin: setting.origin, fields: view.fields, slotId: view.selectedSlotId },
    // The failure is said on the failed review only; Retry, Back or leaving it ends that.
    failure: view.screen === "failed" ? view.failure : null,
    // Issue 40: the deposit is said on the review, also while it is being paid or failed to be.
    deposit: ["step3", "sending", "failed"].includes(view.screen) ? view.deposit : null,
    quoting: view.screen === "step3" && view.quoting,
  })

  const draft = setting.draft ?? null
  const initial: WizardView = {
    screen: "step1",
    // SPEC is silent on defaults: like Doctolib, the wizard books for the patient, at the clinic.
    fields: draft ? { ...draft.fields } : { forWhom: SELF, reason: "", appointmentType: "CLINIC" },
    errors: [],
    // A slot picked in the availability list comes along, if it can still be booked (SPEC §4);
    // otherwise the one the draft kept.
    selectedSlotId: setting.initialSlot?.status === "AVAILABLE" ? setting.initialSlot.id : (draft?.slotId ?? null),
    requests: [],
    effects: [],
    address: null,
    entries: 0,
    storedDraft: null,
    holds: [],
    countdown: false,
    notice: null,
    gridAt: null,
    failure: null,
    quotes: [],
    quoting: false,
    deposit: null,
  }
  // Issue 11: the wizard opens on the step the address names, or the earliest the draft allows.
  const opened = reachable(initial, setting.step ?? 1)
  // Arriving from nowhere: opened on step 3 (a reload), the review asks for its hold at once (issue 14).
  const start = kept(show({ ...initial, screen: "closed" }, opened, "replace"))

  function after(view: WizardView, event: AnyEventObject): WizardView {
    return kept(next(view, event))
  }

  function next(view: WizardView, event: AnyEventObject): WizardView {
    const { screen } = view
    switch (event.type) {
      case "booking.update": {
        if (screen !== "step1") return view
        const changed = event.details as Partial<WizardView["fields"]>
        // SPEC is silent: as on Doctolib, a field's error goes once the field is edited; others stay.
        const errors = view.errors.filter((e) => !Object.keys(changed).some((name) => e.startsWith(`${name}:`)))
        return { ...view, fields: { ...view.fields, ...changed }, errors }
      }
      case "booking.next": {
        if (screen === "step1") {
          const errors = step1Errors(view.fields, setting.homeAvailable)
          return errors.length === 0 ? show({ ...view, errors: [] }, "step2", "push") : { ...view, errors }
        }
        // SPEC §4: Next on step 2 needs a chosen slot.
        if (screen === "step2" && view.selectedSlotId !== null) return show(view, "step3", "push")
        return view
      }
      case "booking.back": {
        // Back goes one step back and keeps what was entered (SPEC silent on keeping: Doctolib keeps it).
        if (screen === "step2") return show(view, "step1", "push")
        if (screen === "step3") return show(letGo(view), "step2", "push")
        if (screen === "failed") return show(view, "step3", "push")
        return view
      }
      case "booking.goToStep": {
        // Back, Forward or a typed address: the address changed first, the wizard follows if it can.
        const moved = { ...view, address: event.step as 1 | 2 | 3 }
        if (!["step1", "step2", "step3", "slotTaken", "failed"].includes(screen)) return moved
        const target = reachable(moved, event.step as 1 | 2 | 3)
        // Issue 14: the review named again keeps its hold; anywhere else the hold goes.
        if (screen === "step3" && target === "step3") return moved
        const released = screen === "step3" || screen === "failed" ? letGo(moved) : moved
        // The grid shown again (the address's own doing) has said its notice.
        return show({ ...released, notice: null }, target, "replace")
      }
      case "booking.cancel": {
        // Cancel drops the draft and closes; a request on its way is not abandoned. A hold is let go.
        if (!["step1", "step2", "step3", "slotTaken", "failed"].includes(screen)) return view
        const released = screen === "step3" || screen === "failed" ? letGo(view) : view
        return { ...released, screen: "cancelled", effects: [...released.effects, "close"] }
      }
      case "booking.selectSlot": {
        const slot = event.slot as WizardSlot
        // SPEC §4: only AVAILABLE slots are selectable.
        if (screen !== "step2" || slot.status !== "AVAILABLE") return view
        return { ...view, selectedSlotId: slot.id, notice: null }
      }
      case "xstate.done.actor.holdSlot":
        // Issue 14: held; the review counts the 5 minutes down.
        return screen === "step3" && holdAsked && !view.countdown ? { ...view, countdown: true } : view
      case "xstate.error.actor.holdSlot": {
        if (screen !== "step3" || !holdAsked || view.countdown) return view
        holdAsked = false
        // Held or booked by someone else: back to the grid, refreshed, told why, the slot no longer chosen.
        if (failureCode(event, "UNHANDLED_ERROR") === "TIME_SLOT_ALREADY_BOOKED") {
          const back = show({ ...lose(view), effects: [...view.effects, "refreshSlots"] }, "step2", "push")
          return { ...back, notice: "holdRefused" }
        }
        // Issue 38: refused for a reason the booking would be refused for too: said on the grid, before
        // step 3, the slot no longer chosen (nothing refreshed: the slot is not taken).
        if (failureCode(event, "UNHANDLED_ERROR") === "BUSINESS_ERROR" && !refusedForHoldRate(event))
          return { ...show(lose(view), "step2", "push"), notice: "holdLimited" }
        // No hold could be made: the review goes on without a countdown (the booking still guards the slot).
        return view
      }
      case "xstate.done.actor.quoteDeposit": {
        // Issue 40: the deposit this booking owes, or none; the confirm button says which.
        if (screen !== "step3" || !view.quoting) return view
        const owed = (event.output as { deposit: WizardDeposit | null }).deposit
        return { ...view, quoting: false, deposit: owed === null ? null : { amount: owed.amount, currency: owed.currency, reason: owed.reason } }
      }
      case "xstate.error.actor.quoteDeposit":
        // No answer: nothing is said of a deposit; the gateway refuses a booking that owes one.
        return screen === "step3" && view.quoting ? { ...view, quoting: false } : view
      case "xstate.after.holdExpiry.bookingWizard.review.hold.held": {
        if (screen !== "step3" || !view.countdown) return view
        holdAsked = false
        // Issue 14: the 5 minutes ran out: back to the grid, refreshed, told so; the slot stays chosen.
        const back = show({ ...view, countdown: false, effects: [...view.effects, "refreshSlots"] }, "step2", "push")
        return { ...back, notice: "holdExpired" }
      }
      case "booking.confirm":
        if (screen !== "step3") return view
        holdAsked = false
        return send({ ...view, countdown: false })
      case "booking.retry":
        return screen === "failed" ? send(view) : view
      case "booking.chooseAnotherSlot":
        return screen === "slotTaken" ? show(view, "step2", "push") : view
      case "xstate.done.actor.createAppointment":
        // SPEC §4: success closes the modal, refreshes the session and shows an 8 s toast.
        return screen === "sending" && !retryDue && sentTo(view) === "appointments"
          ? { ...view, screen: "success", effects: [...view.effects, "announceSuccess"] }
          : view
      case "xstate.done.actor.createPayment": {
        // Issue 40: the payment started, PENDING; the browser goes to the provider's page (no booking, no toast yet).
        if (screen !== "sending" || retryDue || sentTo(view) !== "payments") return view
        const url = (event.output as { checkoutUrl: string }).checkoutUrl
        return { ...view, screen: "checkout", effects: [...view.effects, `checkout:${url}`] }
      }
      case "xstate.error.actor.createAppointment":
      case "xstate.error.actor.createPayment": {
        if (screen !== "sending" || retryDue || event.type !== `xstate.error.actor.${sentTo(view) === "payments" ? "createPayment" : "createAppointment"}`)
          return view
        const code = failureCode(event, "UNHANDLED_ERROR")
        const error = (event.error ?? {}) as { code?: unknown; status?: unknown; retryAfterSeconds?: unknown }
        const outage = isOutage(error)
        if ((code === "NETWORK_ERROR" || code === "TIMEOUT_ERROR" || outage) && autoRetries < AUTOMATIC_RETRIES) {
          autoRetries += 1
          retryDue = true
          const asked = outage && typeof error.retryAfterSeconds === "number" ? error.retryAfterSeconds : null
          retryWaitMs = asked === null ? 1000 * autoRetries : 1000 * Math.min(asked, RETRY_AFTER_CAP_S)
          return view
        }
        // Someone booked the slot first: back to the grid, slots reloaded, the taken one no longer selected.
        if (code === "TIME_SLOT_ALREADY_BOOKED") {
          return { ...lose(view), screen: "slotTaken", effects: [...view.effects, "refreshSlots"] }
        }
        // SPEC §8: a booking failure is logged only; the review says it did not go through, or (issue 37) that Promed is briefly unavailable.
        return { ...view, screen: "failed", failure: outage ? "unavailable" : "failed", effects: [...view.effects, `log:${code}`] }
      }
      case "xstate.after.retryDelay.bookingWizard.retrying": {
        if (!retryDue) return view
        retryDue = false
        // The very request again: same body, same key.
        return { ...view, requests: [...view.requests, view.requests.at(-1)!] }
      }
      case "xstate.after.redirectDelay.bookingWizard.success":
        // Then the user goes to /appointments, or /profile (after 500 ms) from the public profile.
        return screen === "success" ? { ...view, screen: "closed", effects: [...view.effects, `finish:${setting.origin}`] } : view
      default:
        return view
    }
  }

  /** The call of the request on its way (the last one sent). */
  const sentTo = (view: WizardView) => view.requests.at(-1)?.call

  /** How long the wizard must wait before the automatic retry now due, in ms (issue 13, issue 37). */
  const retryWait = () => retryWaitMs

  return { initial: start, after, retryWait }
}
