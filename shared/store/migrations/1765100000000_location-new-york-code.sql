-- Up Migration

-- New York's locations are also found by NY (shared/search/location-names.ts). The stored text was computed
-- without it: mark it stale, so the next refresh (at start-up and by `designer-directory migrate`)
-- recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
