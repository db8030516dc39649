CREATE TABLE "audit_pruning_transactions" (
	"transaction_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD COLUMN "keyed_from_seq" bigint DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Hand-written (ADR 031). Chains made before this migration were linked with plain SHA-256; every
-- event appended from now on is linked with an HMAC keyed by AUDIT_SECRET. Each existing chain
-- keeps its unkeyed links up to its current head; its keyed links begin right after it. The first
-- checkpoint (written at once by the checkpoint job) keeps that boundary outside the database.
UPDATE "audit_chain_heads" SET "keyed_from_seq" = "seq" + 1;
--> statement-breakpoint
-- Only the owner (the migration role) and the functions below, which run as it, touch this table.
REVOKE ALL ON "audit_pruning_transactions" FROM PUBLIC;
--> statement-breakpoint
-- The append-only trigger no longer reads a setting any session could set: a DELETE passes only in
-- a transaction `audit_prune_chain` has listed, and only that function (SECURITY DEFINER, owned by
-- the migration role) can list one. The trigger runs as the owner too, so a role without access to
-- audit_pruning_transactions is still judged by it.
CREATE OR REPLACE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'DELETE' AND EXISTS (SELECT 1 FROM audit_pruning_transactions WHERE transaction_id = txid_current()) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit events are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
-- The retention job's one way to delete: a chain's oldest events before `cutoff` (never within the
-- last 30 days, the shortest AUDIT_RETENTION_DAYS allowed), at most `max_events`, and only a
-- prefix; the chain's checkpoint moves to the last one deleted in the same transaction.
CREATE FUNCTION audit_prune_chain(target_chain text, cutoff timestamptz, max_events integer)
RETURNS TABLE (deleted integer, through_seq bigint, through_hash text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  head_pruned_through bigint;
  last_seq bigint;
  last_hash text;
  removed integer;
BEGIN
  IF cutoff > now() - interval '30 days' THEN
    RAISE EXCEPTION 'audit events of the last 30 days are never pruned' USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT pruned_through_seq INTO head_pruned_through FROM audit_chain_heads WHERE chain = target_chain FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT batch.seq, batch.hash INTO last_seq, last_hash
  FROM (
    SELECT e.seq, e.hash, e.occurred_at FROM audit_events e
    WHERE e.chain = target_chain AND e.seq > head_pruned_through
    ORDER BY e.seq LIMIT max_events
  ) batch
  WHERE batch.seq < COALESCE((
    SELECT min(newer.seq) FROM (
      SELECT e.seq, e.occurred_at FROM audit_events e
      WHERE e.chain = target_chain AND e.seq > head_pruned_through
      ORDER BY e.seq LIMIT max_events
    ) newer WHERE newer.occurred_at >= cutoff
  ), 9223372036854775807)
  ORDER BY batch.seq DESC LIMIT 1;
  IF last_seq IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO audit_pruning_transactions (transaction_id) VALUES (txid_current());
  DELETE FROM audit_events e WHERE e.chain = target_chain AND e.seq <= last_seq;
  GET DIAGNOSTICS removed = ROW_COUNT;
  DELETE FROM audit_pruning_transactions WHERE transaction_id = txid_current();
  UPDATE audit_chain_heads SET pruned_through_seq = last_seq, pruned_through_hash = last_hash WHERE chain = target_chain;
  RETURN QUERY SELECT removed, last_seq, last_hash;
END;
$$;
