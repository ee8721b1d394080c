-- Up Migration

-- Locations are also found by Scandinavia, Holland, Silicon Valley, Tel Aviv-Yafo and German cities written
-- with ue for ü (shared/search/location-names.ts). The stored text was computed without them: mark it stale,
-- so the next refresh (at start-up and by `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
