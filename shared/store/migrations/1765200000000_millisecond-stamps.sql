-- Up Migration

-- Instants leave the store at millisecond precision (JSON, Elasticsearch's dates, an export), so the store
-- stamps them at that precision too: an exported designer or role then imports back unchanged. Rows stamped
-- before keep their microseconds; the writers compare instants at the millisecond.
ALTER TABLE designers ALTER COLUMN listed_at SET DEFAULT date_trunc('milliseconds', now());
ALTER TABLE open_roles ALTER COLUMN posted_at SET DEFAULT date_trunc('milliseconds', now());

-- Down Migration

ALTER TABLE designers ALTER COLUMN listed_at SET DEFAULT now();
ALTER TABLE open_roles ALTER COLUMN posted_at SET DEFAULT now();
