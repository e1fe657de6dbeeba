ALTER TABLE "doctors" ADD COLUMN "specialty_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "doctors" d SET
  "specialty_codes" = coalesce((SELECT array_agg(s."code" ORDER BY s."code") FROM "doctor_specialties" ds
                                JOIN "specialties" s ON s."id" = ds."specialty_id" WHERE ds."doctor_id" = d."id"), '{}'::text[]);--> statement-breakpoint
CREATE INDEX "doctors_specialty_codes_idx" ON "doctors" USING gin ("specialty_codes");
