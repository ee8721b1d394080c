-- Up Migration

-- The embedded search backend's newest-first order, on exactly the expression its statements sort by
-- (LISTED_US in designer-query.builder.ts): a page without q reads its rows in order from this index and
-- stops at the limit, instead of computing and sorting the key of every listed designer.
CREATE INDEX designers_listed_us ON designers (((extract(epoch FROM (created_at AT TIME ZONE 'UTC')) * 1000000)::bigint) DESC, id)
  WHERE status = 'published' AND opted_in;

-- Down Migration

DROP INDEX designers_listed_us;
