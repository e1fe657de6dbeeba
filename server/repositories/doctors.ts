import { and, asc, eq, gt, inArray, min, sql } from "drizzle-orm"
import type { Doctor, DoctorFacility, Specialty } from "../../schemas/doctor.ts"
import type { SpokenLanguage } from "../../schemas/enums.ts"
import type { Db } from "../db/client.ts"
import { doctorFacilities, doctors, doctorSpecialties, healthcareFacilities, providedServices, specialties, timeSlots, users } from "../db/schema.ts"
import { toUtcSeconds } from "../db/time.ts"
import { ApiError } from "../http/errors.ts"
import { locationsByUser } from "./locations.ts"

function groupBy<T, K>(rows: ReadonlyArray<T>, key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = map.get(k)
    if (list) list.push(row)
    else map.set(k, [row])
  }
  return map
}

/**
 * Full doctor records for the given ids, in the same order, in a fixed number of queries
 * whatever the count (no query per doctor).
 */
export async function loadDoctors(db: Db, ids: ReadonlyArray<string>): Promise<Doctor[]> {
  if (ids.length === 0) return []
  const idList = [...ids]
  const [base, specialtyRows, serviceRows, facilityRows, nextRows] = await Promise.all([
    db.select({ doctor: doctors, user: users }).from(doctors).innerJoin(users, eq(users.id, doctors.userId)).where(inArray(doctors.id, idList)),
    db
      .select({ doctorId: doctorSpecialties.doctorId, id: specialties.id, code: specialties.code, label: specialties.label })
      .from(doctorSpecialties)
      .innerJoin(specialties, eq(specialties.id, doctorSpecialties.specialtyId))
      .where(inArray(doctorSpecialties.doctorId, idList))
      .orderBy(asc(specialties.label)),
    db.select().from(providedServices).where(inArray(providedServices.doctorId, idList)).orderBy(asc(providedServices.code)),
    db
      .select({ doctorId: doctorFacilities.doctorId, facility: healthcareFacilities })
      .from(doctorFacilities)
      .innerJoin(healthcareFacilities, eq(healthcareFacilities.id, doctorFacilities.facilityId))
      .where(inArray(doctorFacilities.doctorId, idList))
      .orderBy(asc(healthcareFacilities.name)),
    db
      .select({ doctorId: timeSlots.doctorId, next: min(timeSlots.startsAt) })
      .from(timeSlots)
      .where(and(inArray(timeSlots.doctorId, idList), eq(timeSlots.status, "AVAILABLE"), gt(timeSlots.startsAt, sql`now()`)))
      .groupBy(timeSlots.doctorId),
  ])
  const locationMap = await locationsByUser(
    db,
    base.map((b) => b.user.id),
  )
  const specialtiesOf = groupBy(specialtyRows, (r) => r.doctorId)
  const servicesOf = groupBy(serviceRows, (r) => r.doctorId)
  const facilitiesOf = groupBy(facilityRows, (r) => r.doctorId)
  const nextOf = new Map(nextRows.map((r) => [r.doctorId, r.next]))
  const byId = new Map(base.map((b) => [b.doctor.id, b]))

  return idList.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const { doctor, user } = row
    const next = nextOf.get(id)
    const record: Doctor = {
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
      specialties: (specialtiesOf.get(id) ?? []).map(({ id: sid, code, label }): Specialty => ({ id: sid, code, label })),
      doctorSpokenLanguages: doctor.spokenLanguages as SpokenLanguage[],
      insuranceAccepted: doctor.insuranceAccepted,
      providedServices: (servicesOf.get(id) ?? []).map((s) => ({ id: s.id, code: s.code, price: s.price })),
      locations: locationMap.get(user.id) ?? [],
      healthcareFacilities: (facilitiesOf.get(id) ?? []).map(({ facility: f }): DoctorFacility => ({
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
    return [record]
  })
}

export async function loadDoctor(db: Db, id: string): Promise<Doctor | undefined> {
  const [doctor] = await loadDoctors(db, [id])
  return doctor
}

/**
 * Recomputes the denormalised search columns of a doctor (keyword text, primary city, cheapest
 * price, service codes, listed, sort names) after any change to names, specialties, locations,
 * services or the user's active flag; of every doctor, in one statement, when no id is given (the seed).
 */
export async function refreshDoctorSearchFields(db: Db, doctorId: string | null): Promise<void> {
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
      listed = u.is_active,
      sort_first_name = lower(u.first_name),
      sort_last_name = lower(u.last_name)
    FROM users u
    WHERE u.id = d.user_id AND (${doctorId}::uuid IS NULL OR d.id = ${doctorId}::uuid)
  `)
}

/** DOCTOR_NOT_FOUND unless a doctor has this id. */
export async function requireDoctorExists(db: Db, doctorId: string): Promise<void> {
  const [row] = await db.select({ id: doctors.id }).from(doctors).where(eq(doctors.id, doctorId))
  if (!row) throw new ApiError("DOCTOR_NOT_FOUND", "This doctor does not exist")
}
