-- Up Migration

-- Each role's vector now also holds its company's words at a weight of their own (ROLE_COMPANY_WEIGHT in
-- shared/search/postgres/role-bonus.sql.ts), where an employer the request names is held exactly. The stored
-- text was computed without them: mark it stale, so the next refresh (at start-up and by
-- `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
