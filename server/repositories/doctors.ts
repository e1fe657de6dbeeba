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

/** A doctor's stored record and next free slot, as the profile's statement reads them. */
interface StoredRecord {
  readonly record: string
  /** The start of the next free slot, as the API writes it, or null. */
  readonly next: string | null
}

/** The start of the next free slot of the doctor of stored record `r`, read now. */
const nextFreeStart = sql`(SELECT min(t.starts_at) FROM time_slots t WHERE t.doctor_id = r.doctor_id AND t.status = 'AVAILABLE' AND t.starts_at > now())`

/** A time as the API writes it, to the second. */
const apiTime = (at: SQL) => sql<string | null>`to_char(${at} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`

/** The columns of a stored record `r` with its next free slot. */
const storedRecordColumns = { record: sql<string>`r.record`, next: apiTime(nextFreeStart) }

/**
 * The stored records of these doctors, a row each in the order of the ids (those that exist), with
 * their next free slot as the API writes it; the gateway puts each together (`withNext`), as
 * doctor_records_json does for the search statement. Prepared once per connection.
 */
const recordsByIds = preparedStatement("doctor_records_by_ids", (db, name) =>
  db
    .select(storedRecordColumns)
    .from(sql`unnest(${sql.placeholder("ids")}::uuid[]) WITH ORDINALITY AS p(id, n) JOIN doctor_records r ON r.doctor_id = p.id`)
    .orderBy(sql`p.n`)
    .prepare(name),
)

/** A stored record (a JSON object without its next free slot) with it, as doctor_records_json writes it. */
const withNext = ({ record, next }: StoredRecord) => `${record.slice(0, -1)}, "nextAvailability": ${next === null ? "null" : JSON.stringify(next)}}`

/** A doctor's record as JSON text, or undefined when there is no such doctor. */
export async function loadDoctorJson(db: Db, id: DoctorId): Promise<JsonText<Doctor> | undefined> {
  const [row] = await recordsByIds(db).execute({ ids: [id] })
  return row ? new JsonText<Doctor>(withNext(row)) : undefined
}

export async function loadDoctor(db: Db, id: DoctorId): Promise<Doctor | undefined> {
  return (await loadDoctorJson(db, id))?.parse()
}

/**
 * Recomputes the denormalised search columns of a doctor (keyword text, primary city, cheapest
 * price, service and specialty codes, listed, sort names) after any change to names, specialties, locations,
 * services, the user's active flag or the visibility setting; of every doctor, in one statement, when no id is given (the seed).
 * Listed: an active user whose visibility is not PRIVATE (issue 38: a PRIVATE doctor is left out of
 * the search, whose statement reads this column).
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
      listed = u.is_active AND NOT EXISTS (SELECT 1 FROM doctor_settings st WHERE st.doctor_id = d.id AND st.visibility = 'PRIVATE'),
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
