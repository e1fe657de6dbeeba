CREATE TABLE "slot_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid,
	"patient_id" uuid NOT NULL,
	"time_slot_id" uuid NOT NULL,
	"status" text DEFAULT 'OFFERED' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "slot_waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"dependant_id" uuid,
	"doctor_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"appointment_id" uuid,
	"from_date" date,
	"to_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_entry_id_slot_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."slot_waitlist_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waitlist_entries" ADD CONSTRAINT "slot_waitlist_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waitlist_entries" ADD CONSTRAINT "slot_waitlist_entries_dependant_id_dependants_id_fk" FOREIGN KEY ("dependant_id") REFERENCES "public"."dependants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waitlist_entries" ADD CONSTRAINT "slot_waitlist_entries_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_waitlist_entries" ADD CONSTRAINT "slot_waitlist_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_offers_live_slot_uq" ON "slot_offers" USING btree ("time_slot_id") WHERE "slot_offers"."status" = 'OFFERED';--> statement-breakpoint
CREATE UNIQUE INDEX "slot_offers_live_entry_uq" ON "slot_offers" USING btree ("entry_id") WHERE "slot_offers"."status" = 'OFFERED';--> statement-breakpoint
CREATE INDEX "slot_offers_slot_idx" ON "slot_offers" USING btree ("time_slot_id","entry_id");--> statement-breakpoint
CREATE INDEX "slot_waitlist_doctor_idx" ON "slot_waitlist_entries" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_waitlist_person_uq" ON "slot_waitlist_entries" USING btree ("doctor_id","patient_id",coalesce("dependant_id", '00000000-0000-0000-0000-000000000000'::uuid));