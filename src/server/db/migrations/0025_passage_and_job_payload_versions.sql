-- What every process keys its copy of a document's passages by: counted by the database in the
-- transaction that writes them (ADR 037).
ALTER TABLE "documents" ADD COLUMN "passages_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The version of its type each job's payload was written for, checked when it is claimed (ADR 036).
ALTER TABLE "jobs" ADD COLUMN "payload_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- fact-sheet.build is now version 2: it names the passages version it reads, and is keyed on it.
-- Every document's passages are at version 0 here, so queued builds read version 0.
UPDATE "jobs" SET "payload" = "payload" || '{"passages_version": 0}'::jsonb, "payload_version" = 2, "singleton_key" = "singleton_key" || ':0'
WHERE "type" = 'fact-sheet.build' AND "status" IN ('queued', 'running');
