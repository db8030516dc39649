CREATE TABLE "organization_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_domains_lower_case" CHECK ("organization_domains"."domain" = lower("organization_domains"."domain"))
);
--> statement-breakpoint
CREATE TABLE "organization_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'org_user' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"invited_by" text,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_invitations_role_valid" CHECK ("organization_invitations"."role" in ('org_user', 'org_admin')),
	CONSTRAINT "organization_invitations_status_valid" CHECK ("organization_invitations"."status" in ('pending', 'accepted', 'cancelled')),
	CONSTRAINT "organization_invitations_email_lower_case" CHECK ("organization_invitations"."email" = lower("organization_invitations"."email"))
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'org_user' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"joined_as_email" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_role_valid" CHECK ("organization_members"."role" in ('org_user', 'org_admin')),
	CONSTRAINT "organization_members_status_valid" CHECK ("organization_members"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'trial' NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"monthly_credits" integer,
	"max_users" integer DEFAULT 50 NOT NULL,
	"storage_limit_gb" integer DEFAULT 100 NOT NULL,
	"auth_email_password" boolean DEFAULT true NOT NULL,
	"auth_azure_ad" boolean DEFAULT false NOT NULL,
	"default_auth_method" text DEFAULT 'email_password' NOT NULL,
	"azure_tenant_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_status_valid" CHECK ("organizations"."status" in ('trial', 'enterprise', 'suspended')),
	CONSTRAINT "organizations_trial_has_end" CHECK ("organizations"."status" <> 'trial' or "organizations"."trial_ends_at" is not null),
	CONSTRAINT "organizations_max_users_positive" CHECK ("organizations"."max_users" > 0),
	CONSTRAINT "organizations_storage_limit_positive" CHECK ("organizations"."storage_limit_gb" > 0),
	CONSTRAINT "organizations_monthly_credits_not_negative" CHECK ("organizations"."monthly_credits" is null or "organizations"."monthly_credits" >= 0),
	CONSTRAINT "organizations_some_auth_method" CHECK ("organizations"."auth_email_password" or "organizations"."auth_azure_ad"),
	CONSTRAINT "organizations_default_method_enabled" CHECK (("organizations"."default_auth_method" = 'email_password' and "organizations"."auth_email_password") or ("organizations"."default_auth_method" = 'azure_ad' and "organizations"."auth_azure_ad"))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
ALTER TABLE "document_usage_log" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "organization_domains" ADD CONSTRAINT "organization_domains_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_domains_organization_domain_unique" ON "organization_domains" USING btree ("organization_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_domains_verified_domain_unique" ON "organization_domains" USING btree ("domain") WHERE "organization_domains"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_token_hash_unique" ON "organization_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_invitations_one_pending" ON "organization_invitations" USING btree ("organization_id","email") WHERE "organization_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "organization_invitations_pending_email" ON "organization_invitations" USING btree ("email") WHERE "organization_invitations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_organization_user_unique" ON "organization_members" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_members_one_active_per_user" ON "organization_members" USING btree ("user_id") WHERE "organization_members"."status" = 'active';--> statement-breakpoint
CREATE INDEX "organization_members_organization_status" ON "organization_members" USING btree ("organization_id","status");--> statement-breakpoint
ALTER TABLE "document_usage_log" ADD CONSTRAINT "document_usage_log_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_usage_log_organization_charged_at" ON "document_usage_log" USING btree ("organization_id","charged_at") WHERE "document_usage_log"."organization_id" is not null;