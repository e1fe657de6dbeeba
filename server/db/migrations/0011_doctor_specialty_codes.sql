ALTER TABLE "doctors" ADD COLUMN "specialty_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "doctors" d SET
  "specialty_codes" = coalesce((SELECT array_agg(s."code" ORDER BY s."code") FROM "doctor_specialties" ds
                                JOIN "specialties" s ON s."id" = ds."specialty_id" WHERE ds."doctor_id" = d."id"), '{}'::text[]);--> statement-breakpoint
CREATE INDEX "doctors_specialty_codes_idx" ON "doctors" USING gin ("specialty_codes");--> statement-breakpoint
DROP INDEX "doctors_listing_idx";--> statement-breakpoint
CREATE INDEX "doctors_listing_idx" ON "doctors" USING btree ("sort_first_name","sort_last_name","id") INCLUDE ("listed","service_codes","search_text");
