-- Up Migration

-- A re-inserted row must take a version above its own delete. A column default is evaluated before the
-- insert waits for a concurrent delete of the same id to commit, so it can draw a version below that
-- delete's; Elasticsearch would then refuse the re-insert as stale and lose the row for good. This
-- trigger first waits for any transaction that holds the old row (the row lock lives in the tuple, so
-- bulk loads take no lock-table entries), then draws the version.
CREATE FUNCTION version_after_conflicts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Static statements, so their plans are cached across the rows of a bulk insert.
  IF TG_TABLE_NAME = 'designers' THEN
    PERFORM 1 FROM designers WHERE id = NEW.id FOR UPDATE;
  ELSE
    PERFORM 1 FROM open_roles WHERE id = NEW.id FOR UPDATE;
  END IF;
  NEW.version := nextval('entity_version_seq');
  RETURN NEW;
END $$;

CREATE TRIGGER designers_version_on_insert BEFORE INSERT ON designers
  FOR EACH ROW EXECUTE FUNCTION version_after_conflicts();
CREATE TRIGGER open_roles_version_on_insert BEFORE INSERT ON open_roles
  FOR EACH ROW EXECUTE FUNCTION version_after_conflicts();

-- A role change is a change of its designer, but once per statement: a designer written with 50 roles
-- is one version bump and one outbox row, not fifty.
DROP TRIGGER designer_roles_touch_designer ON designer_roles;
DROP FUNCTION touch_designer_from_role();

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

CREATE TRIGGER designer_roles_inserted AFTER INSERT ON designer_roles
  REFERENCING NEW TABLE AS new_roles FOR EACH STATEMENT EXECUTE FUNCTION touch_designers_from_new_roles();
CREATE TRIGGER designer_roles_updated AFTER UPDATE ON designer_roles
  REFERENCING NEW TABLE AS new_roles FOR EACH STATEMENT EXECUTE FUNCTION touch_designers_from_new_roles();
CREATE TRIGGER designer_roles_deleted AFTER DELETE ON designer_roles
  REFERENCING OLD TABLE AS old_roles FOR EACH STATEMENT EXECUTE FUNCTION touch_designers_from_old_roles();

-- Down Migration

DROP TRIGGER designer_roles_deleted ON designer_roles;
DROP TRIGGER designer_roles_updated ON designer_roles;
DROP TRIGGER designer_roles_inserted ON designer_roles;
DROP FUNCTION touch_designers_from_old_roles();
DROP FUNCTION touch_designers_from_new_roles();
CREATE FUNCTION touch_designer_from_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE designers SET updated_at = now()
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.designer_id ELSE NEW.designer_id END;
  RETURN NULL;
END $$;
CREATE TRIGGER designer_roles_touch_designer AFTER INSERT OR UPDATE OR DELETE ON designer_roles
  FOR EACH ROW EXECUTE FUNCTION touch_designer_from_role();
DROP TRIGGER open_roles_version_on_insert ON open_roles;
DROP TRIGGER designers_version_on_insert ON designers;
DROP FUNCTION version_after_conflicts();
