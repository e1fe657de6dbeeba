ALTER TABLE "time_slots" ADD COLUMN "held_by" uuid;--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_slots_held_by_idx" ON "time_slots" USING btree ("held_by");