-- Up Migration

-- Titles and descriptions also hold the stems of their words (word forms, shared/text/word-forms.ts). The
-- stored text was computed without them: mark it stale, so the next refresh (at start-up and by
-- `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
