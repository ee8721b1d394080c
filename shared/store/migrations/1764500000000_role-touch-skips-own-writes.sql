-- Up Migration

-- A role statement touches its designers so that a role change is a change of the designer (a new version,
-- an outbox row). A designer this very transaction has already inserted or updated needs no touch: that
-- write drew its version and wrote its outbox row, and the roles commit with it, so the job the row brings
-- reads them. Touching it anyway gave every imported or edited designer two versions and two outbox rows.
--
-- "This transaction wrote the row" is read from the row itself: its xmin is the transaction's id. A row
-- written inside a savepoint carries the subtransaction's id instead, does not match, and is touched as
-- before: an extra version, never a missing one. No other transaction's uncommitted row is visible here, and
-- a committed one carries another id, so the check never skips a designer whose last write is not ours.
CREATE OR REPLACE FUNCTION touch_designers_from_new_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE designers SET updated_at = now()
   WHERE id IN (SELECT DISTINCT designer_id FROM new_roles)
     AND xmin::text::bigint <> pg_current_xact_id()::text::bigint % 4294967296;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION touch_designers_from_old_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE designers SET updated_at = now()
   WHERE id IN (SELECT DISTINCT designer_id FROM old_roles)
     AND xmin::text::bigint <> pg_current_xact_id()::text::bigint % 4294967296;
  RETURN NULL;
END $$;

-- Down Migration

CREATE OR REPLACE FUNCTION touch_designers_from_new_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE designers SET updated_at = now() WHERE id IN (SELECT DISTINCT designer_id FROM new_roles);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION touch_designers_from_old_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE designers SET updated_at = now() WHERE id IN (SELECT DISTINCT designer_id FROM old_roles);
  RETURN NULL;
END $$;
