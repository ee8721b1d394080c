import type { Designer } from '../domain/designer.schema.ts';
import type { DesignerImport } from '../domain/designer-import.schema.ts';
import type { PublicationStatus } from '../domain/publication-status.schema.ts';
import type { Role } from '../domain/role.schema.ts';
import type { DesignerKey } from '../search/search.port.ts';
import { writeDesignerSearchDocuments } from '../search/postgres/search-document.store.ts';
import type { Db } from './db.ts';
import { DESIGNER_LISTED, DESIGNER_SELECT, type DesignerRow, type StoredDesigner, toDesigner, toStoredDesigner } from './designer.row.ts';
import { toRecordConflict } from './store.errors.ts';

export type UpsertOutcome = 'inserted' | 'updated' | 'unchanged';

export interface UpsertResult {
  id: string;
  outcome: UpsertOutcome;
}

export interface ListOptions {
  /** Keyset position: the last id of the previous batch. */
  after?: string | null;
  limit?: number;
  /** Only published, opted-in designers. */
  listedOnly?: boolean;
}

const DESIGNER_FIELDS = ['slug', 'name', 'description', 'website', 'portfolio_preview', 'category', 'location', 'opted_in', 'status'] as const;

type StoredRole = Role & { is_current: boolean };

function desiredRoles(record: DesignerImport): StoredRole[] {
  return [
    ...(record.current_role ? [{ ...record.current_role, is_current: true }] : []),
    ...record.previous_roles.map((r) => ({ ...r, is_current: false })),
  ];
}

function sameRoles(a: StoredRole[], b: StoredRole[]): boolean {
  return (
    a.length === b.length &&
    a.every((r, i) => {
      const o = b[i]!;
      return r.title === o.title && r.company === o.company && r.company_url === o.company_url && r.is_current === o.is_current;
    })
  );
}

function upsertSql(conflictKey: 'id' | 'slug'): string {
  const columns = DESIGNER_FIELDS.join(', ');
  const placeholders = DESIGNER_FIELDS.map((_, i) => `$${i + 1}`).join(', ');
  const set = DESIGNER_FIELDS.map((c) => `${c} = excluded.${c}`).join(', ');
  const ours = DESIGNER_FIELDS.map((c) => `designers.${c}`).join(', ');
  const theirs = DESIGNER_FIELDS.map((c) => `excluded.${c}`).join(', ');
  const listedAt = `$${DESIGNER_FIELDS.length + 1}::timestamptz`;
  const id = `$${DESIGNER_FIELDS.length + 2}`;
  return `
    INSERT INTO designers (${conflictKey === 'id' ? 'id, ' : ''}${columns}, created_at)
    VALUES (${conflictKey === 'id' ? `${id}, ` : ''}${placeholders}, coalesce(${listedAt}, now()))
    ON CONFLICT (${conflictKey}) DO UPDATE SET ${set}, created_at = coalesce(${listedAt}, designers.created_at)
    -- An identical record changes nothing: no new version, no outbox row, no sync.
    WHERE (${ours}) IS DISTINCT FROM (${theirs})
       OR (${listedAt} IS NOT NULL AND designers.created_at IS DISTINCT FROM ${listedAt})
    RETURNING id, (xmax = 0) AS inserted`;
}

/**
 * Writes one designer and its roles, by id or else by slug, inside the caller's transaction. The roles
 * are rewritten only when they differ. The search text is not refreshed here: the caller does it once
 * for the whole batch (writeDesignerSearchDocuments), after the last role trigger has run.
 */
export async function upsertDesignerRows(tx: Db, record: DesignerImport): Promise<UpsertResult> {
  const params: unknown[] = [...DESIGNER_FIELDS.map((f) => record[f]), record.listed_at ?? null];
  if (record.id) params.push(record.id);
  let id: string;
  let inserted = false;
  let rowChanged = false;
  try {
    const { rows } = await tx.query<{ id: string; inserted: boolean }>(upsertSql(record.id ? 'id' : 'slug'), params);
    if (rows[0]) {
      ({ id, inserted } = rows[0]);
      rowChanged = true;
    } else if (record.id) {
      id = record.id;
    } else {
      const found = await tx.query<{ id: string }>('SELECT id FROM designers WHERE slug = $1', [record.slug]);
      id = found.rows[0]!.id;
    }
  } catch (error) {
    throw toRecordConflict(error);
  }

  const desired = desiredRoles(record);
  let rolesChanged = false;
  const existing = inserted
    ? []
    : (
        await tx.query<StoredRole>(
          'SELECT title, company, company_url, is_current FROM designer_roles WHERE designer_id = $1 ORDER BY position',
          [id],
        )
      ).rows;
  if (!sameRoles(existing, desired)) {
    rolesChanged = true;
    if (existing.length > 0) await tx.query('DELETE FROM designer_roles WHERE designer_id = $1', [id]);
    if (desired.length > 0) {
      await tx.query(
        `INSERT INTO designer_roles (designer_id, position, title, company, company_url, is_current)
         SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::boolean[])`,
        [
          id,
          desired.map((_, i) => i),
          desired.map((r) => r.title),
          desired.map((r) => r.company),
          desired.map((r) => r.company_url),
          desired.map((r) => r.is_current),
        ],
      );
    }
  }
  return { id, outcome: inserted ? 'inserted' : rowChanged || rolesChanged ? 'updated' : 'unchanged' };
}

/** The store's designers: writes keep the search text in step; reads return plain domain objects. */
export class DesignerRepository {
  constructor(
    private readonly db: Db,
    private readonly publicBaseUrl: string,
  ) {}

  /** Upserts one designer with its roles in one transaction (by id, or by slug when there is no id). */
  async upsert(record: DesignerImport): Promise<UpsertResult> {
    return this.db.transaction(async (tx) => {
      const result = await upsertDesignerRows(tx, record);
      if (result.outcome !== 'unchanged') await writeDesignerSearchDocuments(tx, [result.id]);
      return result;
    });
  }

  /** Changes the curator state only (publish, hide, opt out). Returns false when there is no such designer. */
  async setState(id: string, state: { status?: PublicationStatus; opted_in?: boolean }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `UPDATE designers SET status = coalesce($2, status), opted_in = coalesce($3, opted_in) WHERE id = $1 RETURNING id`,
        [id, state.status ?? null, state.opted_in ?? null],
      );
      if (rows.length > 0) await writeDesignerSearchDocuments(tx, [id]);
      return rows.length > 0;
    });
  }

  async delete(id: string): Promise<boolean> {
    const { rows } = await this.db.query('DELETE FROM designers WHERE id = $1 RETURNING id', [id]);
    return rows.length > 0;
  }

  /** The designer as stored, listed or not: what the sync job re-reads. */
  async findById(id: string): Promise<StoredDesigner | null> {
    const { rows } = await this.db.query<DesignerRow>(`SELECT ${DESIGNER_SELECT} FROM designers d WHERE d.id = $1`, [id]);
    return rows[0] ? toStoredDesigner(rows[0], this.publicBaseUrl) : null;
  }

  /** A listed designer's public profile, by slug or id. */
  async findListed(key: DesignerKey): Promise<Designer | null> {
    const [column, value] = 'slug' in key ? ['slug', key.slug] : ['id', key.id];
    const { rows } = await this.db.query<DesignerRow>(
      `SELECT ${DESIGNER_SELECT} FROM designers d WHERE d.${column} = $1 AND ${DESIGNER_LISTED}`,
      [value],
    );
    return rows[0] ? toDesigner(rows[0], this.publicBaseUrl) : null;
  }

  /** One keyset page in id order; next is the position of the following page, null after the last. */
  async list(options: ListOptions = {}): Promise<{ items: StoredDesigner[]; next: string | null }> {
    const limit = options.limit ?? 500;
    const { rows } = await this.db.query<DesignerRow>(
      `SELECT ${DESIGNER_SELECT} FROM designers d
        WHERE ($1::text IS NULL OR d.id > $1) ${options.listedOnly ? `AND ${DESIGNER_LISTED}` : ''}
        ORDER BY d.id LIMIT $2`,
      [options.after ?? null, limit],
    );
    const items = rows.map((r) => toStoredDesigner(r, this.publicBaseUrl));
    return { items, next: items.length === limit ? items.at(-1)!.designer.id : null };
  }

  /** Every designer (or every listed one), batch by batch, never the whole table in memory. */
  async *stream(options: Omit<ListOptions, 'after'> = {}): AsyncGenerator<StoredDesigner> {
    let after: string | null = null;
    do {
      const page: { items: StoredDesigner[]; next: string | null } = await this.list({ ...options, after });
      yield* page.items;
      after = page.next;
    } while (after);
  }

  async count(options: { listedOnly?: boolean } = {}): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM designers d ${options.listedOnly ? `WHERE ${DESIGNER_LISTED}` : ''}`,
    );
    return Number(rows[0]!.n);
  }
}
