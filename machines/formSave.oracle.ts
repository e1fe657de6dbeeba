import type { AnyEventObject } from "xstate"
import type { ApiErrorBody } from "../schemas/errors.ts"
import { enabledWhen } from "./testing/enabled.ts"
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
  /** Send works unless a save is under way or done; Edit clears a shown error; the answer is awaited while saving; once saved, the way back. */
  readonly enabled: ReadonlyArray<string>
}

export type FormSaveSut = FormSaveView

/** One event of each kind, to ask the machine which it reacts to. */
export const FORM_SAVE_PROBES = [
  { type: "form.submit", values: {} },
  { type: "form.edit" },
  { type: "xstate.done.actor.save", output: {} },
  { type: "xstate.error.actor.save", error: {} },
  { type: "xstate.after.returnDelay.formSave.saved" },
]

function withEnabled(view: Omit<FormSaveView, "enabled">): FormSaveView {
  const left = view.effects.at(-1) === "back"
  const saving = view.busy && view.effects.at(-1) !== "saved"
  return {
    ...view,
    enabled: enabledWhen({
      "form.submit": !view.busy && !left,
      "form.edit": view.error !== null,
      "xstate.done.actor.save": saving,
      "xstate.error.actor.save": saving,
      // Saved: the 500 ms before going back run.
      "xstate.after.returnDelay.formSave.saved": view.effects.at(-1) === "saved",
    }),
  }
}

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
  initial: withEnabled({ busy: false, error: null, sent: [], effects: [] }),
  after: (view, event) => withEnabled(step(view, event)),
  observe: (sut) => sut,
}

function step(view: FormSaveView, event: AnyEventObject): Omit<FormSaveView, "enabled"> {
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
}
