-- Up Migration

-- A location's names now include the areas recruiters write beside the continents ("Zurich, DACH",
-- "Lisbon, Iberia", "Tokyo, East Asia"; COUNTRY_GROUPS in shared/search/location-names.ts), which the search
-- text, the location filter and type-ahead's places read. The stored text was computed without them: mark it
-- stale, so the next refresh (at start-up and by `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
