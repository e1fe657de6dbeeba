ALTER TABLE "sessions" ADD COLUMN "device_browser" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_os" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;