CREATE TABLE "doctor_listings" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"listed" boolean NOT NULL,
	"search_text" text NOT NULL,
	"primary_city" text,
	"min_price" integer,
	"service_codes" text[] NOT NULL,
	"specialty_codes" text[] NOT NULL,
	"sort_first_name" text NOT NULL,
	"sort_last_name" text NOT NULL,
	"average_rate" double precision NOT NULL,
	"career_start_year" integer,
	"spoken_languages" jsonb NOT NULL,
	"insurance_accepted" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_listings" ADD CONSTRAINT "doctor_listings_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Whatever statement inserts or updates doctors, the rows it touched are copied here at its end
-- (one statement for a whole seed); a row whose searched columns did not change is left as it is.
CREATE FUNCTION "doctor_listings_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "doctor_listings" AS l ("doctor_id", "listed", "search_text", "primary_city", "min_price", "service_codes",
    "specialty_codes", "sort_first_name", "sort_last_name", "average_rate", "career_start_year", "spoken_languages", "insurance_accepted")
  SELECT "id", "listed", "search_text", "primary_city", "min_price", "service_codes",
    "specialty_codes", "sort_first_name", "sort_last_name", "average_rate", "career_start_year", "spoken_languages", "insurance_accepted"
  FROM "changed_doctors"
  ON CONFLICT ("doctor_id") DO UPDATE SET
    "listed" = excluded."listed", "search_text" = excluded."search_text", "primary_city" = excluded."primary_city",
    "min_price" = excluded."min_price", "service_codes" = excluded."service_codes", "specialty_codes" = excluded."specialty_codes",
    "sort_first_name" = excluded."sort_first_name", "sort_last_name" = excluded."sort_last_name", "average_rate" = excluded."average_rate",
    "career_start_year" = excluded."career_start_year", "spoken_languages" = excluded."spoken_languages",
    "insurance_accepted" = excluded."insurance_accepted"
  WHERE (l."listed", l."search_text", l."primary_city", l."min_price", l."service_codes", l."specialty_codes", l."sort_first_name",
         l."sort_last_name", l."average_rate", l."career_start_year", l."spoken_languages", l."insurance_accepted")
    IS DISTINCT FROM
        (excluded."listed", excluded."search_text", excluded."primary_city", excluded."min_price", excluded."service_codes",
         excluded."specialty_codes", excluded."sort_first_name", excluded."sort_last_name", excluded."average_rate",
         excluded."career_start_year", excluded."spoken_languages", excluded."insurance_accepted");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "doctor_listings_after_insert" AFTER INSERT ON "doctors" REFERENCING NEW TABLE AS "changed_doctors"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_listings_copy"();--> statement-breakpoint
CREATE TRIGGER "doctor_listings_after_update" AFTER UPDATE ON "doctors" REFERENCING NEW TABLE AS "changed_doctors"
  FOR EACH STATEMENT EXECUTE FUNCTION "doctor_listings_copy"();--> statement-breakpoint
-- The doctors already there.
INSERT INTO "doctor_listings" ("doctor_id", "listed", "search_text", "primary_city", "min_price", "service_codes",
  "specialty_codes", "sort_first_name", "sort_last_name", "average_rate", "career_start_year", "spoken_languages", "insurance_accepted")
SELECT "id", "listed", "search_text", "primary_city", "min_price", "service_codes",
  "specialty_codes", "sort_first_name", "sort_last_name", "average_rate", "career_start_year", "spoken_languages", "insurance_accepted"
FROM "doctors";--> statement-breakpoint
-- A keyword's share of doctors is estimated from a sample of search texts: with the default 100
-- the planner took "diop" (1.8 % of 100,000 doctors) for 10 rows and sorted every match (5 ms)
-- instead of walking the name index to the first ten (1.3 ms).
ALTER TABLE "doctor_listings" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "doctor_listings_rating_idx" ON "doctor_listings" USING btree ("average_rate","doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_listings_career_idx" ON "doctor_listings" USING btree ("career_start_year","doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_listings_min_price_idx" ON "doctor_listings" USING btree ("min_price","doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_listings_city_idx" ON "doctor_listings" USING btree ("primary_city");--> statement-breakpoint
CREATE INDEX "doctor_listings_search_trgm_idx" ON "doctor_listings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "doctor_listings_specialty_codes_idx" ON "doctor_listings" USING gin ("specialty_codes");--> statement-breakpoint
CREATE INDEX "doctor_listings_listing_idx" ON "doctor_listings" USING btree ("sort_first_name","sort_last_name","doctor_id") INCLUDE ("listed","service_codes","search_text");--> statement-breakpoint
DROP INDEX "doctors_rating_idx";--> statement-breakpoint
DROP INDEX "doctors_career_idx";--> statement-breakpoint
DROP INDEX "doctors_min_price_idx";--> statement-breakpoint
DROP INDEX "doctors_city_idx";--> statement-breakpoint
DROP INDEX "doctors_search_trgm_idx";--> statement-breakpoint
DROP INDEX "doctors_specialty_codes_idx";--> statement-breakpoint
DROP INDEX "doctors_listing_idx";
