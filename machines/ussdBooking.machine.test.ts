import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"
import { ussdBookingMachine, type UssdInput, type UssdOption } from "./ussdBooking.machine.ts"
import { ussdBookingOracle, type UssdScreen, type UssdView } from "./ussdBooking.oracle.ts"

const ACTORS = [
  "loadPlaces",
  "loadSpecialties",
  "loadDoctors",
  "loadSlots",
  "holdSlot",
  "loadPersons",
  "book",
  "loadAppointments",
  "cancel",
  "saveLanguage",
] as const

const options = (prefix: string, n: number): UssdOption[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i + 1}`, label: `${prefix} ${i + 1}` }))
// Five places: two pages in French (four a page), three in Arabic (two).
const PLACES = options("place", 5)
// Four specialties: exactly one full page in French, two in Arabic (no third, empty one).
const SPECIALTIES = options("specialty", 4)
// Three of the others: one page in French, two in Arabic.
const DOCTORS = options("doctor", 3)
const SLOTS = options("slot", 3)
// The account and four dependants: two pages in French.
const PERSONS = options("person", 5)
const APPOINTMENTS = options("appointment", 3)
const BOOKED = { when: "07/12 09:30", doctor: "Dr A. Ndiaye", place: "Clinique Pasteur" }

const done = (actor: string, output: unknown) => ({ type: `xstate.done.actor.${actor}`, output })
const INPUTS = ["1", "2", "3", "4", "0", "00", "9", "Awa"].map((value) => ({ type: "ussd.input", value }))
const EVENTS = [
  ...INPUTS,
  done("loadPlaces", PLACES),
  done("loadPlaces", []),
  done("loadSpecialties", SPECIALTIES),
  done("loadSpecialties", []),
  done("loadDoctors", DOCTORS),
  done("loadDoctors", []),
  done("loadSlots", SLOTS),
  done("loadSlots", []),
  done("holdSlot", "held"),
  done("holdSlot", "taken"),
  done("holdSlot", "refused"),
  done("loadPersons", PERSONS),
  done("book", { outcome: "booked", booked: BOOKED }),
  done("book", { outcome: "taken" }),
  done("book", { outcome: "refused" }),
  done("loadAppointments", APPOINTMENTS),
  done("loadAppointments", []),
  done("cancel", "cancelled"),
  done("cancel", "tooLate"),
  done("saveLanguage", undefined),
  ...ACTORS.map((actor) => ({ type: `xstate.error.actor.${actor}`, error: { code: "NETWORK_ERROR" } })),
]

const coverage = trackCoverage("ussdBooking", ussdBookingMachine)

const SCREENS: Record<string, UssdScreen> = {
  menu: "menu",
  places: "places",
  specialties: "specialties",
  doctors: "doctors",
  slots: "slots",
  persons: "persons",
  firstName: "firstName",
  lastName: "lastName",
  confirm: "confirm",
  appointments: "appointments",
  cancelConfirm: "cancelConfirm",
  language: "language",
  booked: "booked",
  noAppointments: "noAppointments",
  cancelled: "cancelled",
  cancelRefused: "cancelRefused",
  emergency: "emergency",
  languageSaved: "languageSaved",
  unavailable: "unavailable",
}

function runPaths(label: string, input: UssdInput) {
  const model = createFlowModel(ussdBookingMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.offset, s.context.notice, s.context.language]),
  })
  describe(label, () => {
    for (const { name, test } of modelPaths(model)) {
      it(name, async () => {
        const api = deferredActors(ACTORS)
        const actor = createActor(ussdBookingMachine.provide({ actors: api.actors as never }), { input, inspect: coverage.inspect }).start()
        coverage.pathRan()
        const observe = (): UssdView => {
          const snapshot = actor.getSnapshot()
          const c = snapshot.context
          const pending = [...api.calls].reverse().find((call) => api.isWaiting(call.name))
          return {
            screen: SCREENS[String(snapshot.value)] ?? "waiting",
            list: c.list.map((o) => o.id),
            offset: c.offset,
            notice: c.notice,
            language: c.language,
            chosen: {
              place: c.place?.id ?? null,
              specialty: c.specialty?.id ?? null,
              doctor: c.doctor?.id ?? null,
              slot: c.slot?.id ?? null,
              person: c.person?.id ?? null,
              appointment: c.appointment?.id ?? null,
              firstName: c.firstName,
              lastName: c.lastName,
            },
            asked: pending ? { name: pending.name, input: idsOf(pending.input) } : null,
            booked: c.booked,
            ended: snapshot.status === "done",
          }
        }
        const settle = (kind: "resolve" | "reject") => async (step: { event: { type: string; output?: unknown; error?: unknown } }) => {
          const name = step.event.type.replace(/^xstate\.(done|error)\.actor\./, "") as (typeof ACTORS)[number]
          if (kind === "resolve") await api.resolve(name, step.event.output)
          else await api.reject(name, step.event.error)
        }
        await test(
          judgedBy(
            { ...ussdBookingOracle(input), observe },
            () => undefined,
            {
              events: {
                "ussd.input": async ({ event }) => {
                  actor.send(event as never)
                  await flush()
                },
                ...Object.fromEntries(
                  ACTORS.flatMap((a) => [
                    [`xstate.done.actor.${a}`, settle("resolve")],
                    [`xstate.error.actor.${a}`, settle("reject")],
                  ]),
                ),
              },
            },
            refusalsOf(actor, INPUTS),
          ),
        )
      })
    }
  })
}

/** What the gateway was asked about, by id: the oracle knows the choices, not their labels. */
function idsOf(input: unknown): unknown {
  return JSON.parse(JSON.stringify(input), (_key, value: unknown) =>
    value && typeof value === "object" && "id" in value && "label" in value ? { id: (value as UssdOption).id } : value,
  )
}

describe("USSD booking menu (model-based)", () => {
  runPaths("a caller whose number has an account, in French", { language: "fr", country: "SN", hasAccount: true })
  runPaths("a caller from Chad without an account, in Arabic", { language: "ar", country: "TD", hasAccount: false })

  it("pages: 1 is the first choice of the page shown, 0 the next page, and a key past the page is refused", () => {
    const oracle = ussdBookingOracle({ language: "fr", country: "SN", hasAccount: true })
    let view = oracle.after(oracle.initial, { type: "ussd.input", value: "1" })
    view = oracle.after(view, done("loadPlaces", PLACES))
    expect(view.list.slice(view.offset, view.offset + 4)).toEqual(["place-1", "place-2", "place-3", "place-4"])
    view = oracle.after(view, { type: "ussd.input", value: "0" })
    view = oracle.after(view, { type: "ussd.input", value: "2" })
    expect(view).toMatchObject({ notice: "invalidChoice", screen: "places" })
    view = oracle.after(view, { type: "ussd.input", value: "1" })
    expect(view.asked).toEqual({ name: "loadSpecialties", input: { place: { id: "place-5" } } })
  })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})
