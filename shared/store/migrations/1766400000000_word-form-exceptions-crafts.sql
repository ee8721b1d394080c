-- Up Migration

-- Who does a craft now stems as the craft (shared/text/word-form-exceptions.rules.ts): "strategist" as
-- "strategy", "typographer" as "typography", "sculptor" as "sculpting", "coder" as "coding". The stored search
-- text holds the old stems: mark it stale, so the next refresh (at start-up and by `designer-directory
-- migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
