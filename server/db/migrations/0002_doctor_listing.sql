DROP INDEX "doctors_rating_idx";--> statement-breakpoint
DROP INDEX "doctors_career_idx";--> statement-breakpoint
DROP INDEX "doctors_min_price_idx";--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "service_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "sort_first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "sort_last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "doctors_rating_idx" ON "doctors" USING btree ("average_rate","id");--> statement-breakpoint
CREATE INDEX "doctors_career_idx" ON "doctors" USING btree ("career_start_year","id");--> statement-breakpoint
CREATE INDEX "doctors_min_price_idx" ON "doctors" USING btree ("min_price","id");--> statement-breakpoint
UPDATE "doctors" d SET
  "listed" = u."is_active",
  "service_codes" = coalesce((SELECT array_agg(ps."code" ORDER BY ps."code") FROM "provided_services" ps WHERE ps."doctor_id" = d."id"), '{}'::text[]),
  "sort_first_name" = lower(u."first_name"),
  "sort_last_name" = lower(u."last_name")
FROM "users" u WHERE u."id" = d."user_id";--> statement-breakpoint
CREATE INDEX "doctors_listing_idx" ON "doctors" USING btree ("sort_first_name","sort_last_name","id") INCLUDE ("listed","service_codes");
