import type { Db } from './db.ts';

/**
 * Runs a keyset page's statements with sorting priced out of the planner's reach. A page is `ORDER BY id
 * LIMIT n` over an index on id; with stale statistics (just after a bulk load) the planner believes few
 * rows match and prefers reading every match and sorting them, which at a million rows costs seconds a
 * page. Without a sort to fall back on, the only plan left is the ordered index range stopped by LIMIT,
 * whatever the statistics say. SET LOCAL keeps the setting to this one transaction.
 */
export function withKeysetPlan<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL enable_sort = off');
    return fn(tx);
  });
}
