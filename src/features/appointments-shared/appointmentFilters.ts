import type { Appointment } from "../../../schemas/appointment.ts"
import type { AppointmentStatus, AppointmentType } from "../../../schemas/enums.ts"
import { APPOINTMENT_STATUSES, SERVICE_CODES } from "../../../schemas/valueLists.ts"
import { either, isNumber, isText } from "../../routes/search/checks.ts"
import type { LenientSearch } from "../../routes/search/lenient.ts"

export const DATE_FILTERS = ["upcoming", "past"] as const
export type DateFilter = (typeof DATE_FILTERS)[number]

/**
 * The address of an appointments list: q (text), status, type, date (upcoming or past). Values
 * are read leniently (TanStack turns ?q=123 into a number; an unknown status is ignored), so a
 * hand-edited address never breaks the page.
 */
export const AppointmentsSearch = { q: either(isText, isNumber), status: isText, type: isText, date: isText }
export type AppointmentsSearch = LenientSearch<typeof AppointmentsSearch>

export interface AppointmentFilters {
  readonly q: string
  readonly status: AppointmentStatus | null
  readonly type: AppointmentType | null
  readonly date: DateFilter | null
}

const oneOf = <T extends string>(values: ReadonlyArray<T>, value: unknown): T | null => (values.includes(value as T) ? (value as T) : null)

export function filtersOf(search: AppointmentsSearch): AppointmentFilters {
  return {
    q: search.q === undefined ? "" : String(search.q),
    status: oneOf(APPOINTMENT_STATUSES, search.status),
    type: oneOf(SERVICE_CODES, search.type),
    date: oneOf(DATE_FILTERS, search.date),
  }
}

/** The address for some filters: empty ones are left out. */
export function searchOf(filters: AppointmentFilters): AppointmentsSearch {
  return {
    ...(filters.q.trim() ? { q: filters.q } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.date ? { date: filters.date } : {}),
  }
}

export type Perspective = "patient" | "doctor"

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

/** What a search matches: the doctor (patients' lists) or the patient (doctors' lists), the dependant and the reason. */
function haystack(a: Appointment, perspective: Perspective): string {
  const person =
    perspective === "patient"
      ? [a.doctor.firstName, a.doctor.lastName, ...a.doctor.specialties.map((s) => s.label)]
      : [a.patient.firstName, a.patient.lastName, a.patient.id]
  const dependant = a.patient.dependant ? [a.patient.dependant.firstName, a.patient.dependant.lastName] : []
  return fold([...person, ...dependant, a.reason].join(" "))
}

/** UPCOMING: the time is now or later; PAST: before now (SPEC §4). */
export const isUpcoming = (a: Appointment, nowMs: number) => Date.parse(a.appointmentTime) >= nowMs

/** The list filtered as the address says: upcoming soonest first, then past latest first. */
export function filterAppointments(list: ReadonlyArray<Appointment>, filters: AppointmentFilters, perspective: Perspective, nowMs: number): Appointment[] {
  const words = fold(filters.q).split(/\s+/).filter(Boolean)
  const kept = list.filter(
    (a) =>
      (!filters.status || a.status === filters.status) &&
      (!filters.type || a.appointmentType === filters.type) &&
      (!filters.date || (filters.date === "upcoming") === isUpcoming(a, nowMs)) &&
      words.every((w) => haystack(a, perspective).includes(w)),
  )
  const upcoming = kept.filter((a) => isUpcoming(a, nowMs)).sort((x, y) => x.appointmentTime.localeCompare(y.appointmentTime))
  const past = kept.filter((a) => !isUpcoming(a, nowMs)).sort((x, y) => y.appointmentTime.localeCompare(x.appointmentTime))
  return [...upcoming, ...past]
}

/** Confirmed appointments still ahead, soonest first: what the notification bell counts. */
export const upcomingConfirmed = (list: ReadonlyArray<Appointment>, nowMs: number): Appointment[] =>
  list.filter((a) => a.status === "CONFIRMED" && isUpcoming(a, nowMs)).sort((x, y) => x.appointmentTime.localeCompare(y.appointmentTime))

/** Whether any search text or filter narrows the list (the clear button's condition). */
export const hasAnyFilter = (filters: AppointmentFilters): boolean => Boolean(filters.q.trim() || filters.status || filters.type || filters.date)
