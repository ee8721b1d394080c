-- Up Migration

-- An outbox row is handed to the queue (processed_at) and, separately, confirmed once its change is in the
-- index (confirmed): Redis may lose a job after the hand-over (a restart without persistence, FLUSHALL),
-- and the worker then hands every unconfirmed row over again. Rows written before this column are taken
-- as confirmed without rewriting the table (a constant default is stored once); rows not yet handed over
-- are not. New rows start unconfirmed.
ALTER TABLE change_log ADD COLUMN IF NOT EXISTS confirmed boolean NOT NULL DEFAULT true;
ALTER TABLE change_log ALTER COLUMN confirmed SET DEFAULT false;
UPDATE change_log SET confirmed = false WHERE processed_at IS NULL;

-- Unconfirmed rows are few in steady state: `status` counts them and a re-relay walks them through this
-- index (as change_log_unprocessed serves the relay); a confirmation finds a row's changes through
-- change_log_entity_version.
CREATE INDEX IF NOT EXISTS change_log_unconfirmed ON change_log (id) WHERE NOT confirmed;

-- Down Migration

DROP INDEX change_log_unconfirmed;
ALTER TABLE change_log DROP COLUMN confirmed;
