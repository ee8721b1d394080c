import type { OpenRoleImport } from '../domain/open-role-import.schema.ts';
import { OPEN_ROLE_LIFETIME_DAYS } from '../domain/open-role.schema.ts';
import type { PublicationStatus } from '../domain/publication-status.schema.ts';
import { writeOpenRoleSearchDocuments } from '../search/postgres/search-document.store.ts';
import type { Db } from './db.ts';
import type { ListOptions, UpsertResult } from './designer.repository.ts';
import { OPEN_ROLE_PUBLISHED, OPEN_ROLE_SELECT, type OpenRoleRow, type StoredOpenRole, toStoredOpenRole } from './open-role.row.ts';
import { RecordConflictError, toRecordConflict } from './store.errors.ts';

const FIELDS = [
  'title', 'company', 'company_url', 'location', 'remote', 'employment_type', 'category', 'description', 'apply_url',
  'placement', 'status',
] as const;

function upsertSql(withId: boolean): string {
  const n = FIELDS.length;
  const posted = `$${n + 1}::timestamptz`;
  const expires = `$${n + 2}::timestamptz`;
  const lifetime = `make_interval(days => $${n + 3})`;
  const id = `$${n + 4}`;
  const columns = FIELDS.join(', ');
  const placeholders = FIELDS.map((_, i) => `$${i + 1}`).join(', ');
  const set = FIELDS.map((c) => `${c} = excluded.${c}`).join(', ');
  // Dates the record leaves out keep their stored values on an update, so re-importing a file without
  // them does not push a listing's dates forward.
  const newPosted = `coalesce(${posted}, open_roles.posted_at)`;
  const newExpires = `coalesce(${expires}, CASE WHEN ${posted} IS NULL THEN open_roles.expires_at ELSE ${posted} + ${lifetime} END)`;
  return `
    INSERT INTO open_roles (${withId ? 'id, ' : ''}${columns}, posted_at, expires_at)
    VALUES (${withId ? `${id}, ` : ''}${placeholders}, coalesce(${posted}, now()),
            coalesce(${expires}, coalesce(${posted}, now()) + ${lifetime}))
    ON CONFLICT (id) DO UPDATE SET ${set}, posted_at = ${newPosted}, expires_at = ${newExpires}
    WHERE (${FIELDS.map((c) => `open_roles.${c}`).join(', ')}, open_roles.posted_at, open_roles.expires_at)
          IS DISTINCT FROM (${FIELDS.map((c) => `excluded.${c}`).join(', ')}, ${newPosted}, ${newExpires})
    RETURNING id, (xmax = 0) AS inserted`;
}

/**
 * Writes one open role inside the caller's transaction: by id, or else by apply_url (a listing's natural
 * key) when the record has no id. The search text is left to the caller, as for designers.
 */
export async function upsertOpenRoleRows(tx: Db, record: OpenRoleImport): Promise<UpsertResult> {
  let id = record.id;
  if (!id) {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM open_roles WHERE apply_url = $1 FOR UPDATE', [record.apply_url]);
    if (rows.length > 1) {
      throw new RecordConflictError('apply_url', `matches ${rows.length} stored listings; give the id of the one to update`);
    }
    id = rows[0]?.id;
  }
  const params: unknown[] = [...FIELDS.map((f) => record[f]), record.posted_at ?? null, record.expires_at ?? null, OPEN_ROLE_LIFETIME_DAYS];
  if (id) params.push(id);
  try {
    const { rows } = await tx.query<{ id: string; inserted: boolean }>(upsertSql(Boolean(id)), params);
    if (!rows[0]) return { id: id!, outcome: 'unchanged' };
    return { id: rows[0].id, outcome: rows[0].inserted ? 'inserted' : 'updated' };
  } catch (error) {
    throw toRecordConflict(error);
  }
}

export class OpenRoleRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async upsert(record: OpenRoleImport): Promise<UpsertResult> {
    return this.db.transaction(async (tx) => {
      const result = await upsertOpenRoleRows(tx, record);
      if (result.outcome !== 'unchanged') await writeOpenRoleSearchDocuments(tx, [result.id]);
      return result;
    });
  }

  async setStatus(id: string, status: PublicationStatus): Promise<boolean> {
    const { rows } = await this.db.query('UPDATE open_roles SET status = $2 WHERE id = $1 RETURNING id', [id, status]);
    if (rows.length > 0) await writeOpenRoleSearchDocuments(this.db, [id]);
    return rows.length > 0;
  }

  async delete(id: string): Promise<boolean> {
    const { rows } = await this.db.query('DELETE FROM open_roles WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  }

  async findById(id: string): Promise<StoredOpenRole | null> {
    const { rows } = await this.db.query<OpenRoleRow>(`SELECT ${OPEN_ROLE_SELECT} FROM open_roles o WHERE o.id = $1`, [id]);
    return rows[0] ? toStoredOpenRole(rows[0], this.now()) : null;
  }

  /** One keyset page in id order. listedOnly: published and not expired now. */
  async list(options: ListOptions = {}): Promise<{ items: StoredOpenRole[]; next: string | null }> {
    const limit = options.limit ?? 500;
    const now = this.now();
    const { rows } = await this.db.query<OpenRoleRow>(
      `SELECT ${OPEN_ROLE_SELECT} FROM open_roles o
        WHERE ($1::text IS NULL OR o.id > $1) ${options.listedOnly ? `AND ${OPEN_ROLE_PUBLISHED} AND o.expires_at > $3` : ''}
        ORDER BY o.id LIMIT $2`,
      options.listedOnly ? [options.after ?? null, limit, now] : [options.after ?? null, limit],
    );
    const items = rows.map((r) => toStoredOpenRole(r, now));
    return { items, next: items.length === limit ? items.at(-1)!.role.id : null };
  }

  async *stream(options: Omit<ListOptions, 'after'> = {}): AsyncGenerator<StoredOpenRole> {
    let after: string | null = null;
    do {
      const page: { items: StoredOpenRole[]; next: string | null } = await this.list({ ...options, after });
      yield* page.items;
      after = page.next;
    } while (after);
  }

  async count(options: { listedOnly?: boolean } = {}): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM open_roles o ${options.listedOnly ? `WHERE ${OPEN_ROLE_PUBLISHED} AND o.expires_at > $1` : ''}`,
      options.listedOnly ? [this.now()] : [],
    );
    return Number(rows[0]!.n);
  }
}
