ALTER TABLE "jobs" ADD COLUMN "owner_key" text;--> statement-breakpoint
CREATE INDEX "jobs_owner_key_status_started_at_index" ON "jobs" USING btree ("owner_key","status","started_at") WHERE owner_key is not null;--> statement-breakpoint
-- Hand-written: processing jobs already queued or running take turns by their document's owner too.
UPDATE "jobs" SET "owner_key" = "documents"."user_id"::text FROM "documents" WHERE "jobs"."type" = 'document.process' AND "jobs"."status" IN ('queued', 'running') AND "jobs"."singleton_key" = "documents"."id"::text;
