-- Up Migration

-- A participle in "-ed" before "by" ("Mentored by a creative director") now keeps itself among the stored stems
-- (textForms in shared/text/word-forms.ts), so "mentoring" no longer finds it. The stored text was computed
-- with its stem: mark it stale, so the next refresh (at start-up and by `designer-directory migrate`)
-- recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
