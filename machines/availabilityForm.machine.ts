import { assign, fromPromise, setup } from "xstate"
import { type Availability, AvailabilityInput } from "../schemas/availability.ts"
import { decodeWithFields } from "../schemas/decode.ts"
import type { DayOfWeek } from "../schemas/enums.ts"
import type { ApiErrorBody, ErrorCode } from "../schemas/errors.ts"
import { errorBodyOf } from "./shared/rejections.ts"
import type { DoctorId, FacilityId } from "../schemas/ids.ts"

export interface AvailabilityFormValues {
  readonly dayOfWeek: DayOfWeek
  readonly startTime: string
  readonly endTime: string
  readonly isRecurring: boolean
  /** NaN while the field is empty. */
  readonly slotDurationMinutes: number
  readonly healthcareFacilityId: FacilityId | null
}

/** SPEC §5 and §9: 09:00 to 17:00, 30-minute slots, repeating weekly. */
export const AVAILABILITY_DEFAULTS = { startTime: "09:00", endTime: "17:00", isRecurring: true, slotDurationMinutes: 30 } as const

export interface AvailabilityFormInput {
  readonly doctorId: DoctorId
  /** The weekday the doctor was looking at. */
  readonly dayOfWeek: DayOfWeek
  /** The doctor's first facility, if any. */
  readonly healthcareFacilityId: FacilityId | null
}

export interface AvailabilityFormContext {
  readonly doctorId: DoctorId
  values: AvailabilityFormValues
  /** Why the gateway refused the last submission. */
  refusal: ErrorCode | null
  created: Availability | null
}

export type AvailabilityFormEvent =
  { type: "availability.change"; values: Partial<AvailabilityFormValues> } | { type: "availability.submit" } | { type: "availability.cancel" }

/** Field errors of the form (validation.* keys by field name); empty when it can be sent. */
export function availabilityFormErrors(values: AvailabilityFormValues): Record<string, string> {
  const result = decodeWithFields(AvailabilityInput, values)
  return result.ok ? {} : Object.fromEntries(result.fields.map((f) => [f.name, f.message]))
}

/**
 * The add-availability form of SPEC §5: pristine until a change, dirty after (the generic
 * form-errors message shows only then), submit only while valid, and a refusal from the gateway
 * (an overlap, for one) keeps what was typed. Ends with the created availability, or null when
 * cancelled.
 */
export const availabilityFormMachine = setup({
  types: {
    context: {} as AvailabilityFormContext,
    events: {} as AvailabilityFormEvent,
    input: {} as AvailabilityFormInput,
    output: {} as Availability | null,
  },
  actors: {
    createAvailability: fromPromise<Availability, { doctorId: DoctorId; values: AvailabilityFormValues }>(async () => {
      throw new Error("createAvailability not provided")
    }),
  },
  actions: {
    /** The red toast of SPEC §8; provided by the screen. */
    notifyFailure: (_, _params: { error: ApiErrorBody }) => {},
  },
  guards: {
    isValid: ({ context }) => Object.keys(availabilityFormErrors(context.values)).length === 0,
  },
}).createMachine({
  id: "availabilityForm",
  context: ({ input }) => ({
    doctorId: input.doctorId,
    values: { ...AVAILABILITY_DEFAULTS, dayOfWeek: input.dayOfWeek, healthcareFacilityId: input.healthcareFacilityId },
    refusal: null,
    created: null,
  }),
  initial: "editing",
  states: {
    editing: {
      initial: "pristine",
      on: {
        "availability.change": {
          target: ".dirty",
          actions: assign({ values: ({ context, event }) => ({ ...context.values, ...event.values }), refusal: null }),
        },
        "availability.submit": { guard: "isValid", target: "submitting" },
        "availability.cancel": "cancelled",
      },
      states: {
        pristine: {},
        dirty: {},
        refused: {},
      },
    },
    submitting: {
      invoke: {
        id: "createAvailability",
        src: "createAvailability",
        input: ({ context }) => ({ doctorId: context.doctorId, values: context.values }),
        onDone: { target: "saved", actions: assign({ created: ({ event }) => event.output }) },
        onError: {
          target: "editing.refused",
          actions: [
            assign({ refusal: ({ event }) => errorBodyOf(event.error).code }),
            { type: "notifyFailure", params: ({ event }) => ({ error: errorBodyOf(event.error) }) },
          ],
        },
      },
    },
    saved: { type: "final" },
    cancelled: { type: "final" },
  },
  output: ({ context }) => context.created,
})
