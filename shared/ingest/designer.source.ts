import { z } from 'zod';
import { type IndexedDesigner, IndexedDesignerSchema } from '../domain/designer.schema.ts';
import type { Db } from '../store/db.ts';
import { DESIGNER_LISTED, DESIGNER_SELECT, type DesignerRow, toDesigner } from '../store/designer.row.ts';
import { InvalidSourceRowError, type SourceState } from './source-state.ts';

type ListedRow = DesignerRow & { listed: boolean };

// One statement per read, so the roles and the version come from the same snapshot: a role change
// bumps its designer's version in the same transaction.
const SELECT = `SELECT ${DESIGNER_SELECT}, ${DESIGNER_LISTED} AS listed FROM designers d`;

/** Reads designers with their roles from Postgres as search-ready IndexedDesigner values. */
export class DesignerSource {
  constructor(
    private readonly db: Db,
    private readonly publicBaseUrl: string,
  ) {}

  async load(id: string): Promise<SourceState<IndexedDesigner>> {
    return (await this.loadMany([id])).get(id) ?? { state: 'absent' };
  }

  /** States of several designers at once; ids without a row are absent. */
  async loadMany(ids: readonly string[]): Promise<Map<string, SourceState<IndexedDesigner>>> {
    const { rows } = await this.db.query<ListedRow>(`${SELECT} WHERE d.id = ANY($1::text[])`, [ids]);
    const states = new Map<string, SourceState<IndexedDesigner>>(ids.map((id) => [id, { state: 'absent' }]));
    for (const row of rows) {
      const version = Number(row.version);
      if (!row.listed) {
        states.set(row.id, { state: 'unlisted', version });
        continue;
      }
      try {
        states.set(row.id, { state: 'listed', item: this.toIndexed(row), version });
      } catch (error) {
        if (!(error instanceof InvalidSourceRowError)) throw error;
        states.set(row.id, { state: 'invalid', version, reason: error.message });
      }
    }
    return states;
  }

  /**
   * Every listed designer in id order, read a page at a time with a keyset cursor (id > last), so
   * the table is never held in memory and a page costs the same however deep the walk is.
   * Rows that cannot become a document go to onInvalid instead.
   */
  async *streamListed(
    options: { pageSize?: number; onInvalid?: (error: InvalidSourceRowError) => void } = {},
  ): AsyncGenerator<IndexedDesigner> {
    const pageSize = options.pageSize ?? 500;
    let after: string | null = null;
    for (;;) {
      const { rows }: { rows: ListedRow[] } = await this.db.query<ListedRow>(
        `${SELECT} WHERE ${DESIGNER_LISTED} AND ($1::text IS NULL OR d.id > $1) ORDER BY d.id LIMIT $2`,
        [after, pageSize],
      );
      for (const row of rows) {
        try {
          yield this.toIndexed(row);
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
    const { rows } = await this.db.query<{ count: string }>(`SELECT count(*) AS count FROM designers d WHERE ${DESIGNER_LISTED}`);
    return Number(rows[0]?.count ?? 0);
  }

  private toIndexed(row: DesignerRow): IndexedDesigner {
    const candidate = { designer: toDesigner(row, this.publicBaseUrl), listed_at: row.created_at.toISOString(), version: Number(row.version) };
    const parsed = IndexedDesignerSchema.safeParse(candidate);
    if (!parsed.success) throw new InvalidSourceRowError('designer', row.id, z.prettifyError(parsed.error));
    return parsed.data;
  }
}
