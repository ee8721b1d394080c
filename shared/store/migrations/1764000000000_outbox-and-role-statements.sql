-- Up Migration

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

-- The outbox rows of a statement are written by one statement, not by one trigger event per row: a bulk
-- load queues no per-row events. Same rows as before: one per changed row, a delete with a fresh version.
DROP TRIGGER designers_record_change ON designers;
DROP TRIGGER open_roles_record_change ON open_roles;
DROP FUNCTION record_change();

CREATE FUNCTION record_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO change_log (entity, entity_id, op, version)
      SELECT TG_ARGV[0], id, 'delete', nextval('entity_version_seq') FROM old_rows;
  ELSE
    INSERT INTO change_log (entity, entity_id, op, version)
      SELECT TG_ARGV[0], id, lower(TG_OP), version FROM new_rows;
  END IF;
  -- A statement that changed no row (an UPDATE matching nothing) has nothing to announce.
  IF FOUND THEN
    PERFORM pg_notify('change_log', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER designers_inserted AFTER INSERT ON designers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_changes('designer');
CREATE TRIGGER designers_updated AFTER UPDATE ON designers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_changes('designer');
CREATE TRIGGER designers_deleted AFTER DELETE ON designers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_changes('designer');
CREATE TRIGGER open_roles_inserted AFTER INSERT ON open_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_changes('open_role');
CREATE TRIGGER open_roles_updated AFTER UPDATE ON open_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_changes('open_role');
CREATE TRIGGER open_roles_deleted AFTER DELETE ON open_roles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_changes('open_role');

-- Down Migration

DROP TRIGGER open_roles_deleted ON open_roles;
DROP TRIGGER open_roles_updated ON open_roles;
DROP TRIGGER open_roles_inserted ON open_roles;
DROP TRIGGER designers_deleted ON designers;
DROP TRIGGER designers_updated ON designers;
DROP TRIGGER designers_inserted ON designers;
DROP FUNCTION record_changes();
CREATE FUNCTION record_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO change_log (entity, entity_id, op, version)
      VALUES (TG_ARGV[0], OLD.id, 'delete', nextval('entity_version_seq'));
    PERFORM pg_notify('change_log', TG_ARGV[0]);
    RETURN OLD;
  END IF;
  INSERT INTO change_log (entity, entity_id, op, version)
    VALUES (TG_ARGV[0], NEW.id, lower(TG_OP), NEW.version);
  PERFORM pg_notify('change_log', TG_ARGV[0]);
  RETURN NEW;
END $$;
CREATE TRIGGER designers_record_change AFTER INSERT OR UPDATE OR DELETE ON designers
  FOR EACH ROW EXECUTE FUNCTION record_change('designer');
CREATE TRIGGER open_roles_record_change AFTER INSERT OR UPDATE OR DELETE ON open_roles
  FOR EACH ROW EXECUTE FUNCTION record_change('open_role');

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
