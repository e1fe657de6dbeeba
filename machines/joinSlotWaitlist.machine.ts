import { assign, fromPromise, setup } from "xstate"
import { decodeWithFields } from "../schemas/decode.ts"
import type { ApiErrorBody, FieldError } from "../schemas/errors.ts"
import type { DoctorId } from "../schemas/ids.ts"
import { JoinSlotWaitlistRequest, waitlistRangeErrors, type SlotWaitlistEntry, type WaitlistMode } from "../schemas/slotWaitlist.ts"
import { SELF } from "./bookingWizard.machine.ts"
import { errorBodyOf } from "./shared/rejections.ts"

/** What the join dialog holds, as typed. */
export interface JoinForm {
  readonly forWhom: string
  readonly mode: WaitlistMode
  readonly appointmentId: string
  readonly fromDate: string
  readonly toDate: string
}

export interface JoinSlotWaitlistInput {
  readonly doctorId: DoctorId
  /** Today where the doctor works (yyyy-MM-dd): a range may not start before it. */
  readonly today: string
  readonly form: JoinForm
}

export interface JoinSlotWaitlistContext extends JoinSlotWaitlistInput {
  /** The errors shown under their fields, by form field (after a refused Join, or the gateway's). */
  errors: ReadonlyArray<FieldError>
  /** The gateway's refusal that names no field of the form, said above the buttons. */
  failure: ApiErrorBody | null
}

export type JoinSlotWaitlistEvent = { type: "waitlist.edit"; change: Partial<JoinForm> } | { type: "waitlist.submit" } | { type: "waitlist.close" }

/** The body of POST /slot-waitlists for what the form holds: only the fields its mode needs. */
export function joinRequestOf(doctorId: DoctorId, form: JoinForm): Record<string, unknown> {
  const who = { doctorId, dependantId: form.forWhom === SELF ? null : form.forWhom, mode: form.mode }
  if (form.mode === "EARLIER_THAN_APPOINTMENT") return form.appointmentId ? { ...who, appointmentId: form.appointmentId } : who
  return { ...who, ...(form.fromDate ? { fromDate: form.fromDate } : {}), ...(form.toDate ? { toDate: form.toDate } : {}) }
}

/** The form field a request field's error is shown under: who waits (duplicate, someone else's dependant), or the field itself. */
const FIELD_OF: Record<string, keyof JoinForm> = {
  doctorId: "forWhom",
  dependantId: "forWhom",
  appointmentId: "appointmentId",
  fromDate: "fromDate",
  toDate: "toDate",
  mode: "mode",
}

const onForm = (fields: ReadonlyArray<FieldError>): FieldError[] =>
  fields.flatMap((f) => (FIELD_OF[f.name] ? [{ name: FIELD_OF[f.name]!, message: f.message }] : []))

type Checked = { ok: true; request: JoinSlotWaitlistRequest } | { ok: false; errors: FieldError[] }

/** The shared schema's verdict, then the range's rules against today (the gateway asks the same two). */
export function checkJoin(input: Pick<JoinSlotWaitlistInput, "doctorId" | "today" | "form">): Checked {
  const decoded = decodeWithFields(JoinSlotWaitlistRequest, joinRequestOf(input.doctorId, input.form))
  if (!decoded.ok) return { ok: false, errors: onForm(decoded.fields) }
  const range = decoded.value.mode === "BETWEEN_DATES" ? waitlistRangeErrors(decoded.value, input.today) : []
  return range.length > 0 ? { ok: false, errors: onForm(range) } : { ok: true, request: decoded.value }
}

const errorsOf = (context: JoinSlotWaitlistContext, form: JoinForm = context.form): FieldError[] => {
  const checked = checkJoin({ ...context, form })
  return checked.ok ? [] : checked.errors
}

/**
 * Joining a doctor's freed-slot waitlist (issue 14): the form is edited freely; Join checks it
 * (the errors then follow each change, what was typed kept) and sends it; the gateway's refusals
 * show under their fields, or above the buttons when they name none; joined closes with a toast.
 */
export const joinSlotWaitlistMachine = setup({
  types: {
    context: {} as JoinSlotWaitlistContext,
    events: {} as JoinSlotWaitlistEvent,
    input: {} as JoinSlotWaitlistInput,
  },
  actors: {
    joinWaitlist: fromPromise<SlotWaitlistEntry, JoinSlotWaitlistRequest>(async () => {
      throw new Error("joinWaitlist not provided")
    }),
  },
  actions: {
    /** Refreshes the patient's waitlists, says so and closes the dialog; provided by the app. */
    onJoined: (_, _params: { entry: SlotWaitlistEntry }) => {},
    /** Closes the dialog without joining; provided by the app. */
    onClosed: () => {},
  },
  guards: {
    formValid: ({ context }) => checkJoin(context).ok,
  },
}).createMachine({
  id: "joinSlotWaitlist",
  context: ({ input }) => ({ ...input, errors: [], failure: null }),
  initial: "editing",
  states: {
    editing: {
      initial: "fresh",
      on: {
        "waitlist.close": "closed",
        "waitlist.submit": [
          { guard: "formValid", target: "submitting", actions: assign({ errors: [], failure: null }) },
          { target: ".checked", actions: assign({ errors: ({ context }) => errorsOf(context), failure: null }) },
        ],
      },
      states: {
        /** Nothing said yet: errors wait for the first Join. */
        fresh: {
          on: { "waitlist.edit": { actions: assign({ form: ({ context, event }) => ({ ...context.form, ...event.change }) }) } },
        },
        /** After a refused Join: each change is checked again at once (the gateway's errors go with it). */
        checked: {
          on: {
            "waitlist.edit": {
              actions: assign(({ context, event }) => {
                const form = { ...context.form, ...event.change }
                return { form, errors: errorsOf(context, form), failure: null }
              }),
            },
          },
        },
      },
    },
    submitting: {
      on: { "waitlist.close": "closed" },
      invoke: {
        id: "joinWaitlist",
        src: "joinWaitlist",
        input: ({ context }) => (checkJoin(context) as Extract<Checked, { ok: true }>).request,
        onDone: { target: "joined", actions: { type: "onJoined", params: ({ event }) => ({ entry: event.output }) } },
        onError: {
          target: "editing.checked",
          actions: assign(({ event }) => {
            const error = errorBodyOf(event.error)
            const errors = onForm(error.fields ?? [])
            return { errors, failure: errors.length === 0 ? error : null }
          }),
        },
      },
    },
    joined: { type: "final" },
    closed: { type: "final", entry: "onClosed" },
  },
})
