import type { AnyEventObject } from "xstate"

/**
 * The "Compte professionnel" request form as issue 11 describes it (required names, professional
 * e-mail, phone, specialty of the search page, order number and accepted terms; optional facility
 * and short message; errors under the fields; a refusal keeps what was typed; success says the
 * request was sent), written apart from `doctorRequestForm.machine.ts`.
 */

export type DoctorRequestScreen = "form" | "sending" | "sent"

export interface DoctorRequestView {
  readonly screen: DoctorRequestScreen
  readonly values: Readonly<Record<string, string | boolean>>
  /** A send was tried: errors show, and follow the typing. */
  readonly errorsRevealed: boolean
  /** Fields shown in error, sorted. */
  readonly fieldErrors: ReadonlyArray<string>
  /** What was handed to the send, in order. */
  readonly sent: ReadonlyArray<unknown>
  /** The code of each failure toast. */
  readonly toasts: ReadonlyArray<string>
}

export const EMPTY_REQUEST = {
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  specialtyCode: "",
  refNumber: "",
  facilityId: "",
  message: "",
  acceptTerms: false,
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
const SPECIALTIES = ["GENERAL_PRACTITIONER", "CARDIOLOGY", "PEDIATRICS", "DERMATOLOGY"]

/** A phone the form accepts: a Senegalese number of 9 digits, with or without +221 (spaces allowed). */
export function acceptedPhone(typed: string): boolean {
  const compact = typed.replace(/\s/g, "")
  return /^(\+221)?[37]\d{8}$/.test(compact)
}

function invalidFields(values: Readonly<Record<string, string | boolean>>): string[] {
  const text = (name: string) => String(values[name]).trim()
  const fields: string[] = []
  if (text("firstName") === "" || text("firstName").length > 100) fields.push("firstName")
  if (text("lastName") === "" || text("lastName").length > 100) fields.push("lastName")
  if (!EMAIL.test(text("email"))) fields.push("email")
  if (!acceptedPhone(String(values.phoneNumber))) fields.push("phoneNumber")
  if (!SPECIALTIES.includes(String(values.specialtyCode))) fields.push("specialtyCode")
  if (text("refNumber") === "" || text("refNumber").length > 40) fields.push("refNumber")
  if (String(values.message).length > 500) fields.push("message")
  if (values.acceptTerms !== true) fields.push("acceptTerms")
  return fields.sort()
}

export const doctorRequestFormOracle = {
  initial: { screen: "form", values: EMPTY_REQUEST, errorsRevealed: false, fieldErrors: [], sent: [], toasts: [] } as DoctorRequestView,

  after(view: DoctorRequestView, event: AnyEventObject): DoctorRequestView {
    switch (event.type) {
      case "doctorRequest.change": {
        if (view.screen !== "form") return view
        const values = { ...view.values, ...(event.values as Record<string, string | boolean>) }
        return { ...view, values, fieldErrors: view.errorsRevealed ? invalidFields(values) : [] }
      }
      case "doctorRequest.submit": {
        if (view.screen !== "form") return view
        const fieldErrors = invalidFields(view.values)
        if (fieldErrors.length > 0) return { ...view, errorsRevealed: true, fieldErrors }
        return { ...view, screen: "sending", errorsRevealed: false, fieldErrors: [], sent: [...view.sent, { values: view.values }] }
      }
      case "xstate.done.actor.sendRequest":
        if (view.screen !== "sending") return view
        // The success screen: the request was sent and a manager will review it.
        return { ...view, screen: "sent", errorsRevealed: false, fieldErrors: [] }
      case "xstate.error.actor.sendRequest": {
        if (view.screen !== "sending") return view
        // Everything typed stays; the gateway's field errors show under the fields, with a toast.
        const error = event.error as { code?: string; fields?: Array<{ name: string }> }
        const fieldErrors = [...new Set([...invalidFields(view.values), ...(error.fields ?? []).map((f) => f.name)])].sort()
        return { ...view, screen: "form", errorsRevealed: true, fieldErrors, toasts: [...view.toasts, error.code ?? "UNHANDLED_ERROR"] }
      }
      default:
        return view
    }
  },
}
