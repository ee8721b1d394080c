-- Up Migration

-- A location is also searched by its country in other forms ("Munich, DE" by "Germany", "Berlin, Germany"
-- by "DE": shared/search/location-names.ts). The stored text was computed without them: mark it stale,
-- so the next refresh (at start-up and by `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
