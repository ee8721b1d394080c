import type { OpenRoleImport } from '../domain/open-role-import.schema.ts';
import { importDefaultsOf } from '../domain/field-set.ts';
import { OPEN_ROLE_STATE } from '../domain/open-role.fields.ts';
import { OPEN_ROLE_LIFETIME_DAYS } from '../domain/open-role.schema.ts';
import type { PublicationStatus } from '../domain/publication-status.schema.ts';
import { STAMP_NOW, toMillisecond } from './column.sql.ts';
import type { Db } from './db.ts';
import { OPEN_ROLE_WRITTEN_NAMES } from './open-role.row.ts';
import { RecordConflictError, toRecordConflict } from './store.errors.ts';
import type { UpsertResult } from './upsert-result.ts';

const NEW_OPEN_ROLE_STATE = importDefaultsOf(OPEN_ROLE_STATE);

function upsertSql(withId: boolean): string {
  const n = OPEN_ROLE_WRITTEN_NAMES.length;
  const posted = `$${n + 1}::timestamptz`;
  const expires = `$${n + 2}::timestamptz`;
  const lifetime = `make_interval(days => $${n + 3})`;
  const id = `$${n + 4}`;
  const columns = OPEN_ROLE_WRITTEN_NAMES.join(', ');
  const placeholders = OPEN_ROLE_WRITTEN_NAMES.map((_, i) => `$${i + 1}`).join(', ');
  const set = OPEN_ROLE_WRITTEN_NAMES.map((c) => `${c} = excluded.${c}`).join(', ');
  // Dates the record leaves out keep their stored values on an update, so re-importing a file without
  // them does not push an open role's dates forward.
  const newPosted = `coalesce(${posted}, open_roles.posted_at)`;
  const newExpires = `coalesce(${expires}, CASE WHEN ${posted} IS NULL THEN open_roles.expires_at ELSE ${posted} + ${lifetime} END)`;
  return `
    INSERT INTO open_roles (${withId ? 'id, ' : ''}${columns}, posted_at, expires_at)
    VALUES (${withId ? `${id}, ` : ''}${placeholders}, coalesce(${posted}, ${STAMP_NOW}),
            coalesce(${expires}, coalesce(${posted}, ${STAMP_NOW}) + ${lifetime}))
    ON CONFLICT (id) DO UPDATE SET ${set}, posted_at = ${newPosted}, expires_at = ${newExpires}
    WHERE (${OPEN_ROLE_WRITTEN_NAMES.map((c) => `open_roles.${c}`).join(', ')}, ${toMillisecond('open_roles.posted_at')}, ${toMillisecond('open_roles.expires_at')})
          IS DISTINCT FROM (${OPEN_ROLE_WRITTEN_NAMES.map((c) => `excluded.${c}`).join(', ')}, ${toMillisecond(newPosted)}, ${toMillisecond(newExpires)})
    RETURNING id, (xmax = 0) AS inserted`;
}

/**
 * Writes one open role inside the caller's transaction: by id, or else by apply_url (an open role's natural
 * key) when the record has no id.
 */
async function writeOpenRole(tx: Db, given: OpenRoleImport): Promise<UpsertResult> {
  let id = given.id;
  let stored: PublicationStatus | undefined;
  if (!id) {
    const { rows } = await tx.query<{ id: string; status: PublicationStatus }>('SELECT id, status FROM open_roles WHERE apply_url = $1 FOR UPDATE', [given.apply_url]);
    if (rows.length > 1) {
      throw new RecordConflictError('apply_url', `matches ${rows.length} stored listings; give the id of the one to update`);
    }
    id = rows[0]?.id;
    stored = rows[0]?.status;
  } else if (given.status === undefined) {
    stored = (await tx.query<{ status: PublicationStatus }>('SELECT status FROM open_roles WHERE id = $1 FOR UPDATE', [id])).rows[0]?.status;
  }
  // A status the record leaves out stays as stored (a re-import does not publish a hidden open role again).
  const record = { ...given, status: given.status ?? stored ?? NEW_OPEN_ROLE_STATE.status };
  const params: unknown[] = [...OPEN_ROLE_WRITTEN_NAMES.map((f) => record[f]), record.posted_at ?? null, record.expires_at ?? null, OPEN_ROLE_LIFETIME_DAYS];
  if (id) params.push(id);
  try {
    const { rows } = await tx.query<{ id: string; inserted: boolean }>(upsertSql(Boolean(id)), params);
    if (!rows[0]) return { id: id!, outcome: 'unchanged' };
    return { id: rows[0].id, outcome: rows[0].inserted ? 'inserted' : 'updated' };
  } catch (error) {
    throw toRecordConflict(error);
  }
}

/**
 * The one writer of open roles. Each write is one transaction; on a Db that is itself a transaction (the
 * import's), it joins that one.
 */
export class OpenRoleWriter {
  constructor(private readonly db: Db) {}

  /** Upserts one open role (by id, or by apply_url when there is no id); left-out dates are computed. */
  upsert(record: OpenRoleImport): Promise<UpsertResult> {
    return this.db.transaction((tx) => writeOpenRole(tx, record));
  }
}
