-- Up Migration

ALTER TABLE designers ADD COLUMN pronouns text;

-- Down Migration

ALTER TABLE designers DROP COLUMN pronouns;
