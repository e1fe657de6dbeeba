import { Temporal } from "temporal-polyfill"
import type * as t from "../schema.ts"
import { CHAD_NAMES, type NamePool, SENEGAL_NAMES } from "./names.ts"
import type { CitySeed, Country, FacilityTimeZone, FacilityType } from "./places.ts"
import { MOBILE_PREFIX, STREETS } from "./profiles.ts"
import type { IdSource, Random } from "./random.ts"
import type { FacilityId, UserId } from "../../../schemas/ids.ts"

/**
 * Everything the seed inserts, built in memory first and written table by table in bulk: a
 * statement per chunk of rows rather than per entity keeps 10,000 doctors fast.
 */
export interface SeedRows {
  users: (typeof t.users.$inferInsert)[]
  specialties: (typeof t.specialties.$inferInsert)[]
  facilities: (typeof t.healthcareFacilities.$inferInsert)[]
  managers: (typeof t.managers.$inferInsert)[]
  locations: (typeof t.locations.$inferInsert)[]
  doctors: (typeof t.doctors.$inferInsert)[]
  doctorSpecialties: (typeof t.doctorSpecialties.$inferInsert)[]
  providedServices: (typeof t.providedServices.$inferInsert)[]
  doctorSettings: (typeof t.doctorSettings.$inferInsert)[]
  doctorFacilities: (typeof t.doctorFacilities.$inferInsert)[]
  availabilities: (typeof t.availabilities.$inferInsert)[]
  patients: (typeof t.patients.$inferInsert)[]
  patientSettings: (typeof t.patientSettings.$inferInsert)[]
  dependants: (typeof t.dependants.$inferInsert)[]
  emergencyContacts: (typeof t.emergencyContacts.$inferInsert)[]
  medicalAlerts: (typeof t.medicalAlerts.$inferInsert)[]
  medicalRecords: (typeof t.medicalRecords.$inferInsert)[]
  appointments: (typeof t.appointments.$inferInsert)[]
  reviews: (typeof t.reviews.$inferInsert)[]
  reviewReactions: (typeof t.reviewReactions.$inferInsert)[]
}

export const emptyRows = (): SeedRows => ({
  users: [],
  specialties: [],
  facilities: [],
  managers: [],
  locations: [],
  doctors: [],
  doctorSpecialties: [],
  providedServices: [],
  doctorSettings: [],
  doctorFacilities: [],
  availabilities: [],
  patients: [],
  patientSettings: [],
  dependants: [],
  emergencyContacts: [],
  medicalAlerts: [],
  medicalRecords: [],
  appointments: [],
  reviews: [],
  reviewReactions: [],
})

export interface FacilityRef {
  readonly id: FacilityId
  readonly name: string
  readonly city: string
  readonly type: FacilityType
  readonly timeZone: FacilityTimeZone
}

export interface SeedContext {
  /** Data choices. */
  readonly rng: Random
  /** Ids only, so adding an id does not shift every later data choice. */
  readonly ids: IdSource
  readonly passwordHash: string
  readonly now: Temporal.Instant
  readonly rows: SeedRows
  readonly specialtyIds: ReadonlyMap<string, string>
  readonly facilities: ReadonlyArray<FacilityRef>
}

export type Civility = "MAN" | "WOMAN"

export const namesOf = (country: Country): NamePool => (country === "CHAD" ? CHAD_NAMES : SENEGAL_NAMES)

export function randomPerson(ctx: SeedContext, country: Country, civility?: Civility) {
  const pool = namesOf(country)
  const c = civility ?? (ctx.rng.chance(0.5) ? "MAN" : "WOMAN")
  const firstName = ctx.rng.pick(c === "MAN" ? pool.male : pool.female)
  // Chadian given names are often family names too; "Mahamat Mahamat" would look like a bug.
  return { civility: c, firstName, lastName: ctx.rng.pick(pool.last.filter((l) => l !== firstName)) }
}

/** Phones are E.164 everywhere (schemas/fields.ts PHONE_PATTERN), profiles and emergency contacts alike. */
export function mobilePhone(ctx: SeedContext, country: Country): string {
  const { code, prefixes, digits } = MOBILE_PREFIX[country]
  const rest = Array.from({ length: digits }, () => ctx.rng.int(0, 9)).join("")
  return `+${code}${ctx.rng.pick(prefixes)}${rest}`
}

/** A yyyy-MM-dd date in the given year (day ≤ 28, so every month has it). */
export const dateInYear = (ctx: SeedContext, year: number): string => new Temporal.PlainDate(year, ctx.rng.int(1, 12), ctx.rng.int(1, 28)).toString()

export const currentYear = (ctx: SeedContext): number => ctx.now.toZonedDateTimeISO("UTC").year

export function addUser(
  ctx: SeedContext,
  user: {
    email: string
    role: "PATIENT" | "DOCTOR" | "MANAGER" | "ADMIN"
    firstName: string
    lastName: string
    civility?: Civility
    phoneNumber?: string
    dateOfBirth?: string
  },
): UserId {
  const id = ctx.ids.uuid<UserId>()
  ctx.rows.users.push({ id, passwordHash: ctx.passwordHash, ...user })
  return id
}

export function addLocation(
  ctx: SeedContext,
  userId: UserId,
  city: CitySeed,
  options: { isPrimary: boolean; position: number; residency: "HOME" | "SECOND_HOME" | "OTHER" | null; address?: string; lat?: number; lng?: number },
): void {
  // Within about 3 km of the centre, so the map spreads people around the city.
  const jitter = () => (ctx.rng.next() - 0.5) * 0.05
  ctx.rows.locations.push({
    id: ctx.ids.uuid(),
    userId,
    address: options.address ?? `${ctx.rng.int(1, 120)} ${ctx.rng.pick(STREETS)}, ${ctx.rng.pick(city.districts)}`,
    city: city.name,
    state: city.state,
    zip: city.zip,
    country: city.country,
    isPrimary: options.isPrimary,
    residency: options.residency,
    lat: options.lat ?? round4(city.lat + jitter()),
    lng: options.lng ?? round4(city.lng + jitter()),
    position: options.position,
  })
}

export const round4 = (n: number) => Math.round(n * 10_000) / 10_000

/** The UTC instant of a local date and time in a facility's zone. */
export const localInstant = (date: Temporal.PlainDate, time: string, timeZone: string): Date =>
  new Date(date.toPlainDateTime(Temporal.PlainTime.from(time)).toZonedDateTime(timeZone).epochMilliseconds)

/** Today's date in a zone, shifted by some days. */
export const localDay = (ctx: SeedContext, timeZone: string, days: number): Temporal.PlainDate =>
  ctx.now.toZonedDateTimeISO(timeZone).toPlainDate().add({ days })
