-- Every statement that changes what a search card shows, a doctor's stored record or their time
-- slots (the next free one), tells the gateways which doctors it touched, on the channel
-- promed_records, when it commits: each gateway on PostgreSQL keeps the records and next free
-- slots in memory to answer searches (server/search/recordFeed.ts), and reads those doctors' again.
-- A notification holds at most 8000 bytes: the ids go 200 at a time (37 bytes each), so that the
-- week of slots a job writes for every doctor is read again doctor by doctor, not all at once; a
-- TRUNCATE says "*", read them all again.
CREATE FUNCTION "doctor_records_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('promed_records', '*');
    RETURN NULL;
  END IF;
  FOR "ids" IN
    SELECT string_agg(t."doctor_id"::text, ',')
    FROM (SELECT c."doctor_id", (row_number() OVER (ORDER BY c."doctor_id") - 1) / 200 AS "batch"
          FROM (SELECT DISTINCT "doctor_id" FROM "changed_rows") c) t
    GROUP BY t."batch"
  LOOP
    PERFORM pg_notify('promed_records', "ids");
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "doctor_records_notify_insert" AFTER INSERT ON "doctor_records" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_records_notify"();--> statement-breakpoint
CREATE TRIGGER "doctor_records_notify_update" AFTER UPDATE ON "doctor_records" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_records_notify"();--> statement-breakpoint
CREATE TRIGGER "doctor_records_notify_delete" AFTER DELETE ON "doctor_records" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_records_notify"();--> statement-breakpoint
CREATE TRIGGER "doctor_records_notify_truncate" AFTER TRUNCATE ON "doctor_records"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_records_notify"();--> statement-breakpoint
CREATE TRIGGER "time_slots_notify_insert" AFTER INSERT ON "time_slots" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_records_notify"();--> statement-breakpoint
CREATE TRIGGER "time_slots_notify_update" AFTER UPDATE ON "time_slots" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_records_notify"();--> statement-breakpoint
CREATE TRIGGER "time_slots_notify_delete" AFTER DELETE ON "time_slots" REFERENCING OLD TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_records_notify"();--> statement-breakpoint
CREATE TRIGGER "time_slots_notify_truncate" AFTER TRUNCATE ON "time_slots"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_records_notify"();
