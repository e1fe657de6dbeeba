import type { AnyEventObject } from "xstate"
import { enabledWhen } from "./testing/enabled.ts"

/**
 * Proving a phone number as issue 38 describes it, written apart from `phoneVerification.machine.ts`:
 * a number gets SMS only once a one-time code sent to it by SMS is typed back (6 digits, 10
 * minutes, 5 tries, another code only after a wait). The profile shows "not verified" with "Send a
 * code"; once sent, a code field, and "Send again" when the wait is over. A wrong code says the
 * tries left; a dead code (tries over, expired, replaced) can only be replaced; a number the
 * gateway says is verified is shown verified.
 */

export type PhoneScreen = "noPhone" | "notVerified" | "sending" | "code" | "checking" | "deadCode" | "verified"

export interface PhoneVerificationView {
  readonly screen: PhoneScreen
  /** What the code field holds. */
  readonly code: string
  /** The refusal shown, by its field message (or its code when it has none). */
  readonly failure: string | null
  readonly triesLeft: number | null
  /** "Send again" is offered (the wait since the last code is over). */
  readonly canResend: boolean
  /** The calls made, in order. */
  readonly requests: ReadonlyArray<string>
  readonly effects: ReadonlyArray<string>
  /** The buttons and answers the screen reacts to. */
  readonly enabled: ReadonlyArray<string>
}

export interface PhoneSetting {
  readonly phoneNumber: string | null
  readonly verified: boolean
  /** A code already waits (sent at sign-up or on a new number). */
  readonly pending: boolean
}

const DIGITS = 6
const RESEND_WAIT = "xstate.after.resendDelay.phoneVerification.codeSent.resend.waiting"

function failureOf(event: AnyEventObject): string {
  const fields = (event.error?.fields ?? []) as Array<{ name: string; message: string }>
  return fields.find((f) => f.name === "code")?.message ?? (typeof event.error?.code === "string" ? event.error.code : "UNHANDLED_ERROR")
}

/** What the user can do and what the flow awaits on each screen. */
function enabledOn(view: Omit<PhoneVerificationView, "enabled">): string[] {
  const onCode = view.screen === "code" || view.screen === "checking" || view.screen === "deadCode"
  return enabledWhen({
    "phoneVerification.send": view.screen === "notVerified",
    "phoneVerification.type": view.screen === "code",
    "phoneVerification.submit": view.screen === "code" && new RegExp(`^[0-9]{${DIGITS}}$`).test(view.code),
    "phoneVerification.resend": onCode && view.canResend,
    [RESEND_WAIT]: onCode && !view.canResend,
    "xstate.done.actor.sendCode": view.screen === "sending",
    "xstate.error.actor.sendCode": view.screen === "sending",
    "xstate.done.actor.confirmCode": view.screen === "checking",
    "xstate.error.actor.confirmCode": view.screen === "checking",
  })
}

const settled = (view: Omit<PhoneVerificationView, "enabled">): PhoneVerificationView => ({ ...view, enabled: enabledOn(view) })

export function phoneVerificationOracle(setting: PhoneSetting) {
  // Whether a code was ever sent to the number this screen knows of: a failed resend goes back to it.
  let codeSent = setting.pending
  const start: PhoneScreen = setting.phoneNumber === null ? "noPhone" : setting.verified ? "verified" : setting.pending ? "code" : "notVerified"
  const initial = settled({ screen: start, code: "", failure: null, triesLeft: null, canResend: false, requests: [], effects: [] })

  function after(view: PhoneVerificationView, event: AnyEventObject): PhoneVerificationView {
    if (!view.enabled.includes(event.type)) return view
    const base = { ...view }
    switch (event.type) {
      case "phoneVerification.send":
      case "phoneVerification.resend":
        return settled({ ...base, screen: "sending", canResend: false, requests: [...view.requests, "send"] })
      case "phoneVerification.type":
        // Digits only, at most six.
        return settled({ ...base, code: String(event.code).replace(/\D/g, "").slice(0, DIGITS) })
      case "phoneVerification.submit":
        return settled({ ...base, screen: "checking", failure: null, requests: [...view.requests, `confirm:${view.code}`] })
      case RESEND_WAIT:
        return settled({ ...base, canResend: true })
      case "xstate.done.actor.sendCode":
        codeSent = true
        // A fresh code: a field to type it, and a new wait before the next.
        return settled({ ...base, screen: "code", code: "", failure: null, triesLeft: null, canResend: false })
      case "xstate.error.actor.sendCode": {
        const failure = failureOf(event)
        if (failure === "patientProfile.phoneVerification.alreadyVerified") return settled({ ...base, screen: "verified" })
        if (!codeSent) return settled({ ...base, screen: "notVerified", failure })
        // Back to the code sent before; asked too soon, the wait starts again, else another may be asked.
        return settled({ ...base, screen: "code", failure, canResend: false })
      }
      case "xstate.done.actor.confirmCode":
        return settled({ ...base, screen: "verified", canResend: false, effects: [...view.effects, "verified"] })
      case "xstate.error.actor.confirmCode": {
        const failure = failureOf(event)
        if (failure === "patientProfile.phoneVerification.codeWrong") {
          const left = ((event.error?.fields ?? []) as Array<{ name: string; message: string }>).find((f) => f.name === "triesLeft")?.message
          return settled({ ...base, screen: "code", code: "", failure, triesLeft: left === undefined ? null : Number(left) })
        }
        if (
          [
            "patientProfile.phoneVerification.codeTriesOver",
            "patientProfile.phoneVerification.codeExpired",
            "patientProfile.phoneVerification.codeNone",
          ].includes(failure)
        ) {
          return settled({ ...base, screen: "deadCode", code: "", failure, triesLeft: null })
        }
        // Another failure (the network): the code typed stays, to try again.
        return settled({ ...base, screen: "code", failure })
      }
      default:
        return view
    }
  }

  return { initial, after }
}
