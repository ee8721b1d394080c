-- Up Migration

-- A remote location is now also searched by the other words for remote work ("remotely", "wfh",
-- "teletrabajo"; locationSearchNames in shared/search/location-names.ts), which the search text and the
-- location filter read. The stored text was computed without them: mark it stale, so the next refresh (at
-- start-up and by `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
