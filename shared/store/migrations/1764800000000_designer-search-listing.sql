-- Up Migration

-- The designer's listing state, category and listing time, copied onto its search row by the search-text
-- upkeep (search-text.store.ts), which every write to a designer queues. The Postgres search then filters and
-- orders on one table, where indexes serve the text and these together: `category=brand&location=US` was a
-- probe into designers for each of the 1,906 rows whose location starts with "us" (21 ms on PGlite at 10k); on
-- the search row it is one bitmap AND of the location and category indexes (9 ms). The newest-first order
-- reads the search row's own index, so designers_listed_us is no longer read by any statement.
ALTER TABLE designer_search
  ADD COLUMN category text,
  ADD COLUMN listed boolean NOT NULL DEFAULT false,
  ADD COLUMN listed_us bigint;

UPDATE designer_search s
   SET category = d.category,
       listed = (d.status = 'published' AND d.opted_in),
       listed_us = (extract(epoch FROM (d.listed_at AT TIME ZONE 'UTC')) * 1000000)::bigint
  FROM designers d
 WHERE d.id = s.designer_id;

CREATE INDEX designer_search_listed_order ON designer_search (listed_us DESC, designer_id) WHERE listed;
CREATE INDEX designer_search_listed_category ON designer_search (category) WHERE listed;
DROP INDEX designers_listed_us;

ANALYZE designer_search;

-- Down Migration

CREATE INDEX designers_listed_us ON designers (((extract(epoch FROM (listed_at AT TIME ZONE 'UTC')) * 1000000)::bigint) DESC, id)
  WHERE status = 'published' AND opted_in;
DROP INDEX designer_search_listed_category;
DROP INDEX designer_search_listed_order;
ALTER TABLE designer_search DROP COLUMN listed_us, DROP COLUMN listed, DROP COLUMN category;
