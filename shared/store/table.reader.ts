import type { Db } from './db.ts';
import { withKeysetPlan } from './keyset-plan.ts';
import { InvalidSourceRowError, type SourceState } from './row-state.ts';

type ListedRow = { id: string; version: string; listed: boolean };

/** How one table is read: its select list, its alias, what "listed" means, and the values it makes. */
export interface TableSpec<R extends ListedRow, T, S> {
  /** The entity's name in the outbox (change_log.entity). */
  entity: string;
  /** `table alias`, for example `designers d`. */
  table: string;
  alias: string;
  /** The select list (alias-qualified); `listed` is added to it. */
  columns: string;
  /** The predicate of rows the API lists. */
  listed: string;
  /** The search-ready value of a listed row; throws InvalidSourceRowError for one that cannot be valid. */
  toIndexed(row: R): T;
  /** The row as stored, listed or not, with what decides whether it is listed. */
  toStored(row: R): S;
}

/** One keyset page; next is the position of the following page (the last id), null after the last. */
export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}

const DEFAULT_PAGE_SIZE = 500;

/**
 * Reads the rows of one table, one statement per read so that a row and everything it aggregates come
 * from one snapshot. Walks are keyset pages in id order: the table is never held in memory, and a page
 * costs the same however deep the walk is.
 */
export class TableReader<R extends ListedRow, T, S> {
  private readonly select: string;

  constructor(
    protected readonly db: Db,
    private readonly spec: TableSpec<R, T, S>,
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

  /** The row as stored, listed or not (curators' tools and tests look at drafts too); null when there is none. */
  async findById(id: string): Promise<S | null> {
    const { rows } = await this.db.query<R>(`${this.select} WHERE ${this.spec.alias}.id = $1`, [id]);
    return rows[0] ? this.spec.toStored(rows[0]) : null;
  }

  /**
   * Every listed row in id order, as search-ready values, a keyset page at a time. Rows that cannot
   * become a valid value go to onInvalid instead.
   */
  async *streamListed(
    options: { pageSize?: number; onInvalid?: (error: InvalidSourceRowError) => void } = {},
  ): AsyncGenerator<T> {
    for await (const row of this.walk((after, pageSize) => this.listedPage(after, pageSize), options.pageSize)) {
      try {
        yield this.spec.toIndexed(row);
      } catch (error) {
        if (!(error instanceof InvalidSourceRowError) || !options.onInvalid) throw error;
        options.onInvalid(error);
      }
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
    const { rows } = await this.db.query<{ count: string }>(`SELECT count(*) AS count FROM ${this.spec.table} WHERE ${this.spec.listed}`);
    return Number(rows[0]?.count ?? 0);
  }

  /** One keyset page of every row, listed or not, as stored. */
  async list(options: { after?: string | null; limit?: number } = {}): Promise<KeysetPage<S>> {
    const limit = options.limit ?? DEFAULT_PAGE_SIZE;
    const { rows } = await withKeysetPlan(this.db, (tx) => tx.query<R>(...this.rowsPage(options.after ?? null, limit)));
    return { items: rows.map((row) => this.spec.toStored(row)), next: rows.length === limit ? rows.at(-1)!.id : null };
  }

  /** Every row, listed or not, as stored, in id order, a keyset page at a time. */
  async *stream(options: { pageSize?: number } = {}): AsyncGenerator<S> {
    for await (const row of this.walk((after, pageSize) => this.rowsPage(after, pageSize), options.pageSize)) yield this.spec.toStored(row);
  }

  /** One keyset page of every row: like listedPage, a statement of its own for the first page. */
  rowsPage(after: string | null, pageSize: number): [string, unknown[]] {
    const { alias } = this.spec;
    return after === null
      ? [`${this.select} ORDER BY ${alias}.id LIMIT $1`, [pageSize]]
      : [`${this.select} WHERE ${alias}.id > $1 ORDER BY ${alias}.id LIMIT $2`, [after, pageSize]];
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ count: string }>(`SELECT count(*) AS count FROM ${this.spec.table}`);
    return Number(rows[0]?.count ?? 0);
  }

  /**
   * Gives the row a fresh version (the update trigger draws it, and the outbox records the change), if
   * it still holds `version`. For a row whose index write was refused by a newer delete of its id: the
   * next sync writes it above that delete. False when the row has changed or gone since (that change is
   * already on its way).
   */
  async touch(id: string, version: number): Promise<boolean> {
    const { alias, table } = this.spec;
    const { rows } = await this.db.query(
      `UPDATE ${table} SET updated_at = ${alias}.updated_at WHERE ${alias}.id = $1 AND ${alias}.version = $2 RETURNING ${alias}.id`,
      [id, version],
    );
    return rows.length === 1;
  }

  /**
   * The rows of a keyset walk, page by page, each page read under withKeysetPlan. The next page is read
   * while the caller works through this one (a reindex turns them into documents and bulk requests), so
   * the database and the caller each wait on the other about half as long. At most two pages are held,
   * each of at most pageSize rows and about PAGE_BYTES: the first page is a small one, and each next
   * page is sized by the rows of the one before (pageRows), so a table of large rows (long descriptions,
   * fifty past roles) reads fewer at a time instead of holding pageSize of them.
   */
  private async *walk(page: (after: string | null, pageSize: number) => [string, unknown[]], pageSize = DEFAULT_PAGE_SIZE): AsyncGenerator<R> {
    const read = (after: string | null, limit: number): Promise<R[]> => {
      const rows = withKeysetPlan(this.db, (tx) => tx.query<R>(...page(after, limit))).then((r) => r.rows);
      // Awaited below; this keeps a read that fails while the caller is busy from counting as unhandled.
      rows.catch(() => undefined);
      return rows;
    };
    let limit = Math.min(pageSize, FIRST_PAGE_ROWS);
    let next = read(null, limit);
    for (;;) {
      const rows = await next;
      const full = rows.length === limit;
      if (full) {
        limit = pageRows(rows, pageSize, PAGE_BYTES);
        next = read(rows.at(-1)!.id, limit);
      }
      yield* rows;
      if (!full) return;
    }
  }
}

/** Bytes a keyset page of a walk holds, about (see walk). */
export const PAGE_BYTES = 1024 * 1024;
const FIRST_PAGE_ROWS = 50;
/** Rows whose size is measured to size the next page: enough for an average, few enough to cost nothing. */
const SIZE_SAMPLE = 25;

/**
 * The rows of the next page: as many as fit in `bytes` at the average size of these rows (their JSON
 * length, from an evenly spaced sample), from 1 to maxRows.
 */
export function pageRows(rows: readonly unknown[], maxRows: number, bytes: number): number {
  if (rows.length === 0) return maxRows;
  const step = Math.max(1, Math.floor(rows.length / SIZE_SAMPLE));
  let measured = 0;
  let length = 0;
  for (let i = 0; i < rows.length; i += step) {
    length += JSON.stringify(rows[i]).length;
    measured += 1;
  }
  return Math.max(1, Math.min(maxRows, Math.floor(bytes / (length / measured))));
}
