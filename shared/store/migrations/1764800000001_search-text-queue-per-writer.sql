-- Up Migration

-- One queue row per designer (or open role) and writing transaction, no longer one per designer. With one
-- per designer, a writer that changed a designer already queued by an earlier, committed write found the
-- row there and queued nothing; a catch-up that ran before that writer committed took the row, computed the
-- text from the earlier version, and the writer's change was never caught up: searchable on Elasticsearch,
-- stale in the Postgres search until the next start (test/search/search-text-freshness.test.ts, Postgres
-- server; PGlite runs one transaction at a time). With the writer's transaction id in the key, its row stays
-- invisible to a catch-up until the writer commits, and the next search catches it up. Within one
-- transaction a designer is still queued once.
ALTER TABLE search_text_queue ADD COLUMN writer xid8 NOT NULL DEFAULT pg_current_xact_id();
ALTER TABLE search_text_queue DROP CONSTRAINT search_text_queue_pkey;
ALTER TABLE search_text_queue ADD PRIMARY KEY (entity, entity_id, writer);

-- Down Migration

DELETE FROM search_text_queue q USING search_text_queue r
 WHERE q.entity = r.entity AND q.entity_id = r.entity_id AND q.writer < r.writer;
ALTER TABLE search_text_queue DROP CONSTRAINT search_text_queue_pkey;
ALTER TABLE search_text_queue ADD PRIMARY KEY (entity, entity_id);
ALTER TABLE search_text_queue DROP COLUMN writer;
