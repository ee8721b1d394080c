-- Up Migration

-- Each role's vector also holds its title's stems (weight A), where the concepts a query names match
-- (conceptRoleBonus in shared/search/postgres/free-text.sql.ts). The stored text was computed without them:
-- mark it stale, so the next refresh (at start-up and by `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
