import { assign, fromPromise, setup } from "xstate"
import { ContactMessage } from "../schemas/contact.ts"
import { decodeWithFields } from "../schemas/decode.ts"
import type { ContactRole } from "../schemas/enums.ts"
import type { ApiErrorBody } from "../schemas/errors.ts"
import { errorBodyOf } from "./shared/rejections.ts"

export interface ContactFormValues {
  readonly firstName: string
  readonly lastName: string
  readonly role: ContactRole | ""
  readonly email: string
  readonly phone: string
  readonly message: string
}

export const EMPTY_CONTACT: ContactFormValues = { firstName: "", lastName: "", role: "", email: "", phone: "", message: "" }

/**
 * The message the form sends: an empty phone is no phone (it is optional, SPEC §5); the schema
 * wants E.164. The local-number helpers of schemas/phone.ts stay out of the landing page's budget.
 */
export function contactMessageOf({ phone, ...rest }: ContactFormValues): unknown {
  return phone.trim() === "" ? rest : { ...rest, phone: phone.trim() }
}

/** Field errors (validation.* keys by field name), empty when the form can be sent. */
export function contactFormErrors(values: ContactFormValues): Record<string, string> {
  const result = decodeWithFields(ContactMessage, contactMessageOf(values))
  return result.ok ? {} : Object.fromEntries(result.fields.map((f) => [f.name, f.message]))
}

export interface ContactFormContext {
  values: ContactFormValues
  /** Shown next to the fields once a send was attempted. */
  errors: Record<string, string>
}

export type ContactFormEvent = { type: "contact.change"; values: Partial<ContactFormValues> } | { type: "contact.submit" }

/**
 * The contact form (SPEC §2, §5, §8): errors appear once a send is tried and follow the typing
 * after that; a valid form is sent; success clears the fields with the "message sent" toast,
 * failure keeps what was typed with the "failed to send" toast (and the gateway's field errors).
 */
export const contactFormMachine = setup({
  types: { context: {} as ContactFormContext, events: {} as ContactFormEvent },
  actors: {
    sendMessage: fromPromise<unknown, { values: ContactFormValues }>(async () => {
      throw new Error("sendMessage not provided")
    }),
  },
  actions: {
    notifySent: () => {},
    /** The failure toast (SPEC §8 "failed to send message", or Promed briefly unavailable); provided by the app. */
    notifyFailed: (_, _params: { error: ApiErrorBody }) => {},
    change: assign({ values: ({ context }, params: { values: Partial<ContactFormValues> }) => ({ ...context.values, ...params.values }) }),
    check: assign({ errors: ({ context }) => contactFormErrors(context.values) }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(contactFormErrors(context.values)).length === 0,
  },
}).createMachine({
  id: "contactForm",
  context: { values: EMPTY_CONTACT, errors: {} },
  initial: "editing",
  states: {
    editing: {
      initial: "fresh",
      states: {
        fresh: {
          on: { "contact.change": { actions: { type: "change", params: ({ event }) => ({ values: event.values }) } } },
        },
        checked: {
          on: { "contact.change": { actions: [{ type: "change", params: ({ event }) => ({ values: event.values }) }, "check"] } },
        },
      },
      on: {
        // A new send clears what the last refusal said; the gateway's answer decides again.
        "contact.submit": [
          { guard: "isValid", target: "sending", actions: assign({ errors: {} }) },
          { target: ".checked", actions: "check" },
        ],
      },
    },
    sending: {
      invoke: {
        id: "sendMessage",
        src: "sendMessage",
        input: ({ context }) => ({ values: context.values }),
        onDone: { target: "editing.fresh", actions: [assign({ values: EMPTY_CONTACT, errors: {} }), "notifySent"] },
        onError: {
          target: "editing.checked",
          actions: [
            assign({
              errors: ({ context, event }) => ({
                ...contactFormErrors(context.values),
                ...Object.fromEntries((errorBodyOf(event.error).fields ?? []).map((f) => [f.name.replace(/^data\.context\./, ""), f.message])),
              }),
            }),
            { type: "notifyFailed", params: ({ event }) => ({ error: errorBodyOf(event.error) }) },
          ],
        },
      },
    },
  },
})
