-- The owning user is user_id in every table. drizzle-kit generated this as drop-and-recreate of the
-- foreign keys and indexes; renaming them instead is the same end state without rebuilding an index
-- or revalidating a key, so it is instant on a large database.
ALTER TABLE "chat_sessions" RENAME COLUMN "owner_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "documents" RENAME COLUMN "owner_id" TO "user_id";--> statement-breakpoint
ALTER TABLE "chat_sessions" RENAME CONSTRAINT "chat_sessions_owner_id_users_id_fk" TO "chat_sessions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "documents" RENAME CONSTRAINT "documents_owner_id_users_id_fk" TO "documents_user_id_users_id_fk";--> statement-breakpoint
ALTER INDEX "chat_sessions_owner_id_updated_at_index" RENAME TO "chat_sessions_user_id_updated_at_index";--> statement-breakpoint
ALTER INDEX "documents_owner_id_sha256_index" RENAME TO "documents_user_id_sha256_index";--> statement-breakpoint
ALTER INDEX "documents_owner_id_created_at_index" RENAME TO "documents_user_id_created_at_index";
