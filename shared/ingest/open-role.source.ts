import { z } from 'zod';
import { type IndexedOpenRole, IndexedOpenRoleSchema } from '../domain/open-role.schema.ts';
import type { Db } from '../store/db.ts';
import { OPEN_ROLE_PUBLISHED, OPEN_ROLE_SELECT, type OpenRoleRow, toOpenRole } from '../store/open-role.row.ts';
import { InvalidSourceRowError, type SourceState } from './source-state.ts';

type ListedRow = OpenRoleRow & { listed: boolean };

/** Published and not yet expired: what the API lists. */
const LISTED = `(${OPEN_ROLE_PUBLISHED} AND o.expires_at > now())`;

const SELECT = `SELECT ${OPEN_ROLE_SELECT}, ${LISTED} AS listed FROM open_roles o`;

/** Reads open roles from Postgres as search-ready IndexedOpenRole values. */
export class OpenRoleSource {
  constructor(private readonly db: Db) {}

  async load(id: string): Promise<SourceState<IndexedOpenRole>> {
    return (await this.loadMany([id])).get(id) ?? { state: 'absent' };
  }

  async loadMany(ids: readonly string[]): Promise<Map<string, SourceState<IndexedOpenRole>>> {
    const { rows } = await this.db.query<ListedRow>(`${SELECT} WHERE o.id = ANY($1::text[])`, [ids]);
    const states = new Map<string, SourceState<IndexedOpenRole>>(ids.map((id) => [id, { state: 'absent' }]));
    for (const row of rows) {
      const version = Number(row.version);
      if (!row.listed) {
        states.set(row.id, { state: 'unlisted', version });
        continue;
      }
      try {
        states.set(row.id, { state: 'listed', item: toIndexed(row), version });
      } catch (error) {
        if (!(error instanceof InvalidSourceRowError)) throw error;
        states.set(row.id, { state: 'invalid', version, reason: error.message });
      }
    }
    return states;
  }

  /** Every listed open role in id order, a keyset page at a time. */
  async *streamListed(
    options: { pageSize?: number; onInvalid?: (error: InvalidSourceRowError) => void } = {},
  ): AsyncGenerator<IndexedOpenRole> {
    const pageSize = options.pageSize ?? 500;
    let after: string | null = null;
    for (;;) {
      const { rows }: { rows: ListedRow[] } = await this.db.query<ListedRow>(
        `${SELECT} WHERE ${LISTED} AND ($1::text IS NULL OR o.id > $1) ORDER BY o.id LIMIT $2`,
        [after, pageSize],
      );
      for (const row of rows) {
        try {
          yield toIndexed(row);
        } catch (error) {
          if (!(error instanceof InvalidSourceRowError) || !options.onInvalid) throw error;
          options.onInvalid(error);
        }
      }
      if (rows.length < pageSize) return;
      after = rows.at(-1)!.id;
    }
  }

  async countListed(): Promise<number> {
    const { rows } = await this.db.query<{ count: string }>(`SELECT count(*) AS count FROM open_roles o WHERE ${LISTED}`);
    return Number(rows[0]?.count ?? 0);
  }
}

function toIndexed(row: OpenRoleRow): IndexedOpenRole {
  const candidate = { role: toOpenRole(row), version: Number(row.version) };
  const parsed = IndexedOpenRoleSchema.safeParse(candidate);
  if (!parsed.success) throw new InvalidSourceRowError('open role', row.id, z.prettifyError(parsed.error));
  return parsed.data;
}
