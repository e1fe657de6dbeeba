import type { AnyEventObject } from "xstate"
import { failureCode } from "./testing/specOracle.ts"
import type { DoctorId, FacilityId } from "../schemas/ids.ts"

/**
 * The add-availability form as SPEC describes it (§5 availability form: times required, a
 * weekday, a boolean, at least 15 minutes in steps of 5, defaults 09:00 to 17:00, 30 minutes,
 * recurring; submit disabled while invalid; the generic message once dirty and invalid; §7 POST
 * /doctor-availability/{id}; §8 a failure is a red toast), written apart from the machine.
 */

export type AvailabilityScreen = "form" | "sending" | "saved" | "cancelled"

export interface AvailabilityView {
  readonly screen: AvailabilityScreen
  readonly values: object
  readonly submitEnabled: boolean
  /** The generic form-errors message. */
  readonly formErrorShown: boolean
  /** The gateway's refusal of the last try, by code, until the form is changed. */
  readonly refusal: string | null
  readonly requests: ReadonlyArray<unknown>
  readonly effects: ReadonlyArray<string>
  /** What the dialog hands back when it ends: the created availability, or null. */
  readonly result: unknown
  /** The dialog has ended (saved or cancelled): the schedule that opened it is told so and closes it. */
  readonly ended: boolean
}

export interface AvailabilitySetting {
  readonly doctorId: DoctorId
  readonly dayOfWeek: string
  readonly healthcareFacilityId: FacilityId | null
}

interface Values {
  readonly startTime: string
  readonly endTime: string
  readonly slotDurationMinutes: number
}

function valid(values: Values): boolean {
  const { startTime, endTime, slotDurationMinutes: minutes } = values
  // An availability ends after it starts (SPEC silent: a reversed range makes no slot at all).
  return startTime !== "" && endTime !== "" && endTime > startTime && Number.isFinite(minutes) && minutes >= 15 && minutes % 5 === 0
}

export function availabilityFormOracle(setting: AvailabilitySetting) {
  const initialValues = {
    dayOfWeek: setting.dayOfWeek,
    startTime: "09:00",
    endTime: "17:00",
    isRecurring: true,
    slotDurationMinutes: 30,
    healthcareFacilityId: setting.healthcareFacilityId,
  }
  const initial: AvailabilityView = {
    screen: "form",
    values: initialValues,
    // The defaults are valid: Submit is enabled from the start, and no message shows before a change.
    submitEnabled: true,
    formErrorShown: false,
    refusal: null,
    requests: [],
    effects: [],
    result: null,
    ended: false,
  }

  function after(view: AvailabilityView, event: AnyEventObject): AvailabilityView {
    switch (event.type) {
      case "availability.change": {
        if (view.screen !== "form") return view
        const values = { ...view.values, ...(event.values as object) }
        const ok = valid(values as unknown as Values)
        return { ...view, values, submitEnabled: ok, formErrorShown: !ok, refusal: null }
      }
      case "availability.submit":
        if (view.screen !== "form" || !view.submitEnabled) return view
        return { ...view, screen: "sending", submitEnabled: false, requests: [...view.requests, { doctorId: setting.doctorId, values: view.values }] }
      case "availability.cancel":
        return view.screen === "form" ? { ...view, screen: "cancelled", submitEnabled: false, formErrorShown: false, ended: true } : view
      case "xstate.done.actor.createAvailability":
        return view.screen === "sending" ? { ...view, screen: "saved", result: event.output, ended: true } : view
      case "xstate.error.actor.createAvailability": {
        if (view.screen !== "sending") return view
        const code = failureCode(event, "UNHANDLED_ERROR")
        // A refusal (an overlap, for one) keeps what was typed, so the doctor can fix it and retry.
        return { ...view, screen: "form", submitEnabled: true, refusal: code, effects: [...view.effects, `toast:${code}`] }
      }
      default:
        return view
    }
  }

  return { initial, after }
}
