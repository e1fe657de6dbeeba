import { assertEvent, assign, fromPromise, setup } from "xstate"
import type { Appointment, CreateAppointmentRequest } from "../schemas/appointment.ts"
import { BookingDetails, chosenDependant } from "../schemas/appointment.ts"
import type { SlotHold, TimeSlot } from "../schemas/availability.ts"
import { decodeWithFields } from "../schemas/decode.ts"
import type { AppointmentType } from "../schemas/enums.ts"
import type { ApiErrorBody, FieldError } from "../schemas/errors.ts"
import { HOLD_RATE_REFUSAL } from "../schemas/limits.ts"
import { isBrieflyUnavailable, retryAfterSecondsOf } from "../src/api/requestError.ts"
import { newIdempotencyKey } from "./shared/idempotencyKey.ts"
import { errorBodyOf } from "./shared/rejections.ts"
import type { DependantId, DoctorId, PatientId } from "../schemas/ids.ts"
import type { DepositQuote, Payment } from "../schemas/payments.ts"

/** Where the wizard was opened from: it decides where the user lands after success (SPEC §2, §4). */
export type BookingOrigin = "search" | "profile" | "availability" | "doctor"

/** "self" books for the patient; any other value is the id of one of their dependants. */
export const SELF = "self"

export interface BookingDetailsDraft {
  forWhom: string
  reason: string
  appointmentType: AppointmentType | ""
}

/** The three steps, as the address names them (`?booking=2`). */
export type BookingStep = 1 | 2 | 3

/** What the tab keeps of an open wizard, so a reload or a trip to the login site finds it again. */
export interface BookingDraft {
  readonly origin: BookingOrigin
  readonly details: BookingDetailsDraft
  readonly slot: TimeSlot | null
}

export interface BookingWizardInput {
  readonly doctorId: DoctorId
  /** The patient the appointment is for (the signed-in patient, or a doctor's patient). */
  readonly patientId: PatientId
  /** HOME needs a primary home address (SPEC §4). */
  readonly homeAvailable: boolean
  readonly origin: BookingOrigin
  /** A slot already chosen in the availability list. */
  readonly initialSlot?: TimeSlot | null
  /** The draft kept for this tab, if any: its details and slot come back. */
  readonly draft?: BookingDraft | null
  /** The step the address asks for; the wizard opens on the earliest step the draft cannot skip. */
  readonly step?: BookingStep
}

export interface BookingWizardContext {
  readonly doctorId: DoctorId
  readonly patientId: PatientId
  readonly homeAvailable: boolean
  readonly origin: BookingOrigin
  details: BookingDetailsDraft
  /** Step 1 errors, shown once Next was pressed (SPEC §5: per field, plus a fix-the-following list). */
  errors: ReadonlyArray<FieldError>
  slot: TimeSlot | null
  /** The slot someone else booked first: its week is shown again when the user picks another. */
  takenSlot: TimeSlot | null
  /** Why the gateway refused the hold or the booking (its first field's message), as the grid or the review says it. */
  refusal: string | null
  /** The wait an outage answer asked for (its Retry-After), for the next automatic retry. */
  retryAfterSeconds: number | null
  appointment: Appointment | null
  /**
   * The booking being sent, or last sent, with its Idempotency-Key (issue 13): a retry of the
   * same booking (automatic after no answer or an outage answer, or the user's Retry) carries the
   * same key, so the gateway answers it with the first one's result instead of booking twice.
   */
  request: BookingRequest | null
  /** Automatic retries used for the current confirmation (after no answer, or an outage answer). */
  automaticRetries: number
  /**
   * The gateway's hold of the slot while the user reviews it (issue 14), or null: not (yet) held,
   * or the hold could not be made (the booking itself still refuses a slot taken meanwhile).
   */
  hold: SlotHold | null
  /** Said on the slot grid after a hold ended: it expired, or someone else holds the slot. */
  holdNotice: HoldNotice | null
  /** The step asked for on opening (the address's); used once, to choose the first step. */
  readonly openingStep: BookingStep
  /**
   * The deposit the reviewed booking owes (issue 40), as GET /payments/quote answered for its slot
   * and person; null while none is known to be owed (none asked, not answered yet, or no answer).
   * Confirming then pays it (POST /payments, then the provider's page) instead of booking.
   */
  deposit: Deposit | null
  /** The PENDING payment the gateway made, whose checkout page the browser goes to. */
  payment: Payment | null
}

/** A deposit owed to book: its amount, currency and why (the doctor asks it of all, or after a no-show). */
export type Deposit = NonNullable<DepositQuote["deposit"]>

/**
 * Why the wizard came back to the slot grid from the review on its own: the hold's time ran out,
 * someone else holds the slot (issue 14), or the gateway refused the hold with a reason the
 * booking would be refused for too (issue 38: limits, a waitlist offer pending), said before step 3.
 */
export type HoldNotice = "expired" | "refused" | "limited"

/**
 * POST /appointments as the wizard sends it: the body and its Idempotency-Key. With `payDeposit`
 * the same body goes to POST /payments (issue 40), under a key of its own (a key names one call).
 */
export interface BookingRequest {
  readonly body: CreateAppointmentRequest
  readonly idempotencyKey: string
  readonly payDeposit: boolean
}

/**
 * A failure with no answer at all (the gateway unreachable, killed or too slow, issue 13) or an
 * outage answer (503, issue 37) is retried this many times on its own before the user is told.
 */
export const AUTOMATIC_RETRIES = 2

export type BookingWizardEvent =
  | { type: "booking.update"; details: Partial<BookingDetailsDraft> }
  | { type: "booking.next" }
  | { type: "booking.back" }
  | { type: "booking.selectSlot"; slot: TimeSlot }
  | { type: "booking.confirm" }
  | { type: "booking.retry" }
  | { type: "booking.chooseAnotherSlot" }
  /** The address now names this step (Back, Forward, a link): the wizard follows if it can. */
  | { type: "booking.goToStep"; step: BookingStep }
  /** Cancel, Escape or the close button: the draft is dropped. */
  | { type: "booking.cancel" }

/** Step 1 field errors: the shared schema's, plus ONLINE (coming soon) and HOME without an address. */
export function detailsErrors(details: BookingDetailsDraft, homeAvailable: boolean): FieldError[] {
  const decoded = decodeWithFields(BookingDetails, details)
  const errors = decoded.ok ? [] : [...decoded.fields]
  if (details.appointmentType === "ONLINE") errors.push({ name: "appointmentType", message: "validation.onlineComingSoon" })
  if (details.appointmentType === "HOME" && !homeAvailable) errors.push({ name: "appointmentType", message: "validation.homeAddressRequired" })
  return errors
}

/** The step the wizard lands on when `wanted` is asked: step 2 needs valid details, step 3 a slot too. */
export function reachableStep(context: Pick<BookingWizardContext, "details" | "homeAvailable" | "slot">, wanted: BookingStep): BookingStep {
  if (wanted === 1 || detailsErrors(context.details, context.homeAvailable).length > 0) return 1
  return wanted === 3 && context.slot !== null ? 3 : 2
}

/** The step asked for: by the address (`booking.goToStep`), or on opening (the event is then the machine's start). */
const wantedStep = (context: BookingWizardContext, event: BookingWizardEvent): BookingStep =>
  event.type === "booking.goToStep" ? event.step : context.openingStep

/** The body of POST /appointments for what the wizard holds. */
export function bookingRequestOf(context: Pick<BookingWizardContext, "doctorId" | "patientId" | "details">, slot: TimeSlot): CreateAppointmentRequest {
  const { forWhom, reason, appointmentType } = context.details
  return {
    doctorId: context.doctorId,
    patientId: context.patientId,
    dependantId: forWhom === SELF ? null : chosenDependant(forWhom),
    timeSlotId: slot.id,
    appointmentTime: slot.startsAt,
    appointmentType: appointmentType as AppointmentType,
    healthcareFacilityId: slot.healthcareFacilityId,
    reason: reason.trim(),
  }
}

/**
 * A hold refused for a reason the booking would be refused for too (issue 38: limits, a waitlist
 * offer pending, no direct booking); HOLD_RATE refuses the hold only, so the review goes on.
 */
/** What the screens say of a refusal: the message of its first field, if it names one. */
const refusalOf = (error: ApiErrorBody): string | null => error.fields?.[0]?.message ?? null

const refusesTheBooking = (error: ApiErrorBody) => error.code === "BUSINESS_ERROR" && !error.fields?.some((field) => field.message === HOLD_RATE_REFUSAL)

const sameBody = (a: CreateAppointmentRequest, b: CreateAppointmentRequest) => JSON.stringify(a) === JSON.stringify(b)

/** The request for what the wizard holds: the last one's key when the booking and its call are the same, else a new key. */
export function keyedRequestOf(
  context: Pick<BookingWizardContext, "doctorId" | "patientId" | "details" | "request" | "deposit">,
  slot: TimeSlot,
): BookingRequest {
  const body = bookingRequestOf(context, slot)
  const payDeposit = context.deposit !== null
  if (context.request && context.request.payDeposit === payDeposit && sameBody(context.request.body, body)) return context.request
  return { body, idempotencyKey: newIdempotencyKey(), payDeposit }
}

/** Entering a step puts it in the address: pushed when the user moved there, replaced when the address asked. */
const showStep = (step: BookingStep) =>
  ({
    type: "showStep",
    params: ({ event }: { event: { type: string } }) => ({ step, replace: event.type === "booking.goToStep" || event.type === "xstate.init" }),
  }) as const

/** The draft as it stands, kept for the tab. */
const keepDraft = {
  type: "saveDraft",
  params: ({ context }: { context: BookingWizardContext }) => ({ draft: { origin: context.origin, details: context.details, slot: context.slot } }),
} as const

/** Lets the chosen slot's hold go (issue 14). */
const releaseHold = {
  type: "releaseHold",
  params: ({ context }: { context: BookingWizardContext }) => ({ timeSlotId: context.slot!.id }),
} as const

/** The failure of a sending actor, read once for its guards and actions. */
const failureOf = ({ event }: { event: { error: unknown } }) => ({ error: errorBodyOf(event.error) })

/**
 * How a booking sent (POST /appointments) or a deposit's payment started (POST /payments) fails:
 * the same rules for both, as both take the slot (issue 13's retries, 14's taken slot, 37's outage).
 */
const SENDING_FAILED = [
  {
    guard: { type: "retriable", params: failureOf },
    target: "retrying",
    // The failure is kept for its wait (an outage answer's Retry-After); the user still sees the booking being sent.
    actions: { type: "countRetry", params: failureOf },
  },
  { guard: { type: "slotTaken", params: failureOf }, target: "slotTaken", actions: ["loseTakenSlot", "refreshSlots", keepDraft] },
  {
    guard: { type: "unavailable", params: failureOf },
    target: "failed.unavailable",
    actions: [
      { type: "keepRefusal", params: failureOf },
      { type: "logFailure", params: failureOf },
    ],
  },
  {
    target: "failed.other",
    actions: [
      { type: "keepRefusal", params: failureOf },
      { type: "logFailure", params: failureOf },
    ],
  },
] as const

/**
 * The three-step booking wizard of SPEC §2 and §4: details, a slot of the week grid, review and
 * confirm. A slot taken meanwhile sends the user back to the grid with the slots refreshed.
 */
export const bookingWizardMachine = setup({
  types: {
    context: {} as BookingWizardContext,
    events: {} as BookingWizardEvent,
    input: {} as BookingWizardInput,
  },
  actors: {
    createAppointment: fromPromise<Appointment, BookingRequest>(async () => {
      throw new Error("createAppointment not provided")
    }),
    /** POST /time-slots/{id}/hold: the slot held for the user while they review it (issue 14). */
    holdSlot: fromPromise<SlotHold, { timeSlotId: TimeSlot["id"]; dependantId: DependantId | null }>(async () => {
      throw new Error("holdSlot not provided")
    }),
    /** GET /payments/quote: the deposit the reviewed booking owes, if any (issue 40). */
    quoteDeposit: fromPromise<DepositQuote, { doctorId: DoctorId; timeSlotId: TimeSlot["id"]; dependantId: DependantId | null }>(async () => {
      throw new Error("quoteDeposit not provided")
    }),
    /** POST /payments: the deposit's payment started, PENDING, with the provider's page (issue 40). */
    createPayment: fromPromise<Payment, BookingRequest>(async () => {
      throw new Error("createPayment not provided")
    }),
  },
  actions: {
    /** Sending starts: the request with its key (the last one's for the same booking), and a fresh count of automatic retries. */
    prepareRequest: assign({
      request: ({ context }) => keyedRequestOf(context, context.slot!),
      automaticRetries: 0,
    }),
    /** A failure to be retried on its own: one more automatic retry, after the wait it asked for. */
    countRetry: assign({
      automaticRetries: ({ context }) => context.automaticRetries + 1,
      retryAfterSeconds: (_, params: { error: ApiErrorBody }) => retryAfterSecondsOf(params.error),
    }),
    /** Someone booked the slot first: it is no longer chosen, and its week is shown again. */
    loseTakenSlot: assign({ takenSlot: ({ context }) => context.slot, slot: null, retryAfterSeconds: null }),
    /** What the failed review says of a refusal. */
    keepRefusal: assign({ refusal: (_, params: { error: ApiErrorBody }) => refusalOf(params.error), retryAfterSeconds: null }),
    /** Sends the browser to the provider's page to pay the deposit (issue 40); provided by the app. */
    goToCheckout: (_, _params: { url: string }) => {},
    /** Reloads the week grid's slots; provided by the app. */
    refreshSlots: () => {},
    /** Refreshes the session and shows the 8 s success toast; provided by the app. */
    announceSuccess: () => {},
    /** Logs a failed booking (SPEC §8: logged only); provided by the app. */
    logFailure: (_, _params: { error: ApiErrorBody }) => {},
    /** Closes the dialog and goes to /appointments, /profile or /doctor/appointments; provided by the app. */
    finish: (_, _params: { origin: BookingOrigin }) => {},
    /**
     * Puts the step in the address; provided by the app. A step the user moved to is a new
     * history entry (Back returns to the last one); a step the address asked for and could not
     * have is corrected in place (`replace`).
     */
    showStep: (_, _params: { step: BookingStep; replace: boolean }) => {},
    /** Keeps the draft for the tab (session storage, by doctor); provided by the app. */
    saveDraft: (_, _params: { draft: BookingDraft }) => {},
    /** Forgets the tab's draft: booked or cancelled; provided by the app. */
    clearDraft: () => {},
    /** Closes the dialog without booking; provided by the app. */
    close: () => {},
    /**
     * Lets the slot's hold go (DELETE /time-slots/{id}/hold, not awaited); provided by the app.
     * Sent on leaving the review other than by confirming, also while the hold is on its way.
     */
    releaseHold: (_, _params: { timeSlotId: TimeSlot["id"] }) => {},
  },
  guards: {
    detailsValid: ({ context }) => detailsErrors(context.details, context.homeAvailable).length === 0,
    slotSelectable: ({ event }) => {
      assertEvent(event, "booking.selectSlot")
      return event.slot.status === "AVAILABLE"
    },
    hasSlot: ({ context }) => context.slot !== null,
    /** The gateway said this booking owes a deposit: confirming pays it, never books directly (issue 40). */
    owesDeposit: ({ context }) => context.deposit !== null,
    /** The step asked for (the address's, or the opening one) can be shown: */
    reachesReview: ({ context, event }) => reachableStep(context, wantedStep(context, event)) === 3,
    reachesSlots: ({ context, event }) => reachableStep(context, wantedStep(context, event)) === 2,
    slotTaken: (_, params: { error: ApiErrorBody }) => params.error.code === "TIME_SLOT_ALREADY_BOOKED",
    /** The gateway will not let this user book that slot (issue 38), and says why. */
    holdRefusedForReason: (_, params: { error: ApiErrorBody }) => refusesTheBooking(params.error),
    /**
     * An automatic retry is left and the booking may go through if sent again: no answer came
     * (NETWORK_ERROR, TIMEOUT_ERROR; it may or may not have been saved), or the gateway said it is
     * briefly unavailable (503; nothing was saved).
     */
    retriable: ({ context }, params: { error: ApiErrorBody }) =>
      (params.error.code === "NETWORK_ERROR" || params.error.code === "TIMEOUT_ERROR" || isBrieflyUnavailable(params.error)) &&
      context.automaticRetries < AUTOMATIC_RETRIES,
    /** The gateway said it is briefly unavailable (503, issue 37): the user is told their input is kept. */
    unavailable: (_, params: { error: ApiErrorBody }) => isBrieflyUnavailable(params.error),
  },
  delays: {
    /** From the public profile the user lands on /profile after 500 ms (SPEC §9); elsewhere at once. */
    redirectDelay: ({ context }) => (context.origin === "profile" ? 500 : 0),
    /**
     * Before an automatic retry: the wait an outage answer asked for (its Retry-After, capped at
     * MAX_RETRY_AFTER_S), else a moment for the connection to come back (1 s, then 2 s).
     */
    retryDelay: ({ context }) => 1000 * (context.retryAfterSeconds ?? context.automaticRetries),
    /** The hold's time, as the gateway counted it when it answered (SLOT_HOLD_MINUTES). */
    holdExpiry: ({ context }) => 1000 * (context.hold?.expiresInSeconds ?? 0),
  },
}).createMachine({
  id: "bookingWizard",
  context: ({ input }) => ({
    doctorId: input.doctorId,
    patientId: input.patientId,
    homeAvailable: input.homeAvailable,
    origin: input.origin,
    details: input.draft ? { ...input.draft.details } : { forWhom: SELF, reason: "", appointmentType: "CLINIC" },
    errors: [],
    // A slot just picked in the availability list wins over the one the draft kept.
    slot: input.initialSlot?.status === "AVAILABLE" ? input.initialSlot : (input.draft?.slot ?? null),
    takenSlot: null,
    refusal: null,
    retryAfterSeconds: null,
    appointment: null,
    request: null,
    automaticRetries: 0,
    hold: null,
    holdNotice: null,
    openingStep: input.step ?? 1,
    deposit: null,
    payment: null,
  }),
  initial: "opening",
  states: {
    /** Chooses the first step: the one asked for, or the earliest one the draft cannot skip. */
    opening: {
      always: [{ guard: "reachesReview", target: "review" }, { guard: "reachesSlots", target: "slots" }, { target: "details" }],
    },
    details: {
      entry: [showStep(1), keepDraft],
      on: {
        "booking.cancel": "cancelled",
        "booking.update": {
          actions: [
            assign({
              details: ({ context, event }) => ({ ...context.details, ...event.details }),
              // An error goes away once its field is changed; the others stay until the next try.
              errors: ({ context, event }) => context.errors.filter((e) => !(e.name in event.details)),
            }),
            keepDraft,
          ],
        },
        "booking.goToStep": { target: "opening", reenter: true },
        "booking.next": [
          { guard: "detailsValid", target: "slots", actions: assign({ errors: [] }) },
          { actions: assign({ errors: ({ context }) => detailsErrors(context.details, context.homeAvailable) }) },
        ],
      },
    },
    slots: {
      entry: [showStep(2), keepDraft],
      // The notice of an ended hold is read on the grid; once the user moves on it has been said.
      exit: assign({ holdNotice: null, refusal: ({ context }) => (context.holdNotice === "limited" ? null : context.refusal) }),
      on: {
        "booking.cancel": "cancelled",
        "booking.goToStep": { target: "opening", reenter: true },
        "booking.selectSlot": { guard: "slotSelectable", actions: [assign({ slot: ({ event }) => event.slot, holdNotice: null }), keepDraft] },
        "booking.back": "details",
        "booking.next": { guard: "hasSlot", target: "review" },
      },
    },
    /**
     * Step 3. On entering, the gateway holds the slot for the user (issue 14) while they read and
     * confirm; the hold's time is counted down and, when it runs out, the user is told and goes
     * back to the grid, refreshed. Confirming does not wait for the hold: the booking is what
     * finally guarantees the slot. Meanwhile the gateway says whether this booking owes a deposit
     * (issue 40): if so, confirming pays it; without an answer, the booking goes as before and
     * the gateway, which refuses a booking owing a deposit, decides.
     */
    review: {
      // The deposit is asked again for each review: another slot or person may owe another.
      entry: [showStep(3), keepDraft, assign({ deposit: null })],
      // Whichever way the review is left, its hold is over for the wizard (booked, released or ended).
      exit: assign({ hold: null }),
      type: "parallel",
      on: {
        "booking.cancel": { target: "cancelled", actions: releaseHold },
        // The address naming step 3 again changes nothing (and keeps the hold); another step lets it go.
        "booking.goToStep": [
          { guard: "reachesReview", actions: showStep(3) },
          { target: "opening", reenter: true, actions: releaseHold },
        ],
        "booking.back": { target: "slots", actions: releaseHold },
        "booking.confirm": [
          { guard: "owesDeposit", target: "paying", actions: "prepareRequest" },
          { target: "booking", actions: "prepareRequest" },
        ],
      },
      states: {
        hold: {
          initial: "holding",
          states: {
            holding: {
              invoke: {
                id: "holdSlot",
                src: "holdSlot",
                input: ({ context }) => ({ timeSlotId: context.slot!.id, dependantId: bookingRequestOf(context, context.slot!).dependantId ?? null }),
                onDone: { target: "held", actions: assign({ hold: ({ event }) => event.output }) },
                onError: [
                  {
                    // Someone else holds or booked it: said on the grid, refreshed, the slot no longer chosen.
                    guard: { type: "slotTaken", params: ({ event }) => ({ error: errorBodyOf(event.error) }) },
                    target: "#bookingWizard.slots",
                    actions: [assign({ holdNotice: "refused", takenSlot: ({ context }) => context.slot, slot: null }), "refreshSlots"],
                  },
                  {
                    // Refused with a reason (issue 38): said on the grid, the slot no longer chosen.
                    guard: { type: "holdRefusedForReason", params: ({ event }) => ({ error: errorBodyOf(event.error) }) },
                    target: "#bookingWizard.slots",
                    actions: assign({
                      holdNotice: "limited",
                      refusal: ({ event }) => refusalOf(errorBodyOf(event.error)),
                      takenSlot: ({ context }) => context.slot,
                      slot: null,
                    }),
                  },
                  // No hold (no answer, a server error): the review goes on without a countdown.
                  { target: "unheld" },
                ],
              },
            },
            held: {
              after: {
                holdExpiry: {
                  // The time ran out: said on the grid, refreshed; the slot stays chosen, to hold again if still free.
                  target: "#bookingWizard.slots",
                  actions: [assign({ holdNotice: "expired" }), "refreshSlots"],
                },
              },
            },
            unheld: {},
          },
        },
        /** GET /payments/quote for this slot and person: a deposit owed, none, or no answer (then the gateway decides). */
        deposit: {
          initial: "quoting",
          states: {
            quoting: {
              invoke: {
                id: "quoteDeposit",
                src: "quoteDeposit",
                input: ({ context }) => ({
                  doctorId: context.doctorId,
                  timeSlotId: context.slot!.id,
                  dependantId: bookingRequestOf(context, context.slot!).dependantId ?? null,
                }),
                onDone: { target: "quoted", actions: assign({ deposit: ({ event }) => event.output.deposit }) },
                onError: { target: "unquoted" },
              },
            },
            quoted: {},
            unquoted: {},
          },
        },
      },
    },
    booking: {
      invoke: {
        id: "createAppointment",
        src: "createAppointment",
        input: ({ context }) => context.request!,
        onDone: { target: "success", actions: assign({ appointment: ({ event }) => event.output, refusal: null, retryAfterSeconds: null, request: null }) },
        onError: SENDING_FAILED,
      },
    },
    /** The deposit's payment being started (issue 40): the slot held for it, the provider's page next. */
    paying: {
      invoke: {
        id: "createPayment",
        src: "createPayment",
        input: ({ context }) => context.request!,
        onDone: { target: "checkout", actions: assign({ payment: ({ event }) => event.output, refusal: null, retryAfterSeconds: null }) },
        onError: SENDING_FAILED,
      },
    },
    /** Waiting to send the same request again, with the same key (still "sending" for the user). */
    retrying: {
      after: { retryDelay: [{ guard: "owesDeposit", target: "paying" }, { target: "booking" }] },
    },
    slotTaken: {
      on: {
        "booking.cancel": "cancelled",
        "booking.chooseAnotherSlot": "slots",
        "booking.goToStep": { target: "opening", reenter: true },
      },
    },
    /**
     * The booking did not go through; the review stays as it was (details, slot, hold), with Retry
     * (the same request and key again). What the user is told depends on why.
     */
    failed: {
      initial: "other",
      states: {
        /** Promed is briefly unavailable (503, after the automatic retries): the input is kept, try again in a moment. */
        unavailable: {},
        /** Any other failure: it did not go through, check the connection and try again. */
        other: {},
      },
      on: {
        // The hold made at the review may still be live: let it go when the user gives up.
        "booking.cancel": { target: "cancelled", actions: releaseHold },
        "booking.retry": [
          { guard: "owesDeposit", target: "paying", actions: "prepareRequest" },
          { target: "booking", actions: "prepareRequest" },
        ],
        // Back on the review, the slot is held again.
        "booking.back": { target: "review", actions: assign({ refusal: null }) },
        "booking.goToStep": { target: "opening", reenter: true, actions: [assign({ refusal: null }), releaseHold] },
      },
    },
    success: {
      entry: ["clearDraft", "announceSuccess"],
      after: { redirectDelay: "done" },
    },
    done: {
      type: "final",
      entry: { type: "finish", params: ({ context }) => ({ origin: context.origin }) },
    },
    /** Issue 40: the booking is now the payment's; the browser goes to the provider's page, and comes back to /payments/{id}. */
    checkout: {
      type: "final",
      entry: ["clearDraft", { type: "goToCheckout", params: ({ context }) => ({ url: context.payment!.checkoutUrl }) }],
    },
    cancelled: {
      type: "final",
      entry: ["clearDraft", "close"],
    },
  },
})
