-- The city index carries every other column a search in a city may filter on without words
-- (listed, service codes, languages): its count is read from the index alone. Made in SQL, like
-- the listing index: drizzle cannot declare INCLUDE columns.
DROP INDEX "doctor_listings_city_idx";--> statement-breakpoint
CREATE INDEX "doctor_listings_city_idx" ON "doctor_listings" USING btree ("primary_city") INCLUDE ("listed","service_codes","spoken_languages");
