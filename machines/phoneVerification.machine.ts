import { assign, fromPromise, setup } from "xstate"
import type { FailureBody } from "../src/api/requestError.ts"
import { PHONE_CODE, VERIFICATION_MESSAGES, type PhoneCodeSent, type PhoneVerified } from "../schemas/verification.ts"
import { errorBodyOf } from "./shared/rejections.ts"

export interface PhoneVerificationInput {
  /** The number on the profile; null: nothing to verify. */
  readonly phoneNumber: string | null
  readonly verified: boolean
  /** A code already sent and alive (the sign-up's, a new number's): how long until another may be asked. */
  readonly pending: { readonly resendWaitMs: number } | null
}

export interface PhoneVerificationContext {
  readonly phoneNumber: string | null
  /** What is typed in the code field: digits only, at most PHONE_CODE.digits. */
  readonly code: string
  readonly error: FailureBody | null
  /** Tries left on the code, as the gateway counted them after a wrong one. */
  readonly triesLeft: number | null
  /** How long after the last code another may be asked. */
  readonly resendWaitMs: number
  /** A code was sent (this session or before): a failed resend goes back to typing it. */
  readonly hasCode: boolean
  /** The number was verified when the screen opened. */
  readonly startedVerified: boolean
}

export type PhoneVerificationEvent =
  | { type: "phoneVerification.send" }
  | { type: "phoneVerification.type"; code: string }
  | { type: "phoneVerification.submit" }
  | { type: "phoneVerification.resend" }

const messageOf = (error: FailureBody | null) => error?.fields?.find((f) => f.name === "code")?.message
const triesLeftOf = (error: FailureBody): number | null => {
  const text = error.fields?.find((f) => f.name === "triesLeft")?.message
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : null
}
const DEAD: ReadonlyArray<string> = [VERIFICATION_MESSAGES.triesOver, VERIFICATION_MESSAGES.expired, VERIFICATION_MESSAGES.noCode]

/**
 * Proving the profile's phone number (issue 38): "Send a code" sends one by SMS; the 6 digits typed
 * are checked by the gateway. A wrong code says the tries left; a code dead (5 wrong tries, 10
 * minutes, or replaced) asks for a new one; another code may be asked only once the wait since the
 * last is over (60 s), counted down on screen. Refusals keep their translated field message.
 */
export const phoneVerificationMachine = setup({
  types: {
    input: {} as PhoneVerificationInput,
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
  },
  actors: {
    sendCode: fromPromise<PhoneCodeSent, void>(async () => {
      throw new Error("sendCode not provided")
    }),
    confirmCode: fromPromise<PhoneVerified, { code: string }>(async () => {
      throw new Error("confirmCode not provided")
    }),
  },
  delays: {
    resendDelay: ({ context }) => context.resendWaitMs,
  },
  guards: {
    noPhone: ({ context }) => context.phoneNumber === null,
    verifiedAlready: ({ context }) => context.startedVerified,
    codePending: ({ context }) => context.hasCode,
    codeComplete: ({ context }) => new RegExp(`^[0-9]{${PHONE_CODE.digits}}$`).test(context.code),
    refusedAsVerified: (_, params: { error: FailureBody }) => messageOf(params.error) === VERIFICATION_MESSAGES.alreadyVerified,
    hadCode: ({ context }) => context.hasCode,
    wrongCode: (_, params: { error: FailureBody }) => messageOf(params.error) === VERIFICATION_MESSAGES.wrongCode,
    deadCode: (_, params: { error: FailureBody }) => DEAD.includes(messageOf(params.error) ?? ""),
  },
  actions: {
    /** Refreshes the patient's record and says it is done; provided by the app. */
    onVerified: () => {},
    typeCode: assign({
      code: (_, params: { code: string }) => params.code.replace(/[^0-9]/g, "").slice(0, PHONE_CODE.digits),
    }),
  },
}).createMachine({
  id: "phoneVerification",
  context: ({ input }) => ({
    phoneNumber: input.phoneNumber,
    code: "",
    error: null,
    triesLeft: null,
    resendWaitMs: input.pending?.resendWaitMs ?? 0,
    hasCode: input.pending !== null,
    startedVerified: input.verified,
  }),
  initial: "starting",
  states: {
    starting: {
      always: [
        { guard: "noPhone", target: "noPhone" },
        { guard: "verifiedAlready", target: "verified" },
        { guard: "codePending", target: "codeSent" },
        { target: "unverified" },
      ],
    },
    /** No number on the profile: nothing to prove. */
    noPhone: {},
    unverified: {
      on: { "phoneVerification.send": { target: "sending" } },
    },
    sending: {
      invoke: {
        id: "sendCode",
        src: "sendCode",
        onDone: {
          target: "codeSent",
          actions: assign({
            code: "",
            error: null,
            triesLeft: null,
            hasCode: true,
            resendWaitMs: ({ event }) => event.output.resendAfterSeconds * 1000,
          }),
        },
        onError: [
          { guard: { type: "refusedAsVerified", params: ({ event }) => ({ error: errorBodyOf(event.error) }) }, target: "verified" },
          {
            guard: "hadCode",
            target: "codeSent",
            actions: assign({
              error: ({ event }) => errorBodyOf(event.error),
              // Refused for coming too soon: the full wait again; else another may be asked at once.
              resendWaitMs: ({ event }) => (messageOf(errorBodyOf(event.error)) === VERIFICATION_MESSAGES.resendWait ? PHONE_CODE.resendSeconds * 1000 : 0),
            }),
          },
          { target: "unverified", actions: assign({ error: ({ event }) => errorBodyOf(event.error) }) },
        ],
      },
    },
    codeSent: {
      type: "parallel",
      states: {
        entry: {
          initial: "typing",
          states: {
            typing: {
              on: {
                "phoneVerification.type": { actions: { type: "typeCode", params: ({ event }) => ({ code: event.code }) } },
                "phoneVerification.submit": { guard: "codeComplete", target: "confirming", actions: assign({ error: null }) },
              },
            },
            confirming: {
              invoke: {
                id: "confirmCode",
                src: "confirmCode",
                input: ({ context }) => ({ code: context.code }),
                onDone: { target: "#phoneVerification.verified", actions: "onVerified" },
                onError: [
                  {
                    guard: { type: "wrongCode", params: ({ event }) => ({ error: errorBodyOf(event.error) }) },
                    target: "typing",
                    actions: assign({
                      code: "",
                      error: ({ event }) => errorBodyOf(event.error),
                      triesLeft: ({ event }) => triesLeftOf(errorBodyOf(event.error)),
                    }),
                  },
                  {
                    guard: { type: "deadCode", params: ({ event }) => ({ error: errorBodyOf(event.error) }) },
                    target: "dead",
                    actions: assign({ code: "", error: ({ event }) => errorBodyOf(event.error), triesLeft: null }),
                  },
                  { target: "typing", actions: assign({ error: ({ event }) => errorBodyOf(event.error) }) },
                ],
              },
            },
            /** The code can no longer work: only a new one helps. */
            dead: {},
          },
        },
        resend: {
          initial: "waiting",
          states: {
            waiting: { after: { resendDelay: "ready" } },
            ready: { on: { "phoneVerification.resend": { target: "#phoneVerification.sending" } } },
          },
        },
      },
    },
    verified: { type: "final" },
  },
})
