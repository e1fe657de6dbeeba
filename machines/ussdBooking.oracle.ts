import type { AnyEventObject } from "xstate"
import { USSD_KEYS, USSD_PAGE_SIZE, type UssdBooked, type UssdInput, type UssdLanguage, type UssdNotice, type UssdOption } from "./ussdBooking.machine.ts"

/**
 * The USSD menu as issue 41 describes it, written apart from `ussdBooking.machine.ts`: `1` book
 * (region or city, specialty, doctor, one of the next free slots held while the caller confirms,
 * for whom, confirm), `2` my appointments (choose one to cancel it, the 24-hour rule said plainly),
 * `3` emergency numbers, `4` language. In every list `1` is the first choice, `0` shows more,
 * `00` goes back; on a confirmation `1` is yes. A caller without an account is asked a first and
 * a last name instead of "for whom". A slot taken between two screens is said, and the next ones
 * are shown; a failed read or write ends the session with "try again later".
 */

export type UssdScreen =
  | "menu"
  | "places"
  | "specialties"
  | "doctors"
  | "slots"
  | "persons"
  | "firstName"
  | "lastName"
  | "confirm"
  | "appointments"
  | "cancelConfirm"
  | "language"
  /** The gateway is reading or writing (`asked`); the caller sees nothing yet. */
  | "waiting"
  // The session's last screens (END).
  | "booked"
  | "noAppointments"
  | "cancelled"
  | "cancelRefused"
  | "emergency"
  | "languageSaved"
  | "unavailable"

export interface UssdChosen {
  readonly place: string | null
  readonly specialty: string | null
  readonly doctor: string | null
  readonly slot: string | null
  readonly person: string | null
  readonly appointment: string | null
  readonly firstName: string
  readonly lastName: string
}

export interface UssdView {
  readonly screen: UssdScreen
  /** The list behind a list screen and where its page starts (what `0` and the digits act on). */
  readonly list: ReadonlyArray<string>
  readonly offset: number
  readonly notice: UssdNotice
  readonly language: UssdLanguage
  readonly chosen: UssdChosen
  /** What the gateway is asked while the caller waits: the read or write, and what it is about. */
  readonly asked: { readonly name: string; readonly input: unknown } | null
  readonly booked: UssdBooked | null
  readonly ended: boolean
}

const LIST_SCREENS = ["places", "specialties", "doctors", "slots", "persons", "appointments"] as const
type ListScreen = (typeof LIST_SCREENS)[number]
const isListScreen = (screen: UssdScreen): screen is ListScreen => (LIST_SCREENS as ReadonlyArray<string>).includes(screen)
const FINAL: ReadonlyArray<UssdScreen> = ["booked", "noAppointments", "cancelled", "cancelRefused", "emergency", "languageSaved", "unavailable"]
const NAME = /^[\p{L}][\p{L}' -]{1,49}$/u

export function ussdBookingOracle(input: UssdInput) {
  const size = (view: UssdView) => USSD_PAGE_SIZE[view.language]
  const screen = (view: UssdView, next: UssdScreen, changes: Partial<UssdView> = {}): UssdView => ({
    ...view,
    asked: null,
    ...changes,
    screen: next,
    ended: FINAL.includes(next),
  })
  const invalid = (view: UssdView, notice: UssdNotice = "invalidChoice"): UssdView => ({ ...view, notice })
  const option = (id: string | null) => (id === null ? null : { id })
  /** The gateway is asked `name` about what was chosen so far; `notice` is what the next screen will say. */
  const ask = (view: UssdView, name: string, notice: UssdNotice = null): UssdView => {
    const c = view.chosen
    const inputs: Record<string, unknown> = {
      loadPlaces: { country: input.country },
      loadSpecialties: { place: option(c.place) },
      loadDoctors: { place: option(c.place), specialty: option(c.specialty) },
      loadSlots: { place: option(c.place), doctor: option(c.doctor) },
      holdSlot: { slot: option(c.slot) },
      loadPersons: {},
      book: { slot: option(c.slot), person: option(c.person), firstName: c.firstName, lastName: c.lastName },
      loadAppointments: {},
      cancel: { appointment: option(c.appointment) },
      saveLanguage: { language: view.language },
    }
    return { ...view, screen: "waiting", asked: { name, input: inputs[name] }, notice, ended: false }
  }
  const list = (view: UssdView, next: ListScreen, items: ReadonlyArray<UssdOption>): UssdView => screen(view, next, { list: items.map((o) => o.id), offset: 0 })

  const BACK: Record<ListScreen, (view: UssdView) => UssdView> = {
    places: (view) => screen(view, "menu", { notice: null }),
    specialties: (view) => ask(view, "loadPlaces"),
    doctors: (view) => ask(view, "loadSpecialties"),
    slots: (view) => ask(view, "loadDoctors"),
    persons: (view) => ask(view, "loadSlots"),
    appointments: (view) => screen(view, "menu", { notice: null }),
  }
  const CHOOSE: Record<ListScreen, (view: UssdView, id: string) => UssdView> = {
    places: (view, id) => ask({ ...view, chosen: { ...view.chosen, place: id } }, "loadSpecialties"),
    specialties: (view, id) => ask({ ...view, chosen: { ...view.chosen, specialty: id } }, "loadDoctors"),
    doctors: (view, id) => ask({ ...view, chosen: { ...view.chosen, doctor: id } }, "loadSlots"),
    slots: (view, id) => ask({ ...view, chosen: { ...view.chosen, slot: id } }, "holdSlot"),
    persons: (view, id) => screen({ ...view, chosen: { ...view.chosen, person: id } }, "confirm", { notice: null }),
    appointments: (view, id) => screen({ ...view, chosen: { ...view.chosen, appointment: id } }, "cancelConfirm", { notice: null }),
  }

  function onInput(view: UssdView, raw: string): UssdView {
    const key = raw.trim()
    if (isListScreen(view.screen)) {
      const page = view.list.slice(view.offset, view.offset + size(view))
      if (key === USSD_KEYS.more && view.offset + size(view) < view.list.length) return { ...view, offset: view.offset + size(view), notice: null }
      if (key === USSD_KEYS.back) return BACK[view.screen](view)
      const n = /^[1-9]$/.test(key) ? Number(key) : 0
      if (n >= 1 && n <= page.length) return CHOOSE[view.screen](view, page[n - 1]!)
      return invalid(view)
    }
    switch (view.screen) {
      case "menu":
        if (key === "1") return ask(view, "loadPlaces")
        if (key === "2") return ask(view, "loadAppointments")
        if (key === "3") return screen(view, "emergency")
        if (key === "4") return screen(view, "language", { notice: null })
        return invalid(view)
      case "firstName":
        if (key === USSD_KEYS.back) return ask(view, "loadSlots")
        return NAME.test(key) ? screen({ ...view, chosen: { ...view.chosen, firstName: key } }, "lastName", { notice: null }) : invalid(view, "invalidName")
      case "lastName":
        if (key === USSD_KEYS.back) return screen(view, "firstName", { notice: null })
        return NAME.test(key) ? screen({ ...view, chosen: { ...view.chosen, lastName: key } }, "confirm", { notice: null }) : invalid(view, "invalidName")
      case "confirm":
        if (key === USSD_KEYS.yes) return ask(view, "book")
        if (key === USSD_KEYS.back) return input.hasAccount ? ask(view, "loadPersons") : screen(view, "lastName", { notice: null })
        return invalid(view)
      case "cancelConfirm":
        if (key === USSD_KEYS.yes) return ask(view, "cancel")
        if (key === USSD_KEYS.back) return ask(view, "loadAppointments")
        return invalid(view)
      case "language": {
        const chosen = ({ "1": "fr", "2": "en", "3": "ar" } as const)[key as "1" | "2" | "3"]
        if (chosen) return ask({ ...view, language: chosen }, "saveLanguage")
        if (key === USSD_KEYS.back) return screen(view, "menu", { notice: null })
        return invalid(view)
      }
      default:
        // Waiting for the gateway, or ended: the input is not the caller's to give.
        return view
    }
  }

  function onDone(view: UssdView, name: string, output: unknown): UssdView {
    const items = output as ReadonlyArray<UssdOption>
    const found = Array.isArray(output) && output.length > 0
    switch (name) {
      case "loadPlaces":
        return found ? list(view, "places", items) : screen(view, "menu", { notice: "nothingFound" })
      case "loadSpecialties":
        return found ? list(view, "specialties", items) : ask(view, "loadPlaces", "nothingFound")
      case "loadDoctors":
        return found ? list(view, "doctors", items) : ask(view, "loadSpecialties", "nothingFound")
      case "loadSlots":
        return found ? list(view, "slots", items) : ask(view, "loadDoctors", "nothingFound")
      case "holdSlot":
        if (output === "taken") return ask(view, "loadSlots", "slotTaken")
        // The rules said no for this person (one visit a day with a doctor, the limits): said, and the slots again.
        if (output === "refused") return ask(view, "loadSlots", "refused")
        return input.hasAccount ? ask(view, "loadPersons") : screen(view, "firstName")
      case "loadPersons":
        return list(view, "persons", items)
      case "book": {
        const result = output as { outcome: string; booked?: UssdBooked }
        if (result.outcome === "taken") return ask(view, "loadSlots", "slotTaken")
        if (result.outcome === "refused") return ask(view, "loadSlots", "refused")
        return screen(view, "booked", { booked: result.booked ?? null })
      }
      case "loadAppointments":
        return found ? list(view, "appointments", items) : screen(view, "noAppointments")
      case "cancel":
        return screen(view, output === "tooLate" ? "cancelRefused" : "cancelled")
      case "saveLanguage":
        return screen(view, "languageSaved")
      default:
        return view
    }
  }

  const initial: UssdView = {
    screen: "menu",
    list: [],
    offset: 0,
    notice: null,
    language: input.language,
    chosen: { place: null, specialty: null, doctor: null, slot: null, person: null, appointment: null, firstName: "", lastName: "" },
    asked: null,
    booked: null,
    ended: false,
  }

  return {
    initial,
    after(view: UssdView, event: AnyEventObject): UssdView {
      if (view.ended) return view
      if (event.type === "ussd.input") return view.screen === "waiting" ? view : onInput(view, String(event.value))
      const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type)
      if (done) return view.asked?.name === done[1] ? onDone(view, done[1]!, event.output) : view
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type)
      if (failed) return view.asked?.name === failed[1] ? screen(view, "unavailable") : view
      return view
    },
  }
}
