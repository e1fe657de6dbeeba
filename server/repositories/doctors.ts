import { eq, sql, type SQL } from "drizzle-orm"
import type { Doctor } from "../../schemas/doctor.ts"
import type { Db } from "../db/client.ts"
import { preparedStatement } from "../db/prepared.ts"
import { doctors } from "../db/schema.ts"
import { ApiError } from "../http/errors.ts"
import { JsonText } from "../http/jsonText.ts"
import type { DoctorId } from "../../schemas/ids.ts"

/**
 * The whole records of these doctors as PostgreSQL keeps them (migration 0017: each doctor's
 * record stored as JSON, written again by triggers whenever their rows change, never with the
 * password hash nor the search columns; the next free slot read at each call), in the order of the
 * ids given, those that exist: one JSON text to parse, where gathering five lists a doctor at each
 * read was most of the database's work on a search, and assembling their rows most of the gateway's.
 */
export const doctorRecordsJson = (ids: SQL) => sql<string>`doctor_records_json(${ids})`

/** One doctor's whole record (the profile read), by a statement prepared once per connection. */
const doctorById = preparedStatement("doctor_by_id", (db, name) =>
  db
    .select({ records: doctorRecordsJson(sql`ARRAY[${sql.placeholder("id")}]::uuid[]`) })
    .from(sql`(SELECT) AS nothing`)
    .prepare(name),
)

/** The records of these doctors, in this order, by a statement prepared once per connection. */
const doctorsByIds = preparedStatement("doctors_by_ids", (db, name) =>
  db
    .select({ records: doctorRecordsJson(sql`${sql.placeholder("ids")}::uuid[]`) })
    .from(sql`(SELECT) AS nothing`)
    .prepare(name),
)

/** The records' JSON text of these doctors, in this order (those that exist). */
export async function doctorRecordsOf(db: Db, ids: ReadonlyArray<string>): Promise<string> {
  if (ids.length === 0) return "[]"
  const [row] = await doctorsByIds(db).execute({ ids })
  return row?.records ?? "[]"
}

/** A doctor's record as the JSON text PostgreSQL wrote, or undefined when there is no such doctor. */
export async function loadDoctorJson(db: Db, id: DoctorId): Promise<JsonText<Doctor> | undefined> {
  const [row] = await doctorById(db).execute({ id })
  // A list of one record, or of none ("[]").
  const record = row?.records.slice(1, -1).trim()
  return record ? new JsonText<Doctor>(record) : undefined
}

export async function loadDoctor(db: Db, id: DoctorId): Promise<Doctor | undefined> {
  return (await loadDoctorJson(db, id))?.parse()
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
