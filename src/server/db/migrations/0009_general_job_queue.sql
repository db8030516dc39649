-- processing_jobs becomes the general jobs table (ADR 013). drizzle-kit generated a new table and
-- dropped the old one; the copy in between keeps every job, running ones with their lease, as a
-- document.process job keyed on its document (the payload keeps the old input_data).
CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"every_seconds" integer NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"singleton_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"error_message" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "jobs" ("id", "type", "payload", "singleton_key", "status", "stage", "progress_done", "progress_total", "attempts", "max_attempts", "run_after", "locked_by", "locked_until", "error_message", "started_at", "completed_at", "created_at", "updated_at")
SELECT "id", 'document.process', "input_data" || jsonb_build_object('document_id', "document_id"), "document_id"::text, "status", "stage", "progress_done", "progress_total", "attempts", "max_attempts", "run_after", "locked_by", "locked_until", "error_message", "started_at", "completed_at", "created_at", "updated_at"
FROM "processing_jobs";--> statement-breakpoint
DROP TABLE "processing_jobs" CASCADE;--> statement-breakpoint
CREATE INDEX "jobs_status_run_after_index" ON "jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_type_singleton_key_index" ON "jobs" USING btree ("type","singleton_key") WHERE status in ('queued', 'running');