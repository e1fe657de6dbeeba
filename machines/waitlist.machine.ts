import { assign, fromPromise, setup } from "xstate"
import { WaitlistEntry, type WaitlistRole } from "../schemas/waitlist.ts"
import { decodeWithFields } from "../schemas/decode.ts"

export interface WaitlistValues {
  readonly role: WaitlistRole
  readonly name: string
  readonly email: string
  /** Organisation or facility name: asked of everyone but patients. */
  readonly organization: string
  /** Asked of professionals only. */
  readonly speciality: string
  readonly phone: string
  readonly updates: boolean
}

export const emptyWaitlist = (role: WaitlistRole = "patient", email = ""): WaitlistValues => ({
  role,
  name: "",
  email,
  organization: "",
  speciality: "",
  phone: "",
  updates: true,
})

/** The entry as sent: blank optional fields, and fields the role does not ask, are left out. */
export function waitlistEntryOf(values: WaitlistValues): unknown {
  const { organization, speciality, phone, ...rest } = values
  return {
    ...rest,
    ...(values.role !== "patient" && organization.trim() ? { organization: organization.trim() } : {}),
    ...(values.role === "professional" && speciality.trim() ? { speciality: speciality.trim() } : {}),
    ...(phone.trim() ? { phone: phone.trim() } : {}),
  }
}

export function waitlistErrors(values: WaitlistValues): Record<string, string> {
  const result = decodeWithFields(WaitlistEntry, waitlistEntryOf(values))
  return result.ok ? {} : Object.fromEntries(result.fields.map((f) => [f.name, f.message]))
}

export interface WaitlistContext {
  values: WaitlistValues
  errors: Record<string, string>
}

export type WaitlistEvent =
  | { type: "waitlist.open"; role?: WaitlistRole; email?: string }
  | { type: "waitlist.change"; values: Partial<WaitlistValues> }
  | { type: "waitlist.submit" }
  | { type: "waitlist.close" }

/**
 * The waitlist modal (SPEC §2, §4): editing, submitting (a local stub: 1 s, 10% failure, no
 * server call), then the success box and closing with a reset 2 s later, or the error box with
 * everything typed kept for another try.
 */
export const waitlistMachine = setup({
  types: { context: {} as WaitlistContext, events: {} as WaitlistEvent },
  actors: {
    join: fromPromise<void, { entry: unknown }>(async () => {
      throw new Error("join not provided")
    }),
  },
  actions: {
    change: assign({ values: ({ context }, params: { values: Partial<WaitlistValues> }) => ({ ...context.values, ...params.values }) }),
    check: assign({ errors: ({ context }) => waitlistErrors(context.values) }),
    reset: assign({ values: emptyWaitlist(), errors: {} }),
  },
  guards: {
    isValid: ({ context }) => Object.keys(waitlistErrors(context.values)).length === 0,
  },
  delays: { closeAfterSuccess: 2000 },
}).createMachine({
  id: "waitlist",
  context: { values: emptyWaitlist(), errors: {} },
  initial: "closed",
  states: {
    closed: {
      on: {
        "waitlist.open": {
          target: "open",
          actions: assign({ values: ({ event }) => emptyWaitlist(event.role, event.email), errors: {} }),
        },
      },
    },
    open: {
      initial: "editing",
      states: {
        editing: {
          on: {
            "waitlist.change": {
              actions: [
                { type: "change", params: ({ event }) => ({ values: event.values }) },
                // A field's error goes once that field is edited; the others stay until the next try.
                assign({ errors: ({ context, event }) => Object.fromEntries(Object.entries(context.errors).filter(([name]) => !(name in event.values))) }),
              ],
            },
            "waitlist.submit": [{ guard: "isValid", target: "submitting" }, { actions: "check" }],
            "waitlist.close": { target: "#waitlist.closed", actions: "reset" },
          },
        },
        submitting: {
          invoke: {
            id: "join",
            src: "join",
            input: ({ context }) => ({ entry: waitlistEntryOf(context.values) }),
            onDone: "success",
            onError: "failure",
          },
        },
        failure: {
          on: {
            "waitlist.change": { target: "editing", actions: { type: "change", params: ({ event }) => ({ values: event.values }) } },
            "waitlist.submit": { guard: "isValid", target: "submitting" },
            "waitlist.close": { target: "#waitlist.closed", actions: "reset" },
          },
        },
        success: {
          after: { closeAfterSuccess: { target: "#waitlist.closed", actions: "reset" } },
          on: { "waitlist.close": { target: "#waitlist.closed", actions: "reset" } },
        },
      },
    },
  },
})

/** SPEC §4: the join is a local stub, 1 s long, failing one time in ten. */
export function waitlistStub(random: () => number = Math.random, delayMs = 1000) {
  return fromPromise<void, { entry: unknown }>(async () => {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    if (random() < 0.1) throw new Error("Failed to join waitlist")
  })
}
