-- Up Migration

-- The column has always meant "listed at": the import's listed_at sets it and the search orders "newest
-- first" by it. It now carries that name. The indexes on it (designers_listed, designers_listed_order,
-- designers_listed_us on its expression) follow the column, as do the triggers, none of which name it.
ALTER TABLE designers RENAME COLUMN created_at TO listed_at;

-- Down Migration

ALTER TABLE designers RENAME COLUMN listed_at TO created_at;
