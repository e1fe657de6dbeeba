-- Each doctor's record kept as JSON beside the doctor (all of the API's Doctor but the next free
-- slot, which moves with the clock and is read at each call), written again by triggers whenever
-- a statement changes what it shows: the doctor, their user, specialties, services, facilities or
-- locations. Gathering the five lists of ten doctors at every search was most of PostgreSQL's
-- work on it (1.4 ms for a page of ten). Kept as JSON text, joined as text: as jsonb, taking ten
-- apart and putting them together again cost more (2 ms) than gathering them.
CREATE TABLE "doctor_records" (
	"doctor_id" uuid PRIMARY KEY NOT NULL REFERENCES "doctors"("id") ON DELETE CASCADE,
	"record" text NOT NULL
);--> statement-breakpoint
-- Writes the records of these doctors from their tables (those that exist), in the order of their
-- ids, so that two writers refreshing overlapping sets lock the rows in one order. A record that
-- did not change is left as it is. Lists in the order they are shown: specialties by label,
-- services by code, facilities by name, locations by position; the rating to two decimals.
CREATE FUNCTION "doctor_records_refresh"("ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "doctor_records" AS r ("doctor_id", "record")
  SELECT d."id", jsonb_build_object(
      'id', d."id",
      'userId', u."id",
      'firstName', u."first_name",
      'lastName', u."last_name",
      'email', u."email",
      'phoneNumber', u."phone_number",
      'civility', u."civility",
      'refNumber', d."ref_number",
      'photoUrl', u."photo_url",
      'biography', d."biography",
      'website', d."website",
      'careerStartYear', d."career_start_year",
      'consultationFee', d."consultation_fee",
      'averageRate', round(d."average_rate"::numeric, 2),
      'reviewCount', d."review_count",
      'specialties', coalesce((
        SELECT jsonb_agg(jsonb_build_object('id', s."id", 'code', s."code", 'label', s."label") ORDER BY s."label")
        FROM "doctor_specialties" ds JOIN "specialties" s ON s."id" = ds."specialty_id" WHERE ds."doctor_id" = d."id"), '[]'),
      'doctorSpokenLanguages', d."spoken_languages",
      'insuranceAccepted', d."insurance_accepted",
      'providedServices', coalesce((
        SELECT jsonb_agg(jsonb_build_object('id', ps."id", 'code', ps."code", 'price', ps."price") ORDER BY ps."code")
        FROM "provided_services" ps WHERE ps."doctor_id" = d."id"), '[]'),
      'locations', coalesce((
        SELECT jsonb_agg(jsonb_build_object('id', l."id", 'address', l."address", 'city', l."city", 'state', l."state",
          'zip', l."zip", 'country', l."country", 'isPrimary', l."is_primary", 'residency', l."residency",
          'coordinates', CASE WHEN l."lat" IS NOT NULL AND l."lng" IS NOT NULL THEN jsonb_build_object('lat', l."lat", 'lng', l."lng") END)
          ORDER BY l."position")
        FROM "locations" l WHERE l."user_id" = u."id"), '[]'),
      'healthcareFacilities', coalesce((
        SELECT jsonb_agg(jsonb_build_object('id', f."id", 'name', f."name", 'photoUrl', f."photo_url", 'isPartner', f."is_partner",
          'location', jsonb_build_object('address', f."address", 'city', f."city", 'state', f."state"),
          'phoneNumber', f."phone_number", 'website', f."website", 'careTypes', f."care_types") ORDER BY f."name")
        FROM "doctor_facilities" df JOIN "healthcare_facilities" f ON f."id" = df."facility_id" WHERE df."doctor_id" = d."id"), '[]'),
      'awards', d."awards",
      'publications', d."publications",
      'clinicPhotos', d."clinic_photos",
      'education', d."education")::text
  FROM "doctors" d JOIN "users" u ON u."id" = d."user_id"
  WHERE d."id" = ANY("ids")
  ORDER BY d."id"
  ON CONFLICT ("doctor_id") DO UPDATE SET "record" = excluded."record" WHERE r."record" IS DISTINCT FROM excluded."record";
END
$$;--> statement-breakpoint
-- The doctors a statement touched, by the rows it changed ("changed", the transition table each
-- trigger below names so): one function per table, for its inserts, updates and deletes.
CREATE FUNCTION "doctor_records_after_doctors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "doctor_records_refresh"(ARRAY(SELECT c."id" FROM "changed" c));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "doctor_records_after_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "doctor_records_refresh"(ARRAY(SELECT d."id" FROM "changed" c JOIN "doctors" d ON d."user_id" = c."id"));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- doctor_specialties, provided_services, doctor_facilities: rows that name their doctor.
CREATE FUNCTION "doctor_records_after_doctor_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "doctor_records_refresh"(ARRAY(SELECT DISTINCT c."doctor_id" FROM "changed" c));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "doctor_records_after_specialties"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "doctor_records_refresh"(ARRAY(SELECT DISTINCT ds."doctor_id" FROM "changed" c JOIN "doctor_specialties" ds ON ds."specialty_id" = c."id"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "doctor_records_after_facilities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "doctor_records_refresh"(ARRAY(SELECT DISTINCT df."doctor_id" FROM "changed" c JOIN "doctor_facilities" df ON df."facility_id" = c."id"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "doctor_records_after_locations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "doctor_records_refresh"(ARRAY(SELECT DISTINCT d."id" FROM "changed" c JOIN "doctors" d ON d."user_id" = c."user_id"));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A transition table serves one event only: a trigger per table and event. A doctor's deletion
-- takes their record with it (the foreign key); a user, a specialty or a facility is counted once
-- rows name them.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('doctors', 'INSERT', 'doctor_records_after_doctors'), ('doctors', 'UPDATE', 'doctor_records_after_doctors'),
    ('users', 'UPDATE', 'doctor_records_after_users'),
    ('doctor_specialties', 'INSERT', 'doctor_records_after_doctor_rows'), ('doctor_specialties', 'UPDATE', 'doctor_records_after_doctor_rows'),
    ('doctor_specialties', 'DELETE', 'doctor_records_after_doctor_rows'),
    ('provided_services', 'INSERT', 'doctor_records_after_doctor_rows'), ('provided_services', 'UPDATE', 'doctor_records_after_doctor_rows'),
    ('provided_services', 'DELETE', 'doctor_records_after_doctor_rows'),
    ('doctor_facilities', 'INSERT', 'doctor_records_after_doctor_rows'), ('doctor_facilities', 'UPDATE', 'doctor_records_after_doctor_rows'),
    ('doctor_facilities', 'DELETE', 'doctor_records_after_doctor_rows'),
    ('specialties', 'UPDATE', 'doctor_records_after_specialties'),
    ('healthcare_facilities', 'UPDATE', 'doctor_records_after_facilities'),
    ('locations', 'INSERT', 'doctor_records_after_locations'), ('locations', 'UPDATE', 'doctor_records_after_locations'),
    ('locations', 'DELETE', 'doctor_records_after_locations')
  ) AS v("tbl", "event", "fn") LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      'doctor_records_' || lower(t."event") || '_' || t."tbl", t."event", t."tbl",
      CASE WHEN t."event" = 'DELETE' THEN 'OLD' ELSE 'NEW' END, t."fn");
  END LOOP;
END
$$;--> statement-breakpoint
-- The doctors already there.
SELECT "doctor_records_refresh"(ARRAY(SELECT "id" FROM "doctors"));--> statement-breakpoint
-- The records as the API sends them: each stored record with the next free slot read now (UTC, to
-- the second) written in before its closing brace, in the order of the ids given, those that exist.
CREATE OR REPLACE FUNCTION "doctor_records_json"("ids" uuid[]) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN '[' || coalesce((
    SELECT string_agg(left(r."record", -1) || ', "nextAvailability": ' || coalesce(to_json((
        SELECT to_char(min(t."starts_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM "time_slots" t
        WHERE t."doctor_id" = r."doctor_id" AND t."status" = 'AVAILABLE' AND t."starts_at" > now()))::text, 'null') || '}',
      ', ' ORDER BY p."n")
    FROM unnest("ids") WITH ORDINALITY AS p("id", "n")
    JOIN "doctor_records" r ON r."doctor_id" = p."id"
  ), '') || ']';
END
$$;
