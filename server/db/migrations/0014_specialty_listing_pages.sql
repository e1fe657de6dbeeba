-- The page of a one-specialty search is chosen from that specialty's rows too: they carry the
-- columns the page is sorted on, copied from the listings like the rest.
ALTER TABLE "doctor_specialty_listings" ADD COLUMN "min_price" integer;--> statement-breakpoint
ALTER TABLE "doctor_specialty_listings" ADD COLUMN "career_start_year" integer;--> statement-breakpoint
ALTER TABLE "doctor_specialty_listings" ADD COLUMN "sort_first_name" text;--> statement-breakpoint
ALTER TABLE "doctor_specialty_listings" ADD COLUMN "sort_last_name" text;--> statement-breakpoint
UPDATE "doctor_specialty_listings" s
SET "min_price" = l."min_price", "career_start_year" = l."career_start_year", "sort_first_name" = l."sort_first_name", "sort_last_name" = l."sort_last_name"
FROM "doctor_listings" l WHERE l."doctor_id" = s."doctor_id";--> statement-breakpoint
ALTER TABLE "doctor_specialty_listings" ALTER COLUMN "sort_first_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "doctor_specialty_listings" ALTER COLUMN "sort_last_name" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "doctor_specialty_listings_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "doctor_specialty_listings" WHERE "doctor_id" IN (SELECT "doctor_id" FROM "changed_listings");
  INSERT INTO "doctor_specialty_listings" ("specialty_code", "doctor_id", "primary_city", "average_rate", "listed", "service_codes",
    "min_price", "career_start_year", "sort_first_name", "sort_last_name")
  SELECT DISTINCT code, l."doctor_id", l."primary_city", l."average_rate", l."listed", l."service_codes",
    l."min_price", l."career_start_year", l."sort_first_name", l."sort_last_name"
  FROM "changed_listings" l, unnest(l."specialty_codes") AS code;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- One index per sort of SPEC §7, each walking one specialty's rows in the page's order (and
-- backwards for the other direction), the id breaking ties as on the listings.
CREATE INDEX "doctor_specialty_listings_rating_idx" ON "doctor_specialty_listings" USING btree ("specialty_code","average_rate","doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_specialty_listings_career_idx" ON "doctor_specialty_listings" USING btree ("specialty_code","career_start_year","doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_specialty_listings_min_price_idx" ON "doctor_specialty_listings" USING btree ("specialty_code","min_price","doctor_id");--> statement-breakpoint
CREATE INDEX "doctor_specialty_listings_name_idx" ON "doctor_specialty_listings" USING btree ("specialty_code","sort_first_name","sort_last_name","doctor_id");
