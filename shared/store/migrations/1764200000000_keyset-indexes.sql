-- Up Migration

-- The ingest worker's bulk reads (initial sync, reindex) walk the listed rows in id order a page at a
-- time. These partial indices serve each page as a bounded index range: the page's predicate is the
-- index's own, so the planner prefers them whatever its statistics say, and a page costs the same at
-- any depth of a million-row walk.
CREATE INDEX designers_listed_id ON designers (id) WHERE status = 'published' AND opted_in;
CREATE INDEX open_roles_published_id ON open_roles (id) WHERE status = 'published';

-- Down Migration

DROP INDEX open_roles_published_id;
DROP INDEX designers_listed_id;
