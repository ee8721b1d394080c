-- Up Migration

-- A location now holds a region by one name, APAC and Southeast Asia (locationNames in
-- shared/search/location-names.ts): "Asia Pacific" and "South East Asia" held the words of Asia and East Asia,
-- which Sydney and Singapore are not in. The stored text was computed with the old names: mark it stale, so the
-- next refresh (at start-up and by `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
