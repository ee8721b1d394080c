-- Up Migration

-- A reindex replays every change its start snapshot could not see: those rows have txid >= the
-- snapshot's xmin, so this index bounds the replay scan to recent transactions.
CREATE INDEX change_log_txid ON change_log (txid);

-- A sync job whose row is gone deletes at the newest version recorded for that row (its delete
-- change); this finds it without scanning the outbox.
CREATE INDEX change_log_entity_version ON change_log (entity, entity_id, version DESC);

-- Down Migration

DROP INDEX change_log_entity_version;
DROP INDEX change_log_txid;
