import { assign, fromPromise, setup } from "xstate"

export type UssdLanguage = "fr" | "en" | "ar"
/** The caller's country, by the number's prefix (+221 Senegal, +235 Chad). */
export type UssdCountry = "SN" | "TD"

/** One line of a list screen: what the choice stands for, and how it reads on the phone. */
export interface UssdOption {
  readonly id: string
  readonly label: string
}

/** What a booked visit's last screen and SMS say. */
export interface UssdBooked {
  readonly when: string
  readonly doctor: string
  readonly place: string
}

/** Why a screen is shown again or another in its place: said on top of it. */
export type UssdNotice = "invalidChoice" | "invalidName" | "slotTaken" | "refused" | "nothingFound" | null

/**
 * Choices per page: a page must fit one USSD screen, 182 GSM-7 characters in French and English,
 * 80 in Arabic (UCS-2 takes two octets a character); server/ussd/screens.ts cuts labels to fit.
 */
export const USSD_PAGE_SIZE: Readonly<Record<UssdLanguage, number>> = { fr: 4, en: 4, ar: 2 }

/** The keys every list and confirmation reads (issue 41): `1` the first choice or yes, `0` more, `00` back. */
export const USSD_KEYS = { yes: "1", more: "0", back: "00" } as const

const NAME_MAX = 50
/** A name typed on a keypad: letters, spaces, hyphens and apostrophes, 2 to 50 of them. */
const NAME = /^[\p{L}][\p{L}' -]{1,49}$/u

export interface UssdInput {
  readonly language: UssdLanguage
  readonly country: UssdCountry
  /** A patient account has the caller's verified number: the menu books for it and its dependants. */
  readonly hasAccount: boolean
}

export interface UssdContext extends UssdInput {
  /** The list on screen, and where its page starts. */
  readonly list: ReadonlyArray<UssdOption>
  readonly offset: number
  readonly place: UssdOption | null
  readonly specialty: UssdOption | null
  readonly doctor: UssdOption | null
  readonly slot: UssdOption | null
  /** The account or one of its dependants; null while the caller has no account (a name is asked). */
  readonly person: UssdOption | null
  readonly firstName: string
  readonly lastName: string
  readonly appointment: UssdOption | null
  readonly booked: UssdBooked | null
  readonly notice: UssdNotice
}

/** The caller's one input of this request (the aggregator's `text`, after its last `*`). */
export type UssdEvent = { type: "ussd.input"; value: string }

/** `refused`: the booking's rules said no for this person (issue 38: one visit a day with a doctor, the limits). */
export type BookOutcome = { readonly outcome: "booked"; readonly booked: UssdBooked } | { readonly outcome: "taken" } | { readonly outcome: "refused" }

/** What each of the gateway's reads and writes takes and answers. */
export interface UssdActorIO {
  loadPlaces: { input: { country: UssdCountry }; output: UssdOption[] }
  loadSpecialties: { input: { place: UssdOption }; output: UssdOption[] }
  loadDoctors: { input: { place: UssdOption; specialty: UssdOption }; output: UssdOption[] }
  loadSlots: { input: { place: UssdOption; doctor: UssdOption }; output: UssdOption[] }
  holdSlot: { input: { slot: UssdOption }; output: "held" | "taken" | "refused" }
  loadPersons: { input: Record<string, never>; output: UssdOption[] }
  book: { input: { slot: UssdOption; person: UssdOption | null; firstName: string; lastName: string }; output: BookOutcome }
  loadAppointments: { input: Record<string, never>; output: UssdOption[] }
  cancel: { input: { appointment: UssdOption }; output: "cancelled" | "tooLate" }
  saveLanguage: { input: { language: UssdLanguage }; output: void }
}

const unimplemented = <K extends keyof UssdActorIO>(name: K) =>
  fromPromise<UssdActorIO[K]["output"], UssdActorIO[K]["input"]>(() => {
    throw new Error(`ussdBooking: the gateway provides ${name}`)
  })

type Input = { context: UssdContext; event: UssdEvent }
const valueOf = ({ event }: Input) => event.value.trim()
const shownCount = (context: UssdContext) => Math.min(USSD_PAGE_SIZE[context.language], context.list.length - context.offset)
/** The option the input picks on the page shown, if it picks one. */
export function pickedOption(context: UssdContext, value: string): UssdOption | null {
  if (!/^[1-9]$/.test(value)) return null
  const n = Number(value)
  return n <= shownCount(context) ? context.list[context.offset + n - 1]! : null
}
const picked = (input: Input) => pickedOption(input.context, valueOf(input))!

type Loaded = { event: { output: ReadonlyArray<UssdOption> } }
/** A list read: its screen when something was found, else back to `none`, saying nothing was found. */
const listOrBack = (list: string, none: string) =>
  [
    { guard: { type: "foundNone", params: ({ event }: Loaded) => event.output }, target: none, actions: { type: "notice", params: "nothingFound" } },
    { target: list, actions: { type: "showList", params: ({ event }: Loaded) => event.output } },
  ] as const

/**
 * A list screen: `0` turns the page (when there is more), `00` goes back to `back`, a digit of the
 * page shown picks with `pick` and goes on to `next`; anything else says so and stays.
 */
const listScreen = (back: string, next: string, pick: "pickPlace" | "pickSpecialty" | "pickDoctor" | "pickSlot" | "pickPerson" | "pickAppointment") =>
  ({
    tags: ["screen"],
    on: {
      "ussd.input": [
        { guard: "wantsMore", actions: "nextPage" },
        { guard: { type: "pressed", params: USSD_KEYS.back }, target: back, actions: "clearNotice" },
        { guard: "picksOption", target: next, actions: pick },
        { actions: { type: "notice", params: "invalidChoice" } },
      ],
    },
  }) as const

/**
 * The USSD menu (issue 41) for one caller: book (place, specialty, doctor, slot, person, confirm),
 * see and cancel upcoming visits, emergency numbers, language. Each request of the aggregator
 * brings one input; the gateway restores the session's persisted snapshot (kept three minutes
 * under its session id, so any gateway answers the next step), sends `ussd.input`, waits for the
 * next screen (tag `screen`) or the end (a final state), draws it and keeps the snapshot again.
 * Reads and writes are the gateway's actors; a failure ends the session with "try again later".
 */
export const ussdBookingMachine = setup({
  types: {
    input: {} as UssdInput,
    context: {} as UssdContext,
    events: {} as UssdEvent,
  },
  actors: {
    loadPlaces: unimplemented("loadPlaces"),
    loadSpecialties: unimplemented("loadSpecialties"),
    loadDoctors: unimplemented("loadDoctors"),
    loadSlots: unimplemented("loadSlots"),
    holdSlot: unimplemented("holdSlot"),
    loadPersons: unimplemented("loadPersons"),
    book: unimplemented("book"),
    loadAppointments: unimplemented("loadAppointments"),
    cancel: unimplemented("cancel"),
    saveLanguage: unimplemented("saveLanguage"),
  },

  guards: {
    pressed: (input: Input, key: string) => valueOf(input) === key,
    wantsMore: (input) => valueOf(input) === USSD_KEYS.more && input.context.offset + USSD_PAGE_SIZE[input.context.language] < input.context.list.length,
    picksOption: (input) => pickedOption(input.context, valueOf(input)) !== null,
    isName: (input) => NAME.test(valueOf(input)),
    hasAccount: ({ context }) => context.hasAccount,
    foundNone: (_, output: ReadonlyArray<UssdOption>) => output.length === 0,
  },
  actions: {
    showList: assign((_, list: ReadonlyArray<UssdOption>) => ({ list, offset: 0 })),
    nextPage: assign(({ context }) => ({ offset: context.offset + USSD_PAGE_SIZE[context.language], notice: null })),
    clearNotice: assign({ notice: null }),
    notice: assign((_, notice: UssdNotice) => ({ notice })),
    pickPlace: assign((input: Input) => ({ place: picked(input), notice: null })),
    pickSpecialty: assign((input: Input) => ({ specialty: picked(input), notice: null })),
    pickDoctor: assign((input: Input) => ({ doctor: picked(input), notice: null })),
    pickSlot: assign((input: Input) => ({ slot: picked(input), notice: null })),
    pickPerson: assign((input: Input) => ({ person: picked(input), notice: null })),
    pickAppointment: assign((input: Input) => ({ appointment: picked(input), notice: null })),
    keepFirstName: assign((input: Input) => ({ firstName: valueOf(input).slice(0, NAME_MAX), notice: null })),
    keepLastName: assign((input: Input) => ({ lastName: valueOf(input).slice(0, NAME_MAX), notice: null })),
    keepBooked: assign((_, booked: UssdBooked) => ({ booked })),
    chooseLanguage: assign((input: Input) => ({ language: (["fr", "en", "ar"] as const)[Number(valueOf(input)) - 1]!, notice: null })),
  },
}).createMachine({
  id: "ussdBooking",
  context: ({ input }) => ({
    ...input,
    list: [],
    offset: 0,
    place: null,
    specialty: null,
    doctor: null,
    slot: null,
    person: null,
    firstName: "",
    lastName: "",
    appointment: null,
    booked: null,
    notice: null,
  }),
  initial: "menu",
  states: {
    menu: {
      tags: ["screen"],
      on: {
        "ussd.input": [
          { guard: { type: "pressed", params: "1" }, target: "loadingPlaces", actions: "clearNotice" },
          { guard: { type: "pressed", params: "2" }, target: "loadingAppointments", actions: "clearNotice" },
          { guard: { type: "pressed", params: "3" }, target: "emergency" },
          { guard: { type: "pressed", params: "4" }, target: "language", actions: "clearNotice" },
          { actions: { type: "notice", params: "invalidChoice" } },
        ],
      },
    },

    loadingPlaces: {
      invoke: {
        id: "loadPlaces",
        src: "loadPlaces",
        input: ({ context }) => ({ country: context.country }),
        onDone: listOrBack("places", "menu"),
        onError: "unavailable",
      },
    },
    places: listScreen("menu", "loadingSpecialties", "pickPlace"),

    loadingSpecialties: {
      invoke: {
        id: "loadSpecialties",
        src: "loadSpecialties",
        input: ({ context }) => ({ place: context.place! }),
        onDone: listOrBack("specialties", "loadingPlaces"),
        onError: "unavailable",
      },
    },
    specialties: listScreen("loadingPlaces", "loadingDoctors", "pickSpecialty"),

    loadingDoctors: {
      invoke: {
        id: "loadDoctors",
        src: "loadDoctors",
        input: ({ context }) => ({ place: context.place!, specialty: context.specialty! }),
        onDone: listOrBack("doctors", "loadingSpecialties"),
        onError: "unavailable",
      },
    },
    doctors: listScreen("loadingSpecialties", "loadingSlots", "pickDoctor"),

    loadingSlots: {
      invoke: {
        id: "loadSlots",
        src: "loadSlots",
        input: ({ context }) => ({ place: context.place!, doctor: context.doctor! }),
        onDone: listOrBack("slots", "loadingDoctors"),
        onError: "unavailable",
      },
    },
    slots: listScreen("loadingDoctors", "holding", "pickSlot"),

    /** The slot is held for the caller while they confirm, as in the wizard (issue 14). */
    holding: {
      invoke: {
        id: "holdSlot",
        src: "holdSlot",
        input: ({ context }) => ({ slot: context.slot! }),
        onDone: [
          { guard: ({ event }) => event.output === "taken", target: "loadingSlots", actions: { type: "notice", params: "slotTaken" } },
          { guard: ({ event }) => event.output === "refused", target: "loadingSlots", actions: { type: "notice", params: "refused" } },
          { guard: "hasAccount", target: "loadingPersons" },
          { target: "firstName" },
        ],
        onError: "unavailable",
      },
    },

    loadingPersons: {
      invoke: {
        id: "loadPersons",
        src: "loadPersons",
        input: () => ({}),
        onDone: { target: "persons", actions: { type: "showList", params: ({ event }) => event.output } },
        onError: "unavailable",
      },
    },
    persons: listScreen("loadingSlots", "confirm", "pickPerson"),

    /** No account has the caller's number: the first booking makes one, bound to it, under this name. */
    firstName: {
      tags: ["screen"],
      on: {
        "ussd.input": [
          { guard: { type: "pressed", params: USSD_KEYS.back }, target: "loadingSlots", actions: "clearNotice" },
          { guard: "isName", target: "lastName", actions: "keepFirstName" },
          { actions: { type: "notice", params: "invalidName" } },
        ],
      },
    },
    lastName: {
      tags: ["screen"],
      on: {
        "ussd.input": [
          { guard: { type: "pressed", params: USSD_KEYS.back }, target: "firstName", actions: "clearNotice" },
          { guard: "isName", target: "confirm", actions: "keepLastName" },
          { actions: { type: "notice", params: "invalidName" } },
        ],
      },
    },

    confirm: {
      tags: ["screen"],
      on: {
        "ussd.input": [
          { guard: { type: "pressed", params: USSD_KEYS.yes }, target: "booking", actions: "clearNotice" },
          { guard: { type: "pressed", params: USSD_KEYS.back }, target: "backFromConfirm", actions: "clearNotice" },
          { actions: { type: "notice", params: "invalidChoice" } },
        ],
      },
    },
    backFromConfirm: { always: [{ guard: "hasAccount", target: "loadingPersons" }, { target: "lastName" }] },

    booking: {
      invoke: {
        id: "book",
        src: "book",
        input: ({ context }) => ({ slot: context.slot!, person: context.person, firstName: context.firstName, lastName: context.lastName }),
        onDone: [
          { guard: ({ event }) => event.output.outcome === "taken", target: "loadingSlots", actions: { type: "notice", params: "slotTaken" } },
          { guard: ({ event }) => event.output.outcome === "refused", target: "loadingSlots", actions: { type: "notice", params: "refused" } },
          {
            target: "booked",
            actions: { type: "keepBooked", params: ({ event }) => (event.output as Extract<BookOutcome, { outcome: "booked" }>).booked },
          },
        ],
        onError: "unavailable",
      },
    },
    booked: { type: "final" },

    loadingAppointments: {
      invoke: {
        id: "loadAppointments",
        src: "loadAppointments",
        input: () => ({}),
        onDone: [
          { guard: { type: "foundNone", params: ({ event }) => event.output }, target: "noAppointments" },
          { target: "appointments", actions: { type: "showList", params: ({ event }) => event.output } },
        ],
        onError: "unavailable",
      },
    },
    noAppointments: { type: "final" },
    appointments: listScreen("menu", "cancelConfirm", "pickAppointment"),
    cancelConfirm: {
      tags: ["screen"],
      on: {
        "ussd.input": [
          { guard: { type: "pressed", params: USSD_KEYS.yes }, target: "cancelling", actions: "clearNotice" },
          { guard: { type: "pressed", params: USSD_KEYS.back }, target: "loadingAppointments", actions: "clearNotice" },
          { actions: { type: "notice", params: "invalidChoice" } },
        ],
      },
    },
    cancelling: {
      invoke: {
        id: "cancel",
        src: "cancel",
        input: ({ context }) => ({ appointment: context.appointment! }),
        onDone: [{ guard: ({ event }) => event.output === "tooLate", target: "cancelRefused" }, { target: "cancelled" }],
        onError: "unavailable",
      },
    },
    cancelled: { type: "final" },
    /** Inside the 24 hours before the visit (SPEC's rule), said plainly. */
    cancelRefused: { type: "final" },

    emergency: { type: "final" },

    language: {
      tags: ["screen"],
      on: {
        "ussd.input": [
          { guard: ({ event }) => ["1", "2", "3"].includes(event.value.trim()), target: "savingLanguage", actions: "chooseLanguage" },
          { guard: { type: "pressed", params: USSD_KEYS.back }, target: "menu", actions: "clearNotice" },
          { actions: { type: "notice", params: "invalidChoice" } },
        ],
      },
    },
    /** Remembered for the number: the next session opens in it. */
    savingLanguage: {
      invoke: {
        id: "saveLanguage",
        src: "saveLanguage",
        input: ({ context }) => ({ language: context.language }),
        onDone: "languageSaved",
        onError: "unavailable",
      },
    },
    languageSaved: { type: "final" },

    unavailable: { type: "final" },
  },
})
