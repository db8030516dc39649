CREATE INDEX "users_last_sign_in_at" ON "users" USING btree ("last_sign_in_at" DESC NULLS LAST) WHERE "users"."last_sign_in_at" is not null;--> statement-breakpoint
CREATE INDEX "chat_sessions_updated_at" ON "chat_sessions" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "document_chunks_embedded" ON "document_chunks" USING btree ("document_id") WHERE "document_chunks"."embedding" is not null;--> statement-breakpoint
CREATE INDEX "documents_created_at" ON "documents" USING btree ("created_at" DESC NULLS LAST);