CREATE TABLE "contract_listing_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_listing_versions" ADD CONSTRAINT "contract_listing_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every write that changes what a person's contracts list shows in the portfolio moves that
-- person's count, in the writing transaction (ADR 033). A person who no longer exists (an account
-- being closed, whose rows are deleted by cascade) is not counted.
CREATE FUNCTION contract_listing_changed(owner_id text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO contract_listing_versions (user_id, version)
  SELECT id, 1 FROM users WHERE id = owner_id
  ON CONFLICT (user_id) DO UPDATE SET version = contract_listing_versions.version + 1
$$;--> statement-breakpoint
CREATE FUNCTION documents_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM contract_listing_changed(OLD.user_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN PERFORM contract_listing_changed(NEW.user_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER documents_listing_changed AFTER INSERT OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_listing_changed();--> statement-breakpoint
CREATE TRIGGER documents_listing_changed_by_update AFTER UPDATE OF filename, status, user_id ON documents
  FOR EACH ROW WHEN (OLD.filename IS DISTINCT FROM NEW.filename OR OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION documents_listing_changed();--> statement-breakpoint
-- A fact sheet, a review of one of its values, a corrected payer: counted for the document's owner.
CREATE FUNCTION document_detail_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contract_listing_changed(documents.user_id) FROM documents
  WHERE documents.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.document_id ELSE NEW.document_id END;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER fact_sheets_listing_changed AFTER INSERT OR UPDATE OR DELETE ON fact_sheets
  FOR EACH ROW EXECUTE FUNCTION document_detail_listing_changed();--> statement-breakpoint
CREATE TRIGGER fact_value_reviews_listing_changed AFTER INSERT OR UPDATE OR DELETE ON fact_value_reviews
  FOR EACH ROW EXECUTE FUNCTION document_detail_listing_changed();--> statement-breakpoint
CREATE TRIGGER contract_details_listing_changed AFTER INSERT OR UPDATE OR DELETE ON contract_details
  FOR EACH ROW EXECUTE FUNCTION document_detail_listing_changed();--> statement-breakpoint
-- The owner's name is a column of the listing.
CREATE FUNCTION users_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contract_listing_changed(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_listing_changed AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION users_listing_changed();
