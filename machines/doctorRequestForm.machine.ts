import { assign, fromPromise, setup } from "xstate"
import { decodeWithFields } from "../schemas/decode.ts"
import { DoctorRequestInput } from "../schemas/doctorRequest.ts"
import { normalizePhone } from "../schemas/phone.ts"
import { errorBodyOf } from "./shared/rejections.ts"
import type { ApiErrorBody } from "../schemas/errors.ts"

export interface DoctorRequestFormValues {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly phoneNumber: string
  readonly specialtyCode: string
  readonly refNumber: string
  /** "" when the doctor names no facility. */
  readonly facilityId: string
  readonly message: string
  readonly acceptTerms: boolean
}

export const EMPTY_DOCTOR_REQUEST: DoctorRequestFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  specialtyCode: "",
  refNumber: "",
  facilityId: "",
  message: "",
  acceptTerms: false,
}

/** The request the form sends: the phone in E.164 (a local number gets its country code), no empty facility or message. */
export function doctorRequestOf({ phoneNumber, facilityId, message, ...rest }: DoctorRequestFormValues): unknown {
  return {
    ...rest,
    phoneNumber: normalizePhone(phoneNumber),
    ...(facilityId ? { facilityId } : {}),
    ...(message.trim() ? { message } : {}),
  }
}

/** Field errors (message keys by field name), empty when the form can be sent. */
export function doctorRequestFormErrors(values: DoctorRequestFormValues): Record<string, string> {
  const result = decodeWithFields(DoctorRequestInput, doctorRequestOf(values))
  return result.ok ? {} : Object.fromEntries(result.fields.map((f) => [f.name, f.message]))
}

export interface DoctorRequestFormContext {
  values: DoctorRequestFormValues
  /** Shown under the fields once a send was attempted. */
  errors: Record<string, string>
}

export type DoctorRequestFormEvent = { type: "doctorRequest.change"; values: Partial<DoctorRequestFormValues> } | { type: "doctorRequest.submit" }

/**
 * The "Compte professionnel" request form (issue 11), after the contact form: errors appear once a
 * send is tried and follow the typing after that; a valid form is sent; success ends on the
 * "request sent" screen; a refusal keeps everything typed, with the gateway's field errors and a toast.
 */
export const doctorRequestFormMachine = setup({
  types: { context: {} as DoctorRequestFormContext, events: {} as DoctorRequestFormEvent },
  actors: {
    sendRequest: fromPromise<unknown, { values: DoctorRequestFormValues }>(async () => {
      throw new Error("sendRequest not provided")
    }),
  },
  actions: {
    /** The failure toast, in the words its code (or an outage answer) calls for; provided by the app. */
    notifyFailed: (_, _params: { error: ApiErrorBody }) => {},
    change: assign({ values: ({ context }, params: { values: Partial<DoctorRequestFormValues> }) => ({ ...context.values, ...params.values }) }),
    check: assign({ errors: ({ context }) => doctorRequestFormErrors(context.values) }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(doctorRequestFormErrors(context.values)).length === 0,
  },
}).createMachine({
  id: "doctorRequestForm",
  context: { values: EMPTY_DOCTOR_REQUEST, errors: {} },
  initial: "editing",
  states: {
    editing: {
      initial: "fresh",
      states: {
        fresh: {
          on: { "doctorRequest.change": { actions: { type: "change", params: ({ event }) => ({ values: event.values }) } } },
        },
        checked: {
          on: { "doctorRequest.change": { actions: [{ type: "change", params: ({ event }) => ({ values: event.values }) }, "check"] } },
        },
      },
      on: {
        "doctorRequest.submit": [
          { guard: "isValid", target: "sending", actions: assign({ errors: {} }) },
          { target: ".checked", actions: "check" },
        ],
      },
    },
    sending: {
      invoke: {
        id: "sendRequest",
        src: "sendRequest",
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: "sent" },
        onError: {
          target: "editing.checked",
          actions: [
            assign({
              errors: ({ context, event }) => ({
                ...doctorRequestFormErrors(context.values),
                ...Object.fromEntries((errorBodyOf(event.error).fields ?? []).map((f) => [f.name, f.message])),
              }),
            }),
            { type: "notifyFailed", params: ({ event }) => ({ error: errorBodyOf(event.error) }) },
          ],
        },
      },
    },
    sent: { type: "final" },
  },
})
