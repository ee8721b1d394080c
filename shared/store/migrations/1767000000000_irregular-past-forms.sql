-- Up Migration

-- An irregular past now stems as its verb ("led" as "lead", "wrote" and "written" as "write":
-- word-form-exceptions.rules.ts). The stored text was computed with the old stems: mark it stale, so the next
-- refresh (at start-up and by `designer-directory migrate`) recomputes every row.
UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;

-- Down Migration

UPDATE designer_search SET source_version = -1;
UPDATE open_role_search SET source_version = -1;
