CREATE TABLE "doctor_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"specialty_code" text NOT NULL,
	"ref_number" text NOT NULL,
	"facility_id" uuid,
	"message" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_requests" ADD CONSTRAINT "doctor_requests_facility_id_healthcare_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."healthcare_facilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_requests_pending_email_key" ON "doctor_requests" USING btree ("email") WHERE "doctor_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "doctor_requests_facility_idx" ON "doctor_requests" USING btree ("facility_id","created_at");