import { z } from 'zod';
import { type IndexedOpenRole, IndexedOpenRoleSchema } from '../domain/open-role.schema.ts';
import type { Db } from '../store/db.ts';
import { InvalidSourceRowError, type SourceState } from './source-state.ts';

interface OpenRoleRow {
  id: string;
  title: string;
  company: string;
  company_url: string | null;
  location: string;
  remote: boolean;
  employment_type: string;
  category: string;
  description: string;
  apply_url: string;
  placement: string;
  posted_at: Date;
  expires_at: Date;
  listed: boolean;
  version: string;
}

/** Published and not yet expired: what the API lists. */
const LISTED = `o.status = 'published' AND o.expires_at > now()`;

const SELECT = `
  SELECT o.id, o.title, o.company, o.company_url, o.location, o.remote, o.employment_type, o.category,
         o.description, o.apply_url, o.placement, o.posted_at, o.expires_at, (${LISTED}) AS listed, o.version
    FROM open_roles o`;

/** Reads open roles from Postgres as search-ready IndexedOpenRole values. */
export class OpenRoleSource {
  constructor(private readonly db: Db) {}

  async load(id: string): Promise<SourceState<IndexedOpenRole>> {
    return (await this.loadMany([id])).get(id) ?? { state: 'absent' };
  }

  async loadMany(ids: readonly string[]): Promise<Map<string, SourceState<IndexedOpenRole>>> {
    const { rows } = await this.db.query<OpenRoleRow>(`${SELECT} WHERE o.id = ANY($1::text[])`, [ids]);
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
      const { rows }: { rows: OpenRoleRow[] } = await this.db.query<OpenRoleRow>(
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
  const candidate = {
    role: {
      id: row.id,
      title: row.title,
      company: row.company,
      company_url: row.company_url,
      location: row.location,
      remote: row.remote,
      employment_type: row.employment_type,
      category: row.category,
      description: row.description,
      apply_url: row.apply_url,
      placement: row.placement,
      posted_at: row.posted_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
    },
    version: Number(row.version),
  };
  const parsed = IndexedOpenRoleSchema.safeParse(candidate);
  if (!parsed.success) throw new InvalidSourceRowError('open role', row.id, z.prettifyError(parsed.error));
  return parsed.data;
}
