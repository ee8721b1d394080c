import type { Db } from '../store/db.ts';
import { withKeysetPlan } from '../store/keyset-plan.ts';
import type { ChangeEntity } from './change-log.repository.ts';
import { InvalidSourceRowError, type SourceState } from './source-state.ts';

type ListedRow = { id: string; version: string; listed: boolean };

/** How one table is read: its select list, its alias, what "listed" means, and the document it makes. */
export interface RowSourceSpec<R extends ListedRow, T> {
  /** The entity's name in the outbox (change_log.entity). */
  entity: ChangeEntity;
  /** `table alias`, for example `designers d`. */
  table: string;
  alias: string;
  /** The select list (alias-qualified); `listed` is added to it. */
  columns: string;
  /** The predicate of rows the API lists. */
  listed: string;
  /** Throws InvalidSourceRowError for a row that cannot become a valid document. */
  toIndexed(row: R): T;
}

/**
 * Reads rows of one table as search-ready values, one statement per read so that a row and everything
 * it aggregates come from one snapshot.
 */
export class RowSource<R extends ListedRow, T> {
  private readonly select: string;

  constructor(
    private readonly db: Db,
    private readonly spec: RowSourceSpec<R, T>,
  ) {
    this.select = `SELECT ${spec.columns}, ${spec.listed} AS listed FROM ${spec.table}`;
  }

  async load(id: string): Promise<SourceState<T>> {
    return (await this.loadMany([id])).get(id) ?? { state: 'absent', version: null };
  }

  /**
   * States of several rows at once. An id without a row is absent, with the newest version the outbox
   * holds for it (its delete). Both come from one statement, so from one snapshot: a re-insert that
   * commits meanwhile is either seen as the row or not at all, and a delete version read here is always
   * below the version of any row that comes back later.
   */
  async loadMany(ids: readonly string[]): Promise<Map<string, SourceState<T>>> {
    const { rows } = await this.db.query<(R & { requested_id: string; found: true }) | { requested_id: string; found: null; last_version: string | null }>(
      `SELECT ids.id AS requested_id, src.*,
              (SELECT max(c.version) FROM change_log c WHERE c.entity = $2 AND c.entity_id = ids.id) AS last_version
         FROM unnest($1::text[]) AS ids(id)
         LEFT JOIN LATERAL (
           SELECT ${this.spec.columns}, ${this.spec.listed} AS listed, true AS found
             FROM ${this.spec.table} WHERE ${this.spec.alias}.id = ids.id
         ) AS src ON true`,
      [ids, this.spec.entity],
    );
    const states = new Map<string, SourceState<T>>();
    for (const found of rows) {
      if (!found.found) {
        const version = found.last_version === null ? null : Number(found.last_version);
        states.set(found.requested_id, { state: 'absent', version });
        continue;
      }
      const row = found as R;
      const version = Number(row.version);
      if (!row.listed) {
        states.set(row.id, { state: 'unlisted', version });
        continue;
      }
      try {
        states.set(row.id, { state: 'listed', item: this.spec.toIndexed(row), version });
      } catch (error) {
        if (!(error instanceof InvalidSourceRowError)) throw error;
        states.set(row.id, { state: 'invalid', version, reason: error.message });
      }
    }
    return states;
  }

  /**
   * Every listed row in id order, read a page at a time with a keyset cursor (id > last), so the table
   * is never held in memory and a page costs the same however deep the walk is. Rows that cannot become
   * a document go to onInvalid instead.
   */
  async *streamListed(
    options: { pageSize?: number; onInvalid?: (error: InvalidSourceRowError) => void } = {},
  ): AsyncGenerator<T> {
    const pageSize = options.pageSize ?? 500;
    let after: string | null = null;
    for (;;) {
      const { rows }: { rows: R[] } = await withKeysetPlan(this.db, (tx) => tx.query<R>(...this.listedPage(after, pageSize)));
      for (const row of rows) {
        try {
          yield this.spec.toIndexed(row);
        } catch (error) {
          if (!(error instanceof InvalidSourceRowError) || !options.onInvalid) throw error;
          options.onInvalid(error);
        }
      }
      if (rows.length < pageSize) return;
      after = rows.at(-1)!.id;
    }
  }

  /**
   * One keyset page of listed rows (run it under withKeysetPlan). The first page and the later ones are
   * separate statements: a predicate like `$1 IS NULL OR id > $1` hides the range from the planner,
   * which then picks its plan by statistics and, without them, scans the table for every page.
   */
  listedPage(after: string | null, pageSize: number): [string, unknown[]] {
    const { alias, listed } = this.spec;
    return after === null
      ? [`${this.select} WHERE ${listed} ORDER BY ${alias}.id LIMIT $1`, [pageSize]]
      : [`${this.select} WHERE ${listed} AND ${alias}.id > $1 ORDER BY ${alias}.id LIMIT $2`, [after, pageSize]];
  }

  async countListed(): Promise<number> {
    const { rows } = await this.db.query<{ count: string }>(
      `SELECT count(*) AS count FROM ${this.spec.table} WHERE ${this.spec.listed}`,
    );
    return Number(rows[0]?.count ?? 0);
  }
}
