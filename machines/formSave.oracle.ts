import type { AnyEventObject } from "xstate"
import type { ApiErrorBody } from "../schemas/errors.ts"
import type { SpecOracle } from "./testing/specOracle.ts"

/** What the user sees of a form being saved, and what was sent and done. */
export interface FormSaveView {
  /** The save button shows loading (and the form cannot be sent again). */
  readonly busy: boolean
  /** The error shown with the form (its field errors beside the fields). */
  readonly error: ApiErrorBody | null
  /** The bodies sent to the gateway, in order. */
  readonly sent: ReadonlyArray<unknown>
  /** What the screen was told, in order: saved, failed (with the field error shown), back. */
  readonly effects: ReadonlyArray<string>
}

export interface FormSaveSut extends FormSaveView {}

/** SPEC §8: errors are a code and a message, with optional field errors; no response is UNHANDLED_ERROR. */
function shownError(error: unknown): ApiErrorBody {
  const e = (error ?? {}) as Partial<ApiErrorBody>
  return { code: e.code ?? "UNHANDLED_ERROR", message: e.message ?? "", ...(e.fields ? { fields: e.fields } : {}) }
}

/**
 * SPEC §4 "Profile save: a success message, then back after 500 ms", "Settings save: the button
 * shows loading while submitting. On success the profile is refreshed and the user goes back
 * after 500 ms. On failure the error is only logged and the user stays": what was typed is sent
 * as is; a failure keeps the form where it was, ready to be sent again; editing clears the error.
 */
export const formSaveOracle: SpecOracle<FormSaveView, FormSaveSut> = {
  initial: { busy: false, error: null, sent: [], effects: [] },
  after(view, event: AnyEventObject) {
    switch (event.type) {
      case "form.submit":
        return view.busy ? view : { ...view, busy: true, error: null, sent: [...view.sent, event.values] }
      case "xstate.done.actor.save":
        return { ...view, effects: [...view.effects, "saved"] }
      case "xstate.error.actor.save": {
        const error = shownError(event.error)
        return { ...view, busy: false, error, effects: [...view.effects, `failed:${error.code}:${error.fields?.[0]?.message ?? "-"}`] }
      }
      case "xstate.after.returnDelay.formSave.saved":
        // The screen is left: nothing of it shows any more.
        return { ...view, busy: false, effects: [...view.effects, "back"] }
      case "form.edit":
        return { ...view, error: null }
      default:
        return view
    }
  },
  observe: (sut) => ({ busy: sut.busy, error: sut.error, sent: sut.sent, effects: sut.effects }),
}
