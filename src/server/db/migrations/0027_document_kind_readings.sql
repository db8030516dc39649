CREATE TABLE "document_kind_readings" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"passages_version" integer NOT NULL,
	"read_by" text NOT NULL,
	"kinds" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_kind_readings" ADD CONSTRAINT "document_kind_readings_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;