-- Issue 39: searches and profiles read PostgreSQL, no gateway keeps the doctors' listings or
-- records in memory any more, so nobody listens for their changes: the notices of migrations 0018
-- and 0019 go, with their twelve triggers. The stored records (0017) and the listing tables stay:
-- the statements read them.
DROP TRIGGER "doctor_listings_notify_insert" ON "doctor_listings";--> statement-breakpoint
DROP TRIGGER "doctor_listings_notify_update" ON "doctor_listings";--> statement-breakpoint
DROP TRIGGER "doctor_listings_notify_delete" ON "doctor_listings";--> statement-breakpoint
DROP TRIGGER "doctor_listings_notify_truncate" ON "doctor_listings";--> statement-breakpoint
DROP FUNCTION "doctor_listings_notify"();--> statement-breakpoint
DROP TRIGGER "doctor_records_notify_insert" ON "doctor_records";--> statement-breakpoint
DROP TRIGGER "doctor_records_notify_update" ON "doctor_records";--> statement-breakpoint
DROP TRIGGER "doctor_records_notify_delete" ON "doctor_records";--> statement-breakpoint
DROP TRIGGER "doctor_records_notify_truncate" ON "doctor_records";--> statement-breakpoint
DROP TRIGGER "time_slots_notify_insert" ON "time_slots";--> statement-breakpoint
DROP TRIGGER "time_slots_notify_update" ON "time_slots";--> statement-breakpoint
DROP TRIGGER "time_slots_notify_delete" ON "time_slots";--> statement-breakpoint
DROP TRIGGER "time_slots_notify_truncate" ON "time_slots";--> statement-breakpoint
DROP FUNCTION "doctor_records_notify"();
