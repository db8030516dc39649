CREATE TABLE "fact_sheet_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"document_id" uuid NOT NULL,
	"field" text NOT NULL,
	"label" text NOT NULL,
	"deadline" date NOT NULL,
	"remind_on" date NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fact_sheets" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unverified_count" integer DEFAULT 0 NOT NULL,
	"reader_version" integer DEFAULT 0 NOT NULL,
	"built_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fact_sheet_reminders" ADD CONSTRAINT "fact_sheet_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_sheet_reminders" ADD CONSTRAINT "fact_sheet_reminders_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_sheets" ADD CONSTRAINT "fact_sheets_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fact_sheet_reminders_document_id_index" ON "fact_sheet_reminders" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "fact_sheet_reminders_user_id_deadline_index" ON "fact_sheet_reminders" USING btree ("user_id","deadline");