-- Up Migration

-- Free text also matches the location (weight D of text_tsv), titles and companies share weight B, and
-- each role's title and company are kept together, so query words found in one role can be told from
-- the same words spread over several (role_tsvs, current role first; current_role_tsv alone).
ALTER TABLE designer_search
  ADD COLUMN role_tsvs tsvector[] NOT NULL DEFAULT '{}',
  ADD COLUMN current_role_tsv tsvector NOT NULL DEFAULT '';

-- The stored text was computed by the earlier rules: mark it stale, so the next refresh (at start-up and
-- by `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

ALTER TABLE designer_search DROP COLUMN current_role_tsv, DROP COLUMN role_tsvs;
