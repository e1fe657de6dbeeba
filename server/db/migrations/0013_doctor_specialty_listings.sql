CREATE TABLE "doctor_specialty_listings" (
	"specialty_code" text NOT NULL,
	"doctor_id" uuid NOT NULL,
	"primary_city" text,
	"average_rate" double precision NOT NULL,
	"listed" boolean NOT NULL,
	"service_codes" text[] NOT NULL,
	CONSTRAINT "doctor_specialty_listings_doctor_id_specialty_code_pk" PRIMARY KEY("doctor_id","specialty_code")
);
--> statement-breakpoint
ALTER TABLE "doctor_specialty_listings" ADD CONSTRAINT "doctor_specialty_listings_doctor_id_doctor_listings_doctor_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor_listings"("doctor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Whatever statement inserts or updates listings (the copy from doctors, which leaves a listing
-- whose searched columns stayed the same untouched), the doctors it touched get their rows again.
CREATE FUNCTION "doctor_specialty_listings_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "doctor_specialty_listings" WHERE "doctor_id" IN (SELECT "doctor_id" FROM "changed_listings");
  INSERT INTO "doctor_specialty_listings" ("specialty_code", "doctor_id", "primary_city", "average_rate", "listed", "service_codes")
  SELECT DISTINCT code, l."doctor_id", l."primary_city", l."average_rate", l."listed", l."service_codes"
  FROM "changed_listings" l, unnest(l."specialty_codes") AS code;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "doctor_specialty_listings_after_insert" AFTER INSERT ON "doctor_listings" REFERENCING NEW TABLE AS "changed_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_specialty_listings_copy"();--> statement-breakpoint
CREATE TRIGGER "doctor_specialty_listings_after_update" AFTER UPDATE ON "doctor_listings" REFERENCING NEW TABLE AS "changed_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_specialty_listings_copy"();--> statement-breakpoint
INSERT INTO "doctor_specialty_listings" ("specialty_code", "doctor_id", "primary_city", "average_rate", "listed", "service_codes")
SELECT DISTINCT code, l."doctor_id", l."primary_city", l."average_rate", l."listed", l."service_codes"
FROM "doctor_listings" l, unnest(l."specialty_codes") AS code;--> statement-breakpoint
-- A count of one specialty's doctors, in a city or from a rating, is one range of this index.
CREATE INDEX "doctor_specialty_listings_count_idx" ON "doctor_specialty_listings" USING btree ("specialty_code","primary_city","average_rate") INCLUDE ("listed","service_codes","doctor_id");
