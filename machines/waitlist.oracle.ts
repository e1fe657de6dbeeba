import type { AnyEventObject } from "xstate"
import { expectedPhone } from "./contactForm.oracle.ts"

/**
 * The waitlist modal as SPEC describes it (§2 waitlist modal: role, name, email, organisation for
 * non-patients, speciality for professionals, optional phone, updates on by default; an error box
 * or a success box; closes and resets 2 s after success. §4: a local stub, no server call. §5:
 * role, name and email required, email of email type), written apart from `waitlist.machine.ts`.
 */

export type WaitlistScreen = "closed" | "form" | "sending" | "errorBox" | "successBox"

export interface WaitlistView {
  readonly screen: WaitlistScreen
  readonly values: Readonly<Record<string, unknown>>
  /** Fields shown in error, sorted. */
  readonly fieldErrors: ReadonlyArray<string>
  /** Entries handed to the join stub, in order. */
  readonly joined: ReadonlyArray<unknown>
}

const empty = (role = "patient", email = "") => ({ role, name: "", email, organization: "", speciality: "", phone: "", updates: true })

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function invalidFields(values: Record<string, unknown>): string[] {
  const fields: string[] = []
  if (String(values.name).trim() === "") fields.push("name")
  if (!EMAIL.test(String(values.email).trim())) fields.push("email")
  if (expectedPhone(String(values.phone)) === null) fields.push("phone")
  return fields.sort()
}

/** Only what the role is asked, and no blank optional field. */
function entryOf(values: Record<string, unknown>) {
  const text = (name: string) => String(values[name]).trim()
  return {
    role: values.role,
    name: values.name,
    email: values.email,
    updates: values.updates,
    ...(values.role !== "patient" && text("organization") ? { organization: text("organization") } : {}),
    ...(values.role === "professional" && text("speciality") ? { speciality: text("speciality") } : {}),
    ...(text("phone") ? { phone: expectedPhone(text("phone")) } : {}),
  }
}

export const waitlistOracle = {
  initial: { screen: "closed", values: empty(), fieldErrors: [], joined: [] } as WaitlistView,

  after(view: WaitlistView, event: AnyEventObject): WaitlistView {
    const { screen } = view
    // Closing always leaves a fresh form behind (SPEC: 'closes and resets').
    const closed: WaitlistView = { ...view, screen: "closed", values: empty(), fieldErrors: [] }
    switch (event.type) {
      case "waitlist.open":
        // The notify-me form opens the modal with the email it holds (and the tab's role).
        return screen === "closed" ? { ...view, screen: "form", values: empty(event.role as string, event.email as string), fieldErrors: [] } : view
      case "waitlist.change": {
        if (screen !== "form" && screen !== "errorBox") return view
        const changed = event.values as Record<string, unknown>
        // SPEC is silent: as on Doctolib, editing a field clears its own error, and the error box goes.
        const fieldErrors = view.fieldErrors.filter((f) => !(f in changed))
        return { ...view, screen: "form", values: { ...view.values, ...changed }, fieldErrors }
      }
      case "waitlist.submit": {
        if (screen !== "form" && screen !== "errorBox") return view
        const fieldErrors = invalidFields(view.values)
        if (fieldErrors.length > 0) return { ...view, fieldErrors }
        return { ...view, screen: "sending", joined: [...view.joined, entryOf(view.values)] }
      }
      case "waitlist.close":
        return screen === "sending" || screen === "closed" ? view : closed
      case "xstate.done.actor.join":
        return screen === "sending" ? { ...view, screen: "successBox" } : view
      case "xstate.error.actor.join":
        // 'Failed to join waitlist. Please try again.': what was typed stays for the retry.
        return screen === "sending" ? { ...view, screen: "errorBox" } : view
      case "xstate.after.closeAfterSuccess.waitlist.open.success":
        return screen === "successBox" ? closed : view
      default:
        return view
    }
  },
}
