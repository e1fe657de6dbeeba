CREATE TABLE "notice_sends" (
	"job_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_sends_job_id_channel_pk" PRIMARY KEY("job_id","channel")
);
--> statement-breakpoint
ALTER TABLE "notice_sends" ADD CONSTRAINT "notice_sends_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;