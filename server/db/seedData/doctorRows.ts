import { CITIES, type CitySeed } from "./places.ts"
import { ABROAD_SCHOOLS, AWARD_TITLES, INSURANCES, JOURNALS, MEDICAL_ORDERS, MEDICAL_SCHOOLS } from "./profiles.ts"
import { slug } from "./random.ts"
import { addLocation, addUser, type Civility, currentYear, dateInYear, mobilePhone, randomPerson, type SeedContext } from "./rows.ts"
import { SPECIALTIES, type SpecialtySeed } from "./specialties.ts"
import type { DoctorId, FacilityId, UserId } from "../../../schemas/ids.ts"

type ServiceCode = "CLINIC" | "ONLINE" | "HOME"
type Award = { title: string; issuer: string; year: number }
type Publication = { title: string; journal: string; year: number; url?: string | null }

interface ScheduleBlock {
  readonly days: ReadonlyArray<string>
  readonly start: string
  readonly end: string
  /** Index into the doctor's facilities (modulo their count). */
  readonly facility: number
}

const MON_FRI = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"]
const SCHEDULES: ReadonlyArray<ReadonlyArray<ScheduleBlock>> = [
  [{ days: MON_FRI, start: "08:30", end: "12:30", facility: 0 }],
  [
    { days: MON_FRI, start: "08:00", end: "13:00", facility: 0 },
    { days: ["TUESDAY", "THURSDAY"], start: "15:00", end: "18:00", facility: 1 },
  ],
  [
    { days: ["MONDAY", "WEDNESDAY", "FRIDAY"], start: "09:00", end: "13:00", facility: 0 },
    { days: ["TUESDAY", "THURSDAY"], start: "14:30", end: "18:30", facility: 1 },
  ],
  [{ days: [...MON_FRI, "SATURDAY"], start: "08:30", end: "12:30", facility: 0 }],
  // Hospital specialists often consult privately only two or three half-days a week.
  [{ days: ["TUESDAY", "THURSDAY"], start: "09:00", end: "13:00", facility: 0 }],
  [{ days: ["MONDAY", "WEDNESDAY", "FRIDAY"], start: "15:00", end: "18:30", facility: 0 }],
]

/** Anything not given is drawn at random; the demo doctors fix what the README promises. */
export interface DoctorSpec {
  readonly email?: string
  readonly firstName?: string
  readonly lastName?: string
  readonly civility?: Civility
  readonly city?: CitySeed
  readonly specialtyCodes?: ReadonlyArray<string>
  readonly services?: ReadonlyArray<{ code: ServiceCode; price: number }>
  readonly facilityNames?: ReadonlyArray<string>
  readonly careerStartYear?: number
  readonly spokenLanguages?: ReadonlyArray<string>
  readonly insurances?: ReadonlyArray<string>
  readonly biography?: string
  readonly awards?: ReadonlyArray<Award>
  readonly publications?: ReadonlyArray<Publication>
  readonly schedule?: ReadonlyArray<ScheduleBlock>
  readonly slotDurationMinutes?: number
  readonly settings?: { bufferTime: number; maxDailyAppointment: number }
}

export interface SeededDoctor {
  readonly doctorId: DoctorId
  readonly userId: UserId
  readonly name: string
  readonly city: CitySeed
  readonly specialtyCodes: ReadonlyArray<string>
  readonly facilityIds: ReadonlyArray<FacilityId>
}

const specialtyOf = (code: string): SpecialtySeed => {
  const found = SPECIALTIES.find((s) => s.code === code)
  if (!found) throw new Error(`Unknown specialty ${code}`)
  return found
}

/**
 * The n-th generated doctor's specialties: one in five is a general practitioner (the most
 * common practice), the others walk the list so every specialty is represented early on.
 */
function drawSpecialties(ctx: SeedContext, index: number): string[] {
  const others = SPECIALTIES.filter((s) => s.code !== "GENERAL_PRACTITIONER")
  const first = index % 5 === 0 ? "GENERAL_PRACTITIONER" : (others[(index - Math.ceil(index / 5)) % others.length]?.code ?? "CARDIOLOGY")
  if (!ctx.rng.chance(0.3)) return [first]
  const second = ctx.rng.pick(SPECIALTIES.filter((s) => s.code !== first)).code
  return [first, second]
}

function drawCity(ctx: SeedContext): CitySeed {
  return ctx.rng.weighted(CITIES.map((c) => [c, c.weight] as const))
}

function drawServices(ctx: SeedContext): { code: ServiceCode; price: number }[] {
  const clinic = ctx.rng.step(5000, 40000, 500)
  const services: { code: ServiceCode; price: number }[] = [{ code: "CLINIC", price: clinic }]
  if (ctx.rng.chance(0.6)) services.push({ code: "ONLINE", price: Math.max(5000, clinic - ctx.rng.step(0, 5000, 500)) })
  if (ctx.rng.chance(0.35)) services.push({ code: "HOME", price: Math.min(50000, clinic + ctx.rng.step(5000, 15000, 500)) })
  return services
}

function drawLanguages(ctx: SeedContext, city: CitySeed): string[] {
  const langs = city.country === "CHAD" ? ["FR", "AR"] : ["FR", "WO"]
  if (ctx.rng.chance(0.4)) langs.push("EN")
  if (city.country === "SENEGAL" && ctx.rng.chance(0.1)) langs.push("AR")
  return langs
}

/** French "à" + article: "le paludisme" → "au paludisme", "les otites" → "aux otites". */
const withA = (topic: string): string => (topic.startsWith("le ") ? `au ${topic.slice(3)}` : topic.startsWith("les ") ? `aux ${topic.slice(4)}` : `à ${topic}`)

function biographyOf(
  ctx: SeedContext,
  doctor: { name: string; civility: Civility },
  specialty: SpecialtySeed,
  city: CitySeed,
  school: string,
  since: number,
): string {
  const e = doctor.civility === "WOMAN" ? "e" : ""
  const field = specialty.label.toLowerCase()
  const focus = specialty.topic.charAt(0).toLowerCase() + specialty.topic.slice(1)
  return ctx.rng.pick([
    `${doctor.name} exerce en ${field} à ${city.name} depuis ${since}. Formé${e} à l'${school}, ${e ? "elle" : "il"} s'intéresse particulièrement ${withA(focus)}.`,
    `Diplômé${e} de l'${school}, ${doctor.name} reçoit ses patients à ${city.name} en ${field}. Consultations en français et en langues locales, suivi attentif et explications claires.`,
    `${doctor.name} consulte en ${field} depuis ${since} et accompagne les familles de ${city.name} et de sa région, avec une attention particulière à la prévention.`,
  ])
}

/** Adds one doctor, with user, location, specialties, services, settings, facilities and schedule. */
export function addDoctor(ctx: SeedContext, index: number, spec: DoctorSpec = {}): SeededDoctor {
  const { rng } = ctx
  const city = spec.city ?? drawCity(ctx)
  const drawn = randomPerson(ctx, city.country, spec.civility)
  const firstName = spec.firstName ?? drawn.firstName
  const lastName = spec.lastName ?? drawn.lastName
  const civility = spec.civility ?? drawn.civility
  const name = `Dr ${firstName} ${lastName}`
  const careerStartYear = spec.careerStartYear ?? rng.int(1985, 2020)
  const specialtyCodes = spec.specialtyCodes ?? drawSpecialties(ctx, index)
  const main = specialtyOf(specialtyCodes[0] ?? "GENERAL_PRACTITIONER")
  const school = rng.pick(MEDICAL_SCHOOLS[city.country])
  const specialist = main.code !== "GENERAL_PRACTITIONER"
  // The doctorate comes first; a specialist starts practising on finishing the 4-year DES.
  const doctorate = careerStartYear - (specialist ? 4 : 0) - rng.int(0, 1)

  const userId = addUser(ctx, {
    email: spec.email ?? `${slug(firstName)}.${slug(lastName)}.${index}@medecins.promed.sn`,
    role: "DOCTOR",
    firstName,
    lastName,
    civility,
    phoneNumber: mobilePhone(ctx, city.country),
    dateOfBirth: dateInYear(ctx, careerStartYear - rng.int(26, 31)),
  })
  addLocation(ctx, userId, city, { isPrimary: true, position: 0, residency: null })

  const doctorId = ctx.ids.uuid<DoctorId>()
  const year = currentYear(ctx)
  ctx.rows.doctors.push({
    id: doctorId,
    userId,
    refNumber: `${city.country === "CHAD" ? "TD" : "SN"}-OM-${String(10000 + index)}`,
    biography: spec.biography ?? biographyOf(ctx, { name, civility }, main, city, school, careerStartYear),
    website: rng.chance(0.2) ? `https://${slug(`${firstName}-${lastName}`)}.cabinet.promed.sn` : null,
    careerStartYear,
    // Placeholder until the reviews are counted: doctors without reviews keep a plausible score.
    averageRate: Math.round((3 + rng.next() * 2) * 10) / 10,
    spokenLanguages: [...(spec.spokenLanguages ?? drawLanguages(ctx, city))],
    insuranceAccepted: [...(spec.insurances ?? rng.sample(INSURANCES[city.country], rng.int(1, 4)))],
    awards: [...(spec.awards ?? drawAwards(ctx, city.country === "CHAD" ? MEDICAL_ORDERS.CHAD : MEDICAL_ORDERS.SENEGAL, careerStartYear, year))],
    publications: [...(spec.publications ?? drawPublications(ctx, main, careerStartYear, year))],
    education: [
      `Doctorat d'État en médecine, ${school} (${doctorate})`,
      ...(specialist
        ? [`Diplôme d'études spécialisées en ${main.label.toLowerCase()}, ${rng.chance(0.25) ? rng.pick(ABROAD_SCHOOLS) : school} (${careerStartYear})`]
        : []),
    ],
  })
  for (const code of specialtyCodes) {
    const specialtyId = ctx.specialtyIds.get(code)
    if (specialtyId) ctx.rows.doctorSpecialties.push({ doctorId, specialtyId })
  }
  for (const s of spec.services ?? drawServices(ctx)) ctx.rows.providedServices.push({ id: ctx.ids.uuid(), doctorId, ...s })

  const settings = spec.settings ?? { bufferTime: rng.pick([5, 10, 10, 15]), maxDailyAppointment: rng.int(8, 16) }
  ctx.rows.doctorSettings.push({ id: ctx.ids.uuid(), doctorId, ...settings, appLanguage: "FR", autoConfirmAppointments: rng.chance(0.5) })

  const facilities = pickFacilities(ctx, city, spec.facilityNames)
  for (const f of facilities) ctx.rows.doctorFacilities.push({ doctorId, facilityId: f.id })
  const slotDurationMinutes = spec.slotDurationMinutes ?? rng.pick([15, 30, 30, 30, 45])
  for (const block of spec.schedule ?? rng.pick(SCHEDULES)) {
    const facility = facilities[block.facility % facilities.length]
    for (const day of block.days) {
      ctx.rows.availabilities.push({
        id: ctx.ids.uuid(),
        doctorId,
        facilityId: facility?.id ?? null,
        dayOfWeek: day,
        startTime: block.start,
        endTime: block.end,
        isRecurring: true,
        slotDurationMinutes,
        timeZone: city.timeZone,
      })
    }
  }
  return { doctorId, userId, name, city, specialtyCodes, facilityIds: facilities.map((f) => f.id) }
}

/** 1-2 hospitals or clinics of the doctor's city (doctors do not consult in pharmacies or labs). */
function pickFacilities(ctx: SeedContext, city: CitySeed, names?: ReadonlyArray<string>) {
  if (names) return ctx.facilities.filter((f) => names.includes(f.name))
  const local = ctx.facilities.filter((f) => f.city === city.name && (f.type === "HOSPITAL" || f.type === "CLINIC"))
  return ctx.rng.sample(local, ctx.rng.int(1, 2))
}

function drawAwards(ctx: SeedContext, issuer: string, since: number, year: number): Award[] {
  return Array.from(
    {
      length: ctx.rng.weighted([
        [0, 5],
        [1, 3],
        [2, 1],
      ] as const),
    },
    () => ({
      title: ctx.rng.pick(AWARD_TITLES),
      issuer,
      year: ctx.rng.int(Math.min(since + 2, year - 1), year - 1),
    }),
  )
}

function drawPublications(ctx: SeedContext, specialty: SpecialtySeed, since: number, year: number): Publication[] {
  return Array.from(
    {
      length: ctx.rng.weighted([
        [0, 4],
        [1, 3],
        [2, 1],
      ] as const),
    },
    (_, i) => ({
      title: i === 0 ? `${specialty.topic} : étude rétrospective sur cinq ans` : `${specialty.topic} : profil épidémiologique et prise en charge`,
      journal: ctx.rng.pick(JOURNALS),
      year: ctx.rng.int(Math.min(since + 1, year - 1), year - 1),
      url: null,
    }),
  )
}
