-- Every statement that changes the doctors' listings tells the gateways which doctors it touched,
-- on the channel promed_listings, when it commits: each gateway on PostgreSQL keeps the listings in
-- memory to answer searches (server/search/), and reads those doctors' rows again. A notification
-- holds at most 8000 bytes: past 200 doctors (37 bytes each), or for a TRUNCATE, it says "*", read
-- them all again.
CREATE FUNCTION "doctor_listings_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" text;
  "touched" bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('promed_listings', '*');
    RETURN NULL;
  END IF;
  SELECT string_agg(c."doctor_id"::text, ','), count(*) INTO "ids", "touched" FROM "changed_listings" c;
  IF "touched" > 200 THEN
    PERFORM pg_notify('promed_listings', '*');
  ELSIF "touched" > 0 THEN
    PERFORM pg_notify('promed_listings', "ids");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "doctor_listings_notify_insert" AFTER INSERT ON "doctor_listings" REFERENCING NEW TABLE AS "changed_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_listings_notify"();--> statement-breakpoint
CREATE TRIGGER "doctor_listings_notify_update" AFTER UPDATE ON "doctor_listings" REFERENCING NEW TABLE AS "changed_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_listings_notify"();--> statement-breakpoint
CREATE TRIGGER "doctor_listings_notify_delete" AFTER DELETE ON "doctor_listings" REFERENCING OLD TABLE AS "changed_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_listings_notify"();--> statement-breakpoint
CREATE TRIGGER "doctor_listings_notify_truncate" AFTER TRUNCATE ON "doctor_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_listings_notify"();
