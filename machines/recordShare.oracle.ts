import type { Actor, AnyEventObject } from "xstate"
import type { recordShareMachine } from "./recordShare.machine.ts"
import { enabledOf, enabledWhen } from "./testing/enabled.ts"
import type { SpecModel } from "./testing/specModel.ts"

/** What the doctor sees of the share dialog, and the (simulated) shares sent. */
export interface RecordShareView {
  /** closed; the email form; the form sending (Cancel disabled, Send loading); the shared message; the form with the failure message. */
  readonly dialog: "closed" | "form" | "sending" | "shared" | "failed"
  /** The shares sent, each with its record and address. */
  readonly sent: ReadonlyArray<{ readonly recordId: string; readonly email: string }>
  /** Share opens a closed dialog; Send works on the form; Close, except while sending; the answer is awaited while sending. */
  readonly enabled: ReadonlyArray<string>
}

const PROBES = [
  { type: "share.open", recordId: "r" },
  { type: "share.send", email: "a@b.sn" },
  { type: "share.close" },
  { type: "xstate.done.actor.shareRecord" },
  { type: "xstate.error.actor.shareRecord", error: {} },
]

export interface RecordShareSut {
  readonly actor: Actor<typeof recordShareMachine>
  readonly sent: RecordShareView["sent"]
}

/** How ShareRecordDialog and PatientHistoryPage render each state of the flow. */
const DIALOG_OF: Record<string, RecordShareView["dialog"]> = { closed: "closed", editing: "form", sharing: "sending", shared: "shared", failed: "failed" }

/**
 * SPEC §2 "Patient medical history (doctor view): ... a share dialog ... not wired to a server. A
 * mock share failure shows 'Failed to share medical record. Please try again.'": the dialog opens
 * for one record, sends that record to the address typed, then says it is shared, or shows the
 * failure and lets the doctor send again; it can be closed except while sending.
 */
interface RecordShareState extends Omit<RecordShareView, "enabled"> {
  /** The record the dialog was opened for. */
  readonly recordId: string | null
}

export const recordShareModel: SpecModel<RecordShareState, RecordShareView, RecordShareSut> = {
  initial: { dialog: "closed", sent: [], recordId: null },
  after(state, event: AnyEventObject) {
    switch (event.type) {
      case "share.open":
        return { ...state, dialog: "form", recordId: event.recordId as string }
      case "share.send":
        return { ...state, dialog: "sending", sent: [...state.sent, { recordId: state.recordId!, email: event.email as string }] }
      case "share.close":
        return { ...state, dialog: "closed", recordId: null }
      case "xstate.done.actor.shareRecord":
        return { ...state, dialog: "shared" }
      case "xstate.error.actor.shareRecord":
        return { ...state, dialog: "failed" }
      default:
        return state
    }
  },
  view: ({ dialog, sent }) => ({
    dialog,
    sent,
    enabled: enabledWhen({
      "share.open": dialog === "closed",
      "share.send": dialog === "form" || dialog === "failed",
      "share.close": dialog !== "closed" && dialog !== "sending",
      "xstate.done.actor.shareRecord": dialog === "sending",
      "xstate.error.actor.shareRecord": dialog === "sending",
    }),
  }),
  observe: ({ actor, sent }) => ({ dialog: DIALOG_OF[String(actor.getSnapshot().value)]!, sent, enabled: enabledOf(actor.getSnapshot(), PROBES) }),
}
