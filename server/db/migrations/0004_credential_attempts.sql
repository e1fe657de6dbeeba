CREATE TABLE "credential_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credential_attempts_key_at_idx" ON "credential_attempts" USING btree ("key","at");