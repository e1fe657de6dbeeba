import { CHILD_NAMES } from "./names.ts"
import { CITIES, type CitySeed } from "./places.ts"
import { ALLERGIES, BLOOD_TYPE_WEIGHTS, CHRONIC_CONDITIONS, MEDICAL_ALERTS } from "./profiles.ts"
import { slug } from "./random.ts"
import { addLocation, addUser, type Civility, currentYear, dateInYear, mobilePhone, namesOf, randomPerson, type SeedContext } from "./rows.ts"
import type { DependantId, PatientId, UserId } from "../../../schemas/ids.ts"

type Rows = SeedContext["rows"]

export interface PatientSpec {
  readonly email?: string
  readonly firstName?: string
  readonly lastName?: string
  readonly civility?: Civility
  readonly dateOfBirth?: string
  readonly phoneNumber?: string
  readonly city?: CitySeed
  readonly homeAddress?: string
  readonly coordinates?: { lat: number; lng: number }
  readonly bloodType?: string
  readonly allergies?: ReadonlyArray<string>
  readonly chronicConditions?: ReadonlyArray<string>
  readonly dependants?: ReadonlyArray<Omit<Rows["dependants"][number], "id" | "patientId">>
  readonly emergencyContacts?: ReadonlyArray<Omit<Rows["emergencyContacts"][number], "id" | "patientId">>
  readonly alerts?: ReadonlyArray<Omit<Rows["medicalAlerts"][number], "id" | "patientId">>
}

export interface SeededPatient {
  readonly patientId: PatientId
  readonly userId: UserId
  readonly firstName: string
  readonly lastName: string
  readonly city: CitySeed
  readonly dependantIds: ReadonlyArray<DependantId>
}

/** Patients live mostly in Dakar; a quarter in Chad. */
const drawCity = (ctx: SeedContext): CitySeed => ctx.rng.weighted(CITIES.map((c) => [c, c.name === "Dakar" ? 40 : c.country === "SENEGAL" ? 9 : 8] as const))

/** Adds one patient with settings, home, dependants, emergency contacts and medical alerts. */
export function addPatient(ctx: SeedContext, index: number, spec: PatientSpec = {}): SeededPatient {
  const { rng } = ctx
  const city = spec.city ?? drawCity(ctx)
  const drawn = randomPerson(ctx, city.country, spec.civility)
  const firstName = spec.firstName ?? drawn.firstName
  const lastName = spec.lastName ?? drawn.lastName
  const civility = spec.civility ?? drawn.civility
  const year = currentYear(ctx)
  const userId = addUser(ctx, {
    email: spec.email ?? `${slug(firstName)}.${slug(lastName)}.${index}@mail.promed.sn`,
    role: "PATIENT",
    firstName,
    lastName,
    civility,
    phoneNumber: spec.phoneNumber ?? mobilePhone(ctx, city.country),
    dateOfBirth: spec.dateOfBirth ?? dateInYear(ctx, year - rng.int(18, 75)),
  })
  addLocation(ctx, userId, city, {
    isPrimary: true,
    position: 0,
    residency: "HOME",
    ...(spec.homeAddress ? { address: spec.homeAddress } : {}),
    ...(spec.coordinates ?? {}),
  })
  if (!spec.email && rng.chance(0.3)) addLocation(ctx, userId, city, { isPrimary: false, position: 1, residency: "OTHER" })

  const patientId = ctx.ids.uuid<PatientId>()
  ctx.rows.patients.push({
    id: patientId,
    userId,
    bloodType: spec.bloodType ?? rng.weighted(BLOOD_TYPE_WEIGHTS),
    allergies: [
      ...(spec.allergies ??
        rng.sample(
          ALLERGIES,
          rng.weighted([
            [0, 5],
            [1, 3],
            [2, 1],
          ] as const),
        )),
    ],
    chronicConditions: [
      ...(spec.chronicConditions ??
        rng.sample(
          CHRONIC_CONDITIONS,
          rng.weighted([
            [0, 5],
            [1, 3],
            [2, 1],
          ] as const),
        )),
    ],
    preferredNotificationMethods: rng.chance(0.5) ? ["SMS"] : ["SMS", "EMAIL"],
  })
  ctx.rows.patientSettings.push({
    patientId,
    appLanguage: "FR",
    reminders: rng.chance(0.6),
    notifications: ["APPOINTMENTS", "REMINDERS"],
  })

  const dependants = spec.dependants ?? drawDependants(ctx, lastName, year)
  const dependantIds = dependants.map((d) => {
    const id = ctx.ids.uuid<DependantId>()
    ctx.rows.dependants.push({ id, patientId, ...d })
    return id
  })
  for (const c of spec.emergencyContacts ?? drawContacts(ctx, city, lastName)) ctx.rows.emergencyContacts.push({ id: ctx.ids.uuid(), patientId, ...c })
  for (const a of spec.alerts ?? rng.sample(MEDICAL_ALERTS, rng.int(0, 2))) ctx.rows.medicalAlerts.push({ id: ctx.ids.uuid(), patientId, ...a })
  return { patientId, userId, firstName, lastName, city, dependantIds }
}

function drawDependants(ctx: SeedContext, lastName: string, year: number): NonNullable<PatientSpec["dependants"]>[number][] {
  const { rng } = ctx
  return Array.from({ length: rng.int(0, 2) }, () => {
    const gender = rng.chance(0.5) ? "MALE" : "FEMALE"
    return {
      firstName: rng.pick(gender === "MALE" ? CHILD_NAMES.male : CHILD_NAMES.female),
      lastName,
      dateOfBirth: dateInYear(ctx, year - rng.int(1, 16)),
      gender,
      relationship: "CHILD",
      bloodType: rng.weighted(BLOOD_TYPE_WEIGHTS),
      allergies: rng.chance(0.2) ? [rng.pick(ALLERGIES)] : [],
      conditions: [],
    } as const
  })
}

function drawContacts(ctx: SeedContext, city: CitySeed, lastName: string): NonNullable<PatientSpec["emergencyContacts"]>[number][] {
  const { rng } = ctx
  const pool = namesOf(city.country)
  return Array.from({ length: rng.int(1, 2) }, (_, i) => {
    const relationship = rng.pick(["SPOUSE", "PARENT", "SIBLING", "FRIEND"] as const)
    const firstName = rng.pick(rng.chance(0.5) ? pool.male : pool.female)
    return {
      firstName,
      lastName: relationship === "FRIEND" ? rng.pick(pool.last) : lastName,
      phoneNumber: mobilePhone(ctx, city.country),
      email: rng.chance(0.4) ? `${slug(firstName)}.${slug(lastName)}@mail.promed.sn` : null,
      priority: i + 1,
      relationship,
    }
  })
}
