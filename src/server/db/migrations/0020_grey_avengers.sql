CREATE TABLE "fact_value_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"field" text NOT NULL,
	"target_key" text NOT NULL,
	"kind" text NOT NULL,
	"read_value" text NOT NULL,
	"read_product_line" text NOT NULL,
	"read_page" integer NOT NULL,
	"read_quote" text NOT NULL,
	"value" text,
	"amount" double precision,
	"unit" text,
	"product_line" text,
	"page" integer,
	"note" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fact_value_reviews_kind_valid" CHECK ("fact_value_reviews"."kind" in ('confirmed', 'corrected')),
	CONSTRAINT "fact_value_reviews_correction_complete" CHECK (("fact_value_reviews"."kind" = 'corrected') = ("fact_value_reviews"."value" is not null and "fact_value_reviews"."page" is not null))
);
--> statement-breakpoint
ALTER TABLE "fact_value_reviews" ADD CONSTRAINT "fact_value_reviews_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_value_reviews" ADD CONSTRAINT "fact_value_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fact_value_reviews_document_id_target_key_index" ON "fact_value_reviews" USING btree ("document_id","target_key");