import { assign, fromPromise, setup } from "xstate"
import { Temporal } from "temporal-polyfill"
import type { Appointment } from "../schemas/appointment.ts"
import { changeAllowed } from "../schemas/limits.ts"
import type { ApiErrorBody } from "../schemas/errors.ts"
import { newIdempotencyKey } from "./shared/idempotencyKey.ts"
import { errorBodyOf } from "./shared/rejections.ts"
import type { AppointmentId } from "../schemas/ids.ts"

export interface CancelAppointmentInput {
  readonly appointmentId: AppointmentId
  /** UTC instant of the appointment. */
  readonly appointmentTime: string
}

export interface CancelAppointmentContext extends CancelAppointmentInput {
  error: ApiErrorBody | null
  /**
   * Sent as the Idempotency-Key of every attempt (issue 13): cancelling one appointment is always
   * the same request, so a retry after a lost answer gets the first answer back.
   */
  readonly idempotencyKey: string
}

/** PUT /appointments/cancel/{id} as the machine sends it. */
export interface CancelRequest {
  readonly appointmentId: AppointmentId
  readonly idempotencyKey: string
}

export type CancelAppointmentEvent = { type: "cancel.request" } | { type: "cancel.confirm" } | { type: "cancel.dismiss" }

/** True when the appointment is less than 24 hours away (or past): cancelling is refused, by the gateway too (schemas/limits.ts). */
export const insideNotice = (appointmentTime: string, now: Temporal.Instant = Temporal.Now.instant()): boolean =>
  !changeAllowed(Temporal.Instant.from(appointmentTime).epochMilliseconds, now.epochMilliseconds)

/**
 * The cancellation confirmation of SPEC §4: 'Are you sure…?' with 'Yes, Cancel' and 'No, Keep
 * It'. Inside 24 hours the policy is explained instead; the gateway's CANCELLATION_RESTRICTED
 * lands in the same state. Failures are logged only (SPEC §8) and may be retried.
 */
export const cancelAppointmentMachine = setup({
  types: {
    context: {} as CancelAppointmentContext,
    events: {} as CancelAppointmentEvent,
    input: {} as CancelAppointmentInput,
  },
  actors: {
    cancelAppointment: fromPromise<Appointment, CancelRequest>(async () => {
      throw new Error("cancelAppointment not provided")
    }),
  },
  actions: {
    /** Refreshes lists and session, says it is done, and (doctors) returns to the list; provided by the app. */
    onCanceled: (_, _params: { appointment: Appointment }) => {},
    logFailure: (_, _params: { error: ApiErrorBody }) => {},
  },
  guards: {
    insideNotice: ({ context }) => insideNotice(context.appointmentTime),
    restrictedByServer: (_, params: { error: ApiErrorBody }) => params.error.code === "CANCELLATION_RESTRICTED",
  },
}).createMachine({
  id: "cancelAppointment",
  context: ({ input }) => ({ ...input, error: null, idempotencyKey: newIdempotencyKey() }),
  initial: "idle",
  states: {
    idle: {
      on: {
        "cancel.request": [{ guard: "insideNotice", target: "restricted" }, { target: "confirming" }],
      },
    },
    confirming: {
      on: {
        "cancel.confirm": "canceling",
        "cancel.dismiss": "idle",
      },
    },
    canceling: {
      invoke: {
        id: "cancelAppointment",
        src: "cancelAppointment",
        input: ({ context }) => ({ appointmentId: context.appointmentId, idempotencyKey: context.idempotencyKey }),
        onDone: {
          target: "canceled",
          actions: { type: "onCanceled", params: ({ event }) => ({ appointment: event.output }) },
        },
        onError: [
          { guard: { type: "restrictedByServer", params: ({ event }) => ({ error: errorBodyOf(event.error) }) }, target: "restricted" },
          {
            target: "failed",
            actions: [
              assign({ error: ({ event }) => errorBodyOf(event.error) }),
              { type: "logFailure", params: ({ event }) => ({ error: errorBodyOf(event.error) }) },
            ],
          },
        ],
      },
    },
    restricted: {
      on: { "cancel.dismiss": "idle" },
    },
    failed: {
      on: {
        "cancel.confirm": { target: "canceling", actions: assign({ error: null }) },
        "cancel.dismiss": { target: "idle", actions: assign({ error: null }) },
      },
    },
    canceled: { type: "final" },
  },
})
