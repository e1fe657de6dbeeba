import type { AnyEventObject } from "xstate"
import { WAITLIST_RANGE_MAX_DAYS } from "../schemas/limits.ts"
import { failureCode } from "./testing/specOracle.ts"

/**
 * Joining a doctor's freed-slot waitlist as issue 14 and issue 39 describe it, written apart from
 * `joinSlotWaitlist.machine.ts`: for the patient ("self") or a dependant, earlier than one of their
 * appointments (which must be named) or between two dates, both given, the end not before the
 * start; the start not before today where the doctor works, the end at most 62 days after today
 * (the number pinned in schemas/validationRules.test.ts). Errors show after Join is pressed and then
 * follow what is typed, which is kept; a request's shape is judged before its dates against today.
 * The gateway's refusals show under the field they name (the doctor: under "for whom"), or above
 * the buttons; success closes the dialog with a toast; Cancel closes it, even while sending.
 */

export interface JoinFormView {
  readonly forWhom: string
  readonly mode: "EARLIER_THAN_APPOINTMENT" | "BETWEEN_DATES"
  readonly appointmentId: string
  readonly fromDate: string
  readonly toDate: string
}

export type JoinScreen = "form" | "sending" | "joined" | "closed"

export interface JoinView {
  readonly screen: JoinScreen
  /** What the fields hold, as typed. */
  readonly form: JoinFormView
  /** The errors under the fields, "field: message", sorted. */
  readonly errors: ReadonlyArray<string>
  /** The refusal said above the buttons, by code. */
  readonly failure: string | null
  /** The POST /slot-waitlists bodies sent, in order. */
  readonly requests: ReadonlyArray<unknown>
  readonly effects: ReadonlyArray<string>
}

export interface JoinSetting {
  readonly doctorId: string
  /** Today in the doctor's zone, yyyy-MM-dd. */
  readonly today: string
  readonly form: JoinFormView
}

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)
const daysAfter = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
/** Where a gateway field's error is shown. */
const SHOWN_UNDER: Record<string, string> = {
  doctorId: "forWhom",
  dependantId: "forWhom",
  appointmentId: "appointmentId",
  fromDate: "fromDate",
  toDate: "toDate",
}

export function joinSlotWaitlistOracle(setting: JoinSetting) {
  function problems(form: JoinFormView): string[] {
    if (form.mode === "EARLIER_THAN_APPOINTMENT") return form.appointmentId === "" ? ["appointmentId: validation.required"] : []
    const shape: string[] = []
    if (form.fromDate === "") shape.push("fromDate: validation.required")
    else if (!isDate(form.fromDate)) shape.push("fromDate: validation.dateInvalid")
    if (form.toDate === "") shape.push("toDate: validation.required")
    else if (!isDate(form.toDate)) shape.push("toDate: validation.dateInvalid")
    if (shape.length === 0 && form.toDate < form.fromDate) shape.push("toDate: validation.endDateAfterStart")
    if (shape.length > 0) return shape.sort()
    const range: string[] = []
    if (form.fromDate < setting.today) range.push("fromDate: validation.dateNotPast")
    if (form.toDate > daysAfter(setting.today, WAITLIST_RANGE_MAX_DAYS)) range.push("toDate: slotWaitlist.waitlistRangeTooFar")
    return range.sort()
  }

  function body(form: JoinFormView): unknown {
    const who = { doctorId: setting.doctorId, dependantId: form.forWhom === "self" ? null : form.forWhom, mode: form.mode }
    return form.mode === "EARLIER_THAN_APPOINTMENT" ? { ...who, appointmentId: form.appointmentId } : { ...who, fromDate: form.fromDate, toDate: form.toDate }
  }

  // Whether errors follow the typing: only once Join was pressed (or the gateway refused).
  let checking = false
  const initial: JoinView = { screen: "form", form: setting.form, errors: [], failure: null, requests: [], effects: [] }

  function after(view: JoinView, event: AnyEventObject): JoinView {
    const { screen } = view
    switch (event.type) {
      case "waitlist.edit": {
        if (screen !== "form") return view
        const form = { ...view.form, ...(event.change as Partial<JoinFormView>) }
        return { ...view, form, errors: checking ? problems(form) : [], failure: null }
      }
      case "waitlist.submit": {
        if (screen !== "form") return view
        const found = problems(view.form)
        if (found.length > 0) {
          checking = true
          return { ...view, errors: found, failure: null }
        }
        return { ...view, screen: "sending", errors: [], failure: null, requests: [...view.requests, body(view.form)] }
      }
      case "waitlist.close":
        return screen === "form" || screen === "sending" ? { ...view, screen: "closed", effects: [...view.effects, "closed"] } : view
      case "xstate.done.actor.joinWaitlist":
        return screen === "sending" ? { ...view, screen: "joined", effects: [...view.effects, "joined"] } : view
      case "xstate.error.actor.joinWaitlist": {
        if (screen !== "sending") return view
        checking = true
        const fields = ((event.error as { fields?: Array<{ name: string; message: string }> }).fields ?? []).filter((f) => f.name in SHOWN_UNDER)
        const errors = fields.map((f) => `${SHOWN_UNDER[f.name]}: ${f.message}`).sort()
        return { ...view, screen: "form", errors, failure: errors.length === 0 ? failureCode(event, "UNHANDLED_ERROR") : null }
      }
      default:
        return view
    }
  }

  return { initial, after }
}
