import type { AnyEventObject } from "xstate"

/**
 * The contact form as SPEC describes it (§2 contact form: fields cleared after a successful send;
 * §5 contact form bounds; §7 the email function; §8 'message sent successfully' and 'failed to
 * send message' toasts), written apart from `contactForm.machine.ts`.
 */

export type ContactScreen = "form" | "sending"

export interface ContactView {
  readonly screen: ContactScreen
  readonly values: Readonly<Record<string, string>>
  /** A send was tried: errors show, and follow the typing (SPEC silent: as most forms do). */
  readonly errorsRevealed: boolean
  /** Fields shown in error, sorted. */
  readonly fieldErrors: ReadonlyArray<string>
  /** What was handed to the send, in order. */
  readonly sent: ReadonlyArray<unknown>
  readonly toasts: ReadonlyArray<string>
}

const EMPTY = { firstName: "", lastName: "", role: "", email: "", phone: "", message: "" }
const ROLES = ["PATIENT", "DOCTOR", "HEALTH_CENTER_MANAGER", "POTENTIAL_PARTNER", "OTHER"]
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** SPEC §5, contact form. */
function invalidFields(values: Record<string, string>): string[] {
  const length = (name: string) => values[name]!.trim().length
  const fields: string[] = []
  if (length("firstName") < 2 || length("firstName") > 50) fields.push("firstName")
  if (length("lastName") < 2 || length("lastName") > 20) fields.push("lastName")
  if (!ROLES.includes(values.role!)) fields.push("role")
  const email = values.email!.trim()
  if (!EMAIL.test(email) || email.length < 4 || email.length > 100) fields.push("email")
  if (expectedPhone(values.phone!) === null) fields.push("phone")
  if (length("message") < 10 || length("message") > 1000) fields.push("message")
  return fields.sort()
}

export const contactFormOracle = {
  initial: { screen: "form", values: EMPTY, errorsRevealed: false, fieldErrors: [], sent: [], toasts: [] } as ContactView,

  after(view: ContactView, event: AnyEventObject): ContactView {
    switch (event.type) {
      case "contact.change": {
        if (view.screen !== "form") return view
        const values = { ...view.values, ...(event.values as Record<string, string>) }
        return { ...view, values, fieldErrors: view.errorsRevealed ? invalidFields(values) : [] }
      }
      case "contact.submit": {
        if (view.screen !== "form") return view
        const fieldErrors = invalidFields(view.values)
        if (fieldErrors.length > 0) return { ...view, errorsRevealed: true, fieldErrors }
        return { ...view, screen: "sending", errorsRevealed: false, fieldErrors: [], sent: [...view.sent, { values: view.values }] }
      }
      case "xstate.done.actor.sendMessage":
        if (view.screen !== "sending") return view
        // SPEC §2: the fields are cleared after a successful send; the form starts afresh.
        return { ...view, screen: "form", values: EMPTY, errorsRevealed: false, fieldErrors: [], toasts: [...view.toasts, "sent"] }
      case "xstate.error.actor.sendMessage": {
        if (view.screen !== "sending") return view
        // What was typed stays; the gateway's field errors show next to the fields.
        const fields = ((event.error as { fields?: Array<{ name: string }> }).fields ?? []).map((f) => f.name.replace(/^data\.context\./, ""))
        const fieldErrors = [...new Set([...invalidFields(view.values), ...fields])].sort()
        return { ...view, screen: "form", errorsRevealed: true, fieldErrors, toasts: [...view.toasts, "failed"] }
      }
      default:
        return view
    }
  },
}

/** What a typed phone must be on the public forms (issue 11: one format, E.164): "" for none, null when refused. */
export function expectedPhone(typed: string): string | null {
  const bare = typed.trim()
  if (bare === "") return ""
  return /^[+][1-9][0-9]{6,14}$/.test(bare) ? bare : null
}
