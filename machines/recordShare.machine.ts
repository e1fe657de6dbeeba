import { assign, fromPromise, setup } from "xstate"
import type { MedicalRecordId } from "../schemas/ids.ts"

export interface RecordShareContext {
  /** The record being shared, while the dialog is open. */
  recordId: MedicalRecordId | null
}

export type RecordShareEvent = { type: "share.open"; recordId: MedicalRecordId } | { type: "share.send"; email: string } | { type: "share.close" }

/**
 * The share dialog of the sample medical history (SPEC §2): open for a record, send (simulated,
 * no server), then shared, or failed with 'Failed to share medical record. Please try again.'
 */
export const recordShareMachine = setup({
  types: { context: {} as RecordShareContext, events: {} as RecordShareEvent },
  actors: {
    shareRecord: fromPromise<void, { recordId: MedicalRecordId; email: string }>(async () => {
      throw new Error("shareRecord not provided")
    }),
  },
}).createMachine({
  id: "recordShare",
  context: { recordId: null },
  initial: "closed",
  states: {
    closed: {
      entry: assign({ recordId: null }),
      on: { "share.open": { target: "editing", actions: assign({ recordId: ({ event }) => event.recordId }) } },
    },
    editing: {
      on: { "share.send": "sharing", "share.close": "closed" },
    },
    sharing: {
      invoke: {
        id: "shareRecord",
        src: "shareRecord",
        input: ({ context, event }) => ({ recordId: context.recordId!, email: event.type === "share.send" ? event.email : "" }),
        onDone: "shared",
        onError: "failed",
      },
    },
    shared: { on: { "share.close": "closed" } },
    failed: { on: { "share.send": "sharing", "share.close": "closed" } },
  },
})
