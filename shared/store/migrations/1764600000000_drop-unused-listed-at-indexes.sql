-- Up Migration

-- Two indexes on (listed_at DESC, id) that no statement reads any more: the embedded engine orders newest
-- first by the microsecond expression (designers_listed_us, LISTED_US in designer-query.builder.ts), and every
-- walk goes by id (designers_listed_id, the primary key). Each still cost an insertion at a random place on
-- every write: at a million designers, two of the six index writes of an import.
DROP INDEX designers_listed;
DROP INDEX designers_listed_order;

-- Down Migration

CREATE INDEX designers_listed_order ON designers (listed_at DESC, id) WHERE status = 'published' AND opted_in;
CREATE INDEX designers_listed ON designers (listed_at DESC, id);
