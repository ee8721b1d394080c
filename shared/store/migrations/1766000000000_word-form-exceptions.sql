-- Up Migration

-- Words Porter's stemmer joined to another word's family keep a stem of their own ("production" is not
-- "product"; shared/text/word-form-exceptions.rules.ts), and the search text holds stems. The stored text
-- was computed with the old ones: mark it stale, so the next refresh (at start-up and by
-- `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
