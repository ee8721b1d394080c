-- Up Migration

-- The Postgres search text (designer_search, open_role_search) is computed in the application, with the
-- folding the Elasticsearch documents use (shared/text/fold.ts), which SQL cannot reproduce exactly. What
-- the database owns is knowing which rows need it: every insert or update of a designer or an open role,
-- by any writer (the store, an import, hand-written SQL), queues the row here in its own transaction, and
-- the Postgres search backend recomputes the queued rows before it answers. A role change touches its
-- designer, so it is queued too; a deleted row's text goes with it (ON DELETE CASCADE).
--
-- A deployment that searches on Elasticsearch never turns the queue on and pays one flag read per statement.
CREATE TABLE search_text_upkeep (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  enabled   boolean NOT NULL DEFAULT false
);
INSERT INTO search_text_upkeep DEFAULT VALUES;

CREATE TABLE search_text_queue (
  entity    text NOT NULL CHECK (entity IN ('designer', 'open_role')),
  entity_id text NOT NULL,
  PRIMARY KEY (entity, entity_id)
);

-- The shared advisory lock makes turning the queue on wait for every write that read the flag while it was
-- off: once it is on, the recomputation of stale rows sees all of them committed (search-text.upkeep.ts).
CREATE FUNCTION queue_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('designer-directory:search-text-upkeep'));
  IF (SELECT enabled FROM search_text_upkeep) THEN
    -- In key order, so concurrent statements take the queue's row locks in one order.
    INSERT INTO search_text_queue (entity, entity_id)
      SELECT DISTINCT TG_ARGV[0], id FROM new_rows ORDER BY 2
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER designers_queue_search_text_inserted AFTER INSERT ON designers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_search_text('designer');
CREATE TRIGGER designers_queue_search_text_updated AFTER UPDATE ON designers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_search_text('designer');
CREATE TRIGGER open_roles_queue_search_text_inserted AFTER INSERT ON open_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_search_text('open_role');
CREATE TRIGGER open_roles_queue_search_text_updated AFTER UPDATE ON open_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_search_text('open_role');

-- Down Migration

DROP TRIGGER open_roles_queue_search_text_updated ON open_roles;
DROP TRIGGER open_roles_queue_search_text_inserted ON open_roles;
DROP TRIGGER designers_queue_search_text_updated ON designers;
DROP TRIGGER designers_queue_search_text_inserted ON designers;
DROP FUNCTION queue_search_text();
DROP TABLE search_text_queue;
DROP TABLE search_text_upkeep;
