import { assign, fromPromise, setup } from "xstate"
import type { Appointment } from "../schemas/appointment.ts"
import type { ApiErrorBody } from "../schemas/errors.ts"
import type { AppointmentId } from "../schemas/ids.ts"
import { errorBodyOf } from "./shared/rejections.ts"

export interface NoShowMarkInput {
  readonly appointmentId: AppointmentId
}

export interface NoShowMarkContext extends NoShowMarkInput {
  error: ApiErrorBody | null
}

export type NoShowMarkEvent = { type: "noShow.request" } | { type: "noShow.confirm" } | { type: "noShow.dismiss" }

/**
 * The doctor marks a past appointment "patient absent" (issue 40): a confirmation first, since
 * it cannot be undone and keeps a paid deposit; then PUT /appointments/{id}/no-show. A failure
 * stays in the dialog with the gateway's reason and may be retried or dismissed. Marking the
 * same appointment twice is the same request, so a retry after a lost answer is harmless.
 */
export const noShowMarkMachine = setup({
  types: {
    context: {} as NoShowMarkContext,
    events: {} as NoShowMarkEvent,
    input: {} as NoShowMarkInput,
  },
  actors: {
    markNoShow: fromPromise<Appointment, NoShowMarkInput>(async () => {
      throw new Error("markNoShow not provided")
    }),
  },
  actions: {
    /** Puts the answer in the caches (the detail then says "Patient absent"); provided by the app. */
    onMarked: (_, _params: { appointment: Appointment }) => {},
    logFailure: (_, _params: { error: ApiErrorBody }) => {},
  },
}).createMachine({
  id: "noShowMark",
  context: ({ input }) => ({ ...input, error: null }),
  initial: "idle",
  states: {
    idle: {
      on: { "noShow.request": "confirming" },
    },
    confirming: {
      on: {
        "noShow.confirm": "marking",
        "noShow.dismiss": "idle",
      },
    },
    marking: {
      invoke: {
        id: "markNoShow",
        src: "markNoShow",
        input: ({ context }) => ({ appointmentId: context.appointmentId }),
        onDone: {
          target: "marked",
          actions: { type: "onMarked", params: ({ event }) => ({ appointment: event.output }) },
        },
        onError: {
          target: "failed",
          actions: [
            assign({ error: ({ event }) => errorBodyOf(event.error) }),
            { type: "logFailure", params: ({ event }) => ({ error: errorBodyOf(event.error) }) },
          ],
        },
      },
    },
    failed: {
      on: {
        "noShow.confirm": { target: "marking", actions: assign({ error: null }) },
        "noShow.dismiss": { target: "idle", actions: assign({ error: null }) },
      },
    },
    marked: { type: "final" },
  },
})
