-- Doctors' whole records (the API's Doctor: the profile, a search's page, the doctor's own
-- account) as one JSON text, in the order of the ids given, those that exist. The gateway parses
-- one text instead of five JSON lists a row, and a search reads its count, its page and the
-- page's records in one statement, one round trip. A PL/pgSQL function so that PostgreSQL plans
-- the records' statement once per connection (five lists gathered per doctor: 1.7 ms to plan),
-- whatever search statement, unprepared, calls it. Never the password hash, nor the search
-- columns. Lists in the order they are shown: specialties by label, services by code,
-- facilities by name, locations by position; the rating to two decimals; the next free slot as
-- the API writes an instant (UTC, to the second).
CREATE FUNCTION "doctor_records_json"("ids" uuid[]) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
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
      'nextAvailability', (
        SELECT to_char(min(t."starts_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') FROM "time_slots" t
        WHERE t."doctor_id" = d."id" AND t."status" = 'AVAILABLE' AND t."starts_at" > now()),
      'specialties', coalesce((
        SELECT json_agg(json_build_object('id', s."id", 'code', s."code", 'label', s."label") ORDER BY s."label")
        FROM "doctor_specialties" ds JOIN "specialties" s ON s."id" = ds."specialty_id" WHERE ds."doctor_id" = d."id"), '[]'),
      'doctorSpokenLanguages', d."spoken_languages",
      'insuranceAccepted', d."insurance_accepted",
      'providedServices', coalesce((
        SELECT json_agg(json_build_object('id', ps."id", 'code', ps."code", 'price', ps."price") ORDER BY ps."code")
        FROM "provided_services" ps WHERE ps."doctor_id" = d."id"), '[]'),
      'locations', coalesce((
        SELECT json_agg(json_build_object('id', l."id", 'address', l."address", 'city', l."city", 'state', l."state",
          'zip', l."zip", 'country', l."country", 'isPrimary', l."is_primary", 'residency', l."residency",
          'coordinates', CASE WHEN l."lat" IS NOT NULL AND l."lng" IS NOT NULL THEN json_build_object('lat', l."lat", 'lng', l."lng") END)
          ORDER BY l."position")
        FROM "locations" l WHERE l."user_id" = u."id"), '[]'),
      'healthcareFacilities', coalesce((
        SELECT json_agg(json_build_object('id', f."id", 'name', f."name", 'photoUrl', f."photo_url", 'isPartner', f."is_partner",
          'location', json_build_object('address', f."address", 'city', f."city", 'state', f."state"),
          'phoneNumber', f."phone_number", 'website', f."website", 'careTypes', f."care_types") ORDER BY f."name")
        FROM "doctor_facilities" df JOIN "healthcare_facilities" f ON f."id" = df."facility_id" WHERE df."doctor_id" = d."id"), '[]'),
      'awards', d."awards",
      'publications', d."publications",
      'clinicPhotos', d."clinic_photos",
      'education', d."education"
    ) ORDER BY p."n"), '[]')::text
    FROM unnest("ids") WITH ORDINALITY AS p("id", "n")
    JOIN "doctors" d ON d."id" = p."id"
    JOIN "users" u ON u."id" = d."user_id"
  );
END
$$;
