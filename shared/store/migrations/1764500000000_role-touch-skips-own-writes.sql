-- Up Migration

-- A role statement touches its designers so that a role change is a change of the designer (a new version,
-- an outbox row). A designer this very transaction has already inserted or updated needs no touch: that
-- write drew its version and wrote its outbox row, and the roles commit with it, so the job the row brings
-- reads them. Touching it anyway gave every imported or edited designer two versions and two outbox rows.
--
-- "This transaction wrote the row" is read from the row itself: its xmin is the transaction's id. A row
-- written inside a savepoint carries the subtransaction's id instead, does not match, and is touched as
-- before: an extra version, never a missing one. No other transaction's uncommitted row is visible here, and
-- a committed one carries another id (a frozen one reads 2), so the check never skips a designer whose last
-- write is not ours. One function serves the three role statements: each names its transition table
-- changed_roles (the new rows of an insert or update, the old rows of a delete).
CREATE FUNCTION touch_designers_of_changed_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE designers SET updated_at = now()
   WHERE id IN (SELECT DISTINCT designer_id FROM changed_roles)
     AND xmin::text::bigint <> pg_current_xact_id()::text::bigint % 4294967296;
  RETURN NULL;
END $$;

DROP TRIGGER designer_roles_inserted ON designer_roles;
DROP TRIGGER designer_roles_updated ON designer_roles;
DROP TRIGGER designer_roles_deleted ON designer_roles;
CREATE TRIGGER designer_roles_inserted AFTER INSERT ON designer_roles
  REFERENCING NEW TABLE AS changed_roles FOR EACH STATEMENT EXECUTE FUNCTION touch_designers_of_changed_roles();
CREATE TRIGGER designer_roles_updated AFTER UPDATE ON designer_roles
  REFERENCING NEW TABLE AS changed_roles FOR EACH STATEMENT EXECUTE FUNCTION touch_designers_of_changed_roles();
CREATE TRIGGER designer_roles_deleted AFTER DELETE ON designer_roles
  REFERENCING OLD TABLE AS changed_roles FOR EACH STATEMENT EXECUTE FUNCTION touch_designers_of_changed_roles();
DROP FUNCTION touch_designers_from_new_roles();
DROP FUNCTION touch_designers_from_old_roles();

-- Down Migration

CREATE FUNCTION touch_designers_from_new_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE designers SET updated_at = now() WHERE id IN (SELECT DISTINCT designer_id FROM new_roles);
  RETURN NULL;
END $$;
CREATE FUNCTION touch_designers_from_old_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE designers SET updated_at = now() WHERE id IN (SELECT DISTINCT designer_id FROM old_roles);
  RETURN NULL;
END $$;
DROP TRIGGER designer_roles_inserted ON designer_roles;
DROP TRIGGER designer_roles_updated ON designer_roles;
DROP TRIGGER designer_roles_deleted ON designer_roles;
CREATE TRIGGER designer_roles_inserted AFTER INSERT ON designer_roles
  REFERENCING NEW TABLE AS new_roles FOR EACH STATEMENT EXECUTE FUNCTION touch_designers_from_new_roles();
CREATE TRIGGER designer_roles_updated AFTER UPDATE ON designer_roles
  REFERENCING NEW TABLE AS new_roles FOR EACH STATEMENT EXECUTE FUNCTION touch_designers_from_new_roles();
CREATE TRIGGER designer_roles_deleted AFTER DELETE ON designer_roles
  REFERENCING OLD TABLE AS old_roles FOR EACH STATEMENT EXECUTE FUNCTION touch_designers_from_old_roles();
DROP FUNCTION touch_designers_of_changed_roles();
