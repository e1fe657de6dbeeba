import { eq, sql } from "drizzle-orm"
import type { Doctor, DoctorFacility, Specialty } from "../../schemas/doctor.ts"
import type { SpokenLanguage } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import { preparedStatement } from "../db/prepared.ts"
import { doctorFacilities, doctors, doctorSpecialties, healthcareFacilities, locations, providedServices, specialties, timeSlots, users } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import { ApiError } from "../http/errors.ts"
import { toLocation, type LocationRow } from "./locations.ts"
import type { DoctorId, FacilityId } from "../../schemas/ids.ts"

interface FacilityJson {
  id: FacilityId
  name: string
  photoUrl: string | null
  isPartner: boolean
  address: string
  city: string
  state: string | null
  phoneNumber: string | null
  website: string | null
  careTypes: string[]
}

/*
 * A doctor's lists, each gathered by PostgreSQL as one JSON value beside the doctor's row, so a
 * page of doctors is one statement (one round trip, one plan) rather than one per list: the
 * uncached search and profile reads are mostly per-statement cost.
 */
const specialtiesJson = sql<Specialty[]>`coalesce((
  SELECT json_agg(json_build_object('id', s.id, 'code', s.code, 'label', s.label) ORDER BY s.label)
  FROM ${doctorSpecialties} ds JOIN ${specialties} s ON s.id = ds.specialty_id WHERE ds.doctor_id = ${doctors.id}), '[]')`
const servicesJson = sql<Array<Pick<typeof providedServices.$inferSelect, "id" | "code" | "price">>>`coalesce((
  SELECT json_agg(json_build_object('id', ps.id, 'code', ps.code, 'price', ps.price) ORDER BY ps.code)
  FROM ${providedServices} ps WHERE ps.doctor_id = ${doctors.id}), '[]')`
const facilitiesJson = sql<FacilityJson[]>`coalesce((
  SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'photoUrl', f.photo_url, 'isPartner', f.is_partner, 'address', f.address,
    'city', f.city, 'state', f.state, 'phoneNumber', f.phone_number, 'website', f.website, 'careTypes', f.care_types) ORDER BY f.name)
  FROM ${doctorFacilities} df JOIN ${healthcareFacilities} f ON f.id = df.facility_id WHERE df.doctor_id = ${doctors.id}), '[]')`
const locationsJson = sql<LocationRow[]>`coalesce((
  SELECT json_agg(json_build_object('id', l.id, 'userId', l.user_id, 'address', l.address, 'city', l.city, 'state', l.state, 'zip', l.zip,
    'country', l.country, 'isPrimary', l.is_primary, 'residency', l.residency, 'lat', l.lat, 'lng', l.lng, 'position', l.position) ORDER BY l.position)
  FROM ${locations} l WHERE l.user_id = ${users.id}), '[]')`
const nextAvailabilitySql = sql<Date | string | null>`(
  SELECT min(t.starts_at) FROM ${timeSlots} t WHERE t.doctor_id = ${doctors.id} AND t.status = 'AVAILABLE' AND t.starts_at > now())`

/**
 * The columns a doctor record shows, and no others: never the user's password hash, nor the
 * denormalised search columns (their text is the longest of the row).
 */
const recordDoctorColumns = {
  id: doctors.id,
  refNumber: doctors.refNumber,
  biography: doctors.biography,
  website: doctors.website,
  careerStartYear: doctors.careerStartYear,
  consultationFee: doctors.consultationFee,
  averageRate: doctors.averageRate,
  reviewCount: doctors.reviewCount,
  spokenLanguages: doctors.spokenLanguages,
  insuranceAccepted: doctors.insuranceAccepted,
  awards: doctors.awards,
  publications: doctors.publications,
  clinicPhotos: doctors.clinicPhotos,
  education: doctors.education,
}
const recordUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  civility: users.civility,
  photoUrl: users.photoUrl,
}

/** One statement that reads whole doctor records; callers add the where, order and limit. */
export const doctorRecords = (db: Db) =>
  db
    .select({
      doctor: recordDoctorColumns,
      user: recordUserColumns,
      specialties: specialtiesJson,
      services: servicesJson,
      facilities: facilitiesJson,
      locations: locationsJson,
      next: nextAvailabilitySql,
    })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))

export type DoctorRecordRow = Awaited<ReturnType<ReturnType<typeof doctorRecords>["execute"]>>[number]

/** The API's doctor from one row of `doctorRecords`. */
export function toDoctor({ doctor, user, specialties: specialtyList, services, facilities, locations: locationRows, next }: DoctorRecordRow): Doctor {
  return {
    id: doctor.id,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    civility: user.civility,
    refNumber: doctor.refNumber,
    photoUrl: user.photoUrl,
    biography: doctor.biography,
    website: doctor.website,
    careerStartYear: doctor.careerStartYear,
    consultationFee: doctor.consultationFee,
    averageRate: Math.round(doctor.averageRate * 100) / 100,
    reviewCount: doctor.reviewCount,
    nextAvailability: next ? toUtcSeconds(new Date(next)) : null,
    specialties: specialtyList,
    doctorSpokenLanguages: doctor.spokenLanguages as SpokenLanguage[],
    insuranceAccepted: doctor.insuranceAccepted,
    providedServices: services,
    locations: locationRows.map(toLocation),
    healthcareFacilities: facilities.map((f): DoctorFacility => ({
      id: f.id,
      name: f.name,
      photoUrl: f.photoUrl,
      isPartner: f.isPartner,
      location: { address: f.address, city: f.city, state: f.state },
      phoneNumber: f.phoneNumber,
      website: f.website,
      careTypes: f.careTypes,
    })),
    awards: doctor.awards,
    publications: doctor.publications,
    clinicPhotos: doctor.clinicPhotos,
    education: doctor.education,
  }
}

/**
 * One doctor's whole record, the profile read: `id = $1` keeps one generic plan per connection,
 * where `id = any($1)` was planned again at every call (PostgreSQL's CPU per read tripled).
 */
const doctorById = preparedStatement("doctor_by_id", (db, name) =>
  doctorRecords(db)
    .where(eq(doctors.id, sql.placeholder("id")))
    .prepare(name),
)

export async function loadDoctor(db: Db, id: DoctorId): Promise<Doctor | undefined> {
  const [row] = await doctorById(db).execute({ id })
  return row ? toDoctor(row) : undefined
}

/**
 * The whole records of a page of doctors, chosen beforehand by a search. Its text never changes,
 * so it is prepared by name: the search's own statement (whose shape follows the filters) stays a
 * cheap one to plan, and this one, the expensive one to plan (five lists gathered per doctor,
 * 1.7 ms of PostgreSQL's planner a search), is planned once per connection.
 */
const doctorsByIds = preparedStatement("doctors_by_ids", (db, name) =>
  doctorRecords(db)
    .where(sql`${doctors.id} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare(name),
)

/** The records of these doctors, in the order of the ids given (those that exist). */
export async function loadDoctorsInOrder(db: Db, ids: ReadonlyArray<DoctorId>): Promise<Doctor[]> {
  if (ids.length === 0) return []
  const rows = await doctorsByIds(db).execute({ ids })
  const byId = new Map(rows.map((row) => [row.doctor.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toDoctor(row)] : []
  })
}

/**
 * Recomputes the denormalised search columns of a doctor (keyword text, primary city, cheapest
 * price, service and specialty codes, listed, sort names) after any change to names, specialties, locations,
 * services or the user's active flag; of every doctor, in one statement, when no id is given (the seed).
 */
export async function refreshDoctorSearchFields(db: Db, doctorId: DoctorId | null): Promise<void> {
  await db.execute(sql`
    UPDATE doctors d SET
      search_text = lower(
        u.first_name || ' ' || u.last_name || ' ' || u.last_name || ' ' || u.first_name || ' ' ||
        coalesce((SELECT string_agg(s.label || ' ' || s.code, ' ') FROM doctor_specialties ds
                  JOIN specialties s ON s.id = ds.specialty_id WHERE ds.doctor_id = d.id), '')
      ),
      primary_city = (SELECT lower(l.city) FROM locations l WHERE l.user_id = d.user_id
                      ORDER BY l.is_primary DESC, l.position ASC LIMIT 1),
      min_price = (SELECT min(ps.price) FROM provided_services ps WHERE ps.doctor_id = d.id),
      consultation_fee = coalesce((SELECT ps.price FROM provided_services ps WHERE ps.doctor_id = d.id AND ps.code = 'CLINIC'),
                                  (SELECT min(ps.price) FROM provided_services ps WHERE ps.doctor_id = d.id)),
      service_codes = coalesce((SELECT array_agg(ps.code ORDER BY ps.code) FROM provided_services ps WHERE ps.doctor_id = d.id), '{}'::text[]),
      specialty_codes = coalesce((SELECT array_agg(s.code ORDER BY s.code) FROM doctor_specialties ds
                                  JOIN specialties s ON s.id = ds.specialty_id WHERE ds.doctor_id = d.id), '{}'::text[]),
      listed = u.is_active,
      sort_first_name = lower(u.first_name),
      sort_last_name = lower(u.last_name)
    FROM users u
    WHERE u.id = d.user_id AND (${doctorId}::uuid IS NULL OR d.id = ${doctorId}::uuid)
  `)
}

const doctorExists = preparedStatement("doctor_exists", (db, name) =>
  db
    .select({ id: doctors.id })
    .from(doctors)
    .where(eq(doctors.id, sql.placeholder("id")))
    .prepare(name),
)

/** DOCTOR_NOT_FOUND unless a doctor has this id. */
export async function requireDoctorExists(db: Db, doctorId: DoctorId): Promise<void> {
  const [row] = await doctorExists(db).execute({ id: doctorId })
  if (!row) throw new ApiError("DOCTOR_NOT_FOUND", "This doctor does not exist")
}
