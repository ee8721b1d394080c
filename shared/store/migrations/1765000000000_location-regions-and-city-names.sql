-- Up Migration

-- A location is also searched by its country's own name, the regions the country lies in and the city's
-- other names ("Munich, DE" by "Deutschland", "Europe" and "München": shared/search/location-names.ts).
-- The stored text was computed without them: mark it stale, so the next refresh (at start-up and by
-- `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
