import { LRUCache } from 'lru-cache';
import type { Db } from '../../store/db.ts';

/** Distinct counts remembered per process: a few hundred filter sets cover the pages people browse. */
const MAX_ENTRIES = 1000;

/**
 * Totals of count statements, remembered for as long as the data they counted cannot have changed. The key
 * is the statement with its parameters and the transaction's snapshot (`pg_current_snapshot()`: its xmin,
 * xmax and in-progress ids). Two snapshots with the same three see exactly the same committed rows, and a
 * search, being read-only, never takes a transaction id, so the snapshot only moves when something writes.
 * A count is therefore reused between writes and never across one, on any replica, whatever the filters.
 * Only for statements that can repeat: one whose parameters carry the clock (open roles' expiry) would never
 * hit and only evict others.
 */
export class SnapshotCountCache {
  private readonly totals = new LRUCache<string, number>({ max: MAX_ENTRIES });

  /** The count for this statement in tx's snapshot (tx must be REPEATABLE READ: one snapshot throughout). */
  async count(tx: Db, statement: { sql: string; params: unknown[] }): Promise<number> {
    const { rows } = await tx.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot');
    const key = `${rows[0]!.snapshot}\u0000${statement.sql}\u0000${JSON.stringify(statement.params)}`;
    const known = this.totals.get(key);
    if (known !== undefined) return known;
    const { rows: totals } = await tx.query<{ total: string }>(statement.sql, statement.params);
    const total = Number(totals[0]?.total ?? 0);
    this.totals.set(key, total);
    return total;
  }
}
