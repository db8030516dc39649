CREATE TABLE "library_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every write that changes what a person's library or portfolio shows moves that person's count
-- (ADR 033). The triggers are deferred to the commit, so the count's row is locked last and only
-- for the commit: a transaction never holds it while it waits for a document's or a job's row.
-- A person who no longer exists (an account closed, its rows deleted by cascade) is not counted.
CREATE FUNCTION library_changed(owner_id text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO library_versions (user_id, version)
  SELECT id, 1 FROM users WHERE id = owner_id
  ON CONFLICT (user_id) DO UPDATE SET version = library_versions.version + 1
$$;--> statement-breakpoint
CREATE FUNCTION documents_library_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM library_changed(OLD.user_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN PERFORM library_changed(NEW.user_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documents_library_changed AFTER INSERT OR UPDATE OR DELETE ON documents
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION documents_library_changed();--> statement-breakpoint
-- A document's fact sheet, a review of one of its values, its corrected payer: counted for its owner.
CREATE FUNCTION document_detail_library_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_changed(documents.user_id) FROM documents
  WHERE documents.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.document_id ELSE NEW.document_id END;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER fact_sheets_library_changed AFTER INSERT OR UPDATE OR DELETE ON fact_sheets
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_detail_library_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER fact_value_reviews_library_changed AFTER INSERT OR UPDATE OR DELETE ON fact_value_reviews
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_detail_library_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER contract_details_library_changed AFTER INSERT OR UPDATE OR DELETE ON contract_details
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_detail_library_changed();--> statement-breakpoint
-- A document's processing job: the library shows its stage and pages done while it is queued or running.
-- Its singleton key is the document's id.
CREATE FUNCTION processing_job_library_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  document_key text := CASE WHEN TG_OP = 'DELETE' THEN OLD.singleton_key ELSE NEW.singleton_key END;
BEGIN
  IF document_key ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
    PERFORM library_changed(documents.user_id) FROM documents WHERE documents.id = document_key::uuid;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER jobs_library_changed AFTER INSERT OR UPDATE ON jobs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.type = 'document.process') EXECUTE FUNCTION processing_job_library_changed();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER jobs_library_changed_by_delete AFTER DELETE ON jobs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.type = 'document.process') EXECUTE FUNCTION processing_job_library_changed();--> statement-breakpoint
-- The owner's name is a column of the portfolio.
CREATE FUNCTION users_library_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM library_changed(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_library_changed AFTER UPDATE OF name ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION users_library_changed();
--> statement-breakpoint
-- A person's count goes with them. There is no foreign key to do it: adding the row would take a
-- key-share lock on the person's `users` row at commit, which a transaction holding that row for
-- update (an upload checking the person's storage) would wait on while waiting for this row.
CREATE FUNCTION users_library_forgotten() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_versions WHERE user_id = OLD.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_library_forgotten AFTER DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION users_library_forgotten();
