-- Up Migration

-- More words keep a stem of their own (shared/text/word-form-exceptions.rules.ts): "mobility" is not
-- "mobile", "industrial" not "industry", "publication" not "public", "conversion" not "conversation".
-- The stored search text holds the old stems: mark it stale, so the next refresh (at start-up and by
-- `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
