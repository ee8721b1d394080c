-- Up Migration

-- One sequence for every row version: versions only grow, across updates, deletes and re-inserts of the
-- same id, so Elasticsearch's external versioning can always tell the newer write.
CREATE SEQUENCE entity_version_seq;

CREATE TABLE designers (
  id                text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  slug              text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name              text NOT NULL,
  description       text NOT NULL DEFAULT '',
  website           text NOT NULL,
  portfolio_preview text NOT NULL,
  category          text NOT NULL CHECK (category IN ('product', 'brand', 'graphic', 'motion', '3d', 'director', 'engineer')),
  location          text NOT NULL DEFAULT '',
  opted_in          boolean NOT NULL DEFAULT true,
  status            text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published', 'hidden')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  version           bigint NOT NULL DEFAULT nextval('entity_version_seq')
);

CREATE TABLE designer_roles (
  designer_id text NOT NULL REFERENCES designers (id) ON DELETE CASCADE,
  position    integer NOT NULL CHECK (position >= 0),
  title       text NOT NULL,
  company     text NOT NULL,
  company_url text,
  is_current  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (designer_id, position)
);
-- At most one current role per designer.
CREATE UNIQUE INDEX designer_roles_one_current ON designer_roles (designer_id) WHERE is_current;

CREATE TABLE open_roles (
  id              text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  title           text NOT NULL,
  company         text NOT NULL,
  company_url     text,
  location        text NOT NULL DEFAULT '',
  remote          boolean NOT NULL DEFAULT false,
  employment_type text NOT NULL CHECK (employment_type IN ('full_time', 'part_time', 'contract', 'freelance', 'internship')),
  category        text NOT NULL CHECK (category IN ('product', 'brand', 'graphic', 'motion', '3d', 'director', 'engineer')),
  description     text NOT NULL DEFAULT '',
  apply_url       text NOT NULL,
  placement       text NOT NULL DEFAULT 'standard' CHECK (placement IN ('standard', 'featured')),
  posted_at       timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL DEFAULT now() + interval '30 days',
  status          text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published', 'hidden')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  version         bigint NOT NULL DEFAULT nextval('entity_version_seq'),
  CHECK (expires_at > posted_at)
);

-- The outbox: one row per change, written by triggers in the same transaction as the change itself, so a
-- change is never lost while Redis, the worker or Elasticsearch is down. txid lets a reader bound what it
-- has seen by transaction rather than by sequence (a lower id may commit later).
CREATE TABLE change_log (
  id           bigserial PRIMARY KEY,
  entity       text NOT NULL CHECK (entity IN ('designer', 'open_role')),
  entity_id    text NOT NULL,
  op           text NOT NULL CHECK (op IN ('insert', 'update', 'delete')),
  version      bigint NOT NULL,
  txid         xid8 NOT NULL DEFAULT pg_current_xact_id(),
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  processed_at timestamptz
);
CREATE INDEX change_log_unprocessed ON change_log (id) WHERE processed_at IS NULL;

-- Every update gets a new version and updated_at.
CREATE FUNCTION bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := nextval('entity_version_seq');
  NEW.updated_at := now();
  RETURN NEW;
END $$;

CREATE TRIGGER designers_bump_version BEFORE UPDATE ON designers
  FOR EACH ROW EXECUTE FUNCTION bump_version();
CREATE TRIGGER open_roles_bump_version BEFORE UPDATE ON open_roles
  FOR EACH ROW EXECUTE FUNCTION bump_version();

-- TG_ARGV[0] is the entity name written to the outbox.
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

-- A role change is a change of its designer: touching the parent bumps its version and records the change.
CREATE FUNCTION touch_designer_from_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE designers SET updated_at = now()
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.designer_id ELSE NEW.designer_id END;
  RETURN NULL;
END $$;

CREATE TRIGGER designer_roles_touch_designer AFTER INSERT OR UPDATE OR DELETE ON designer_roles
  FOR EACH ROW EXECUTE FUNCTION touch_designer_from_role();

CREATE INDEX designers_listed ON designers (created_at DESC, id);
CREATE INDEX open_roles_expires ON open_roles (expires_at);

-- Down Migration

DROP TABLE change_log;
DROP TABLE designer_roles;
DROP TABLE designers;
DROP TABLE open_roles;
DROP FUNCTION touch_designer_from_role();
DROP FUNCTION record_change();
DROP FUNCTION bump_version();
DROP SEQUENCE entity_version_seq;
