CREATE TABLE "email_changes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"old_code_hash" text NOT NULL,
	"new_code_hash" text NOT NULL,
	"old_confirmed_at" timestamp with time zone,
	"new_confirmed_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"requested_by_session_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_old_email_index" ON "email_changes" USING btree ("old_email");--> statement-breakpoint
CREATE INDEX "email_changes_new_email_index" ON "email_changes" USING btree ("new_email");