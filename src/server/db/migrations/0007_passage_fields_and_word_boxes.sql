ALTER TABLE "document_chunks" ADD COLUMN "clauses" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" ADD COLUMN "kind" text DEFAULT 'body' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_pages" ADD COLUMN "word_boxes" jsonb;