-- Up Migration

-- Initials joined by "&" are now one word ("H&M" as "hm", "AT&T" as "att": tokenize in shared/text/fold.ts).
-- The stored text was computed with the letters apart: mark it stale, so the next refresh (at start-up and by
-- `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
