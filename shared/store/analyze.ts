import type { Db } from './db.ts';

/** The tables a bulk write fills: the entities, their search text and the outbox. */
const STORE_TABLES = ['designers', 'designer_roles', 'designer_search', 'open_roles', 'open_role_search', 'search_terms', 'change_log'];

/**
 * Refreshes the planner's statistics (and the visibility map) after a bulk write. Autovacuum gets there eventually, but until it
 * does the planner believes the tables are as small as they were, and picks scans that cost seconds a page
 * at a million rows. ANALYZE samples a bounded number of rows, so it takes about a second at any size.
 */
export function analyzeStore(db: Db): Promise<void> {
  return analyzeTables(db, STORE_TABLES);
}

/** VACUUM (ANALYZE) of these tables after a bulk write to them (see analyzeStore). */
export async function analyzeTables(db: Db, tables: readonly string[]): Promise<void> {
  // VACUUM as well: it marks the pages all-visible, which lets counts and id walks read the narrow
  // partial indices alone (index-only scans) instead of every row. It cannot run in a transaction,
  // and a bulk write has just committed, so this is the moment.
  try {
    await db.query(`VACUUM (ANALYZE) ${tables.join(', ')}`);
  } catch (error) {
    // A caller that holds a transaction open around the write (25001): statistics alone, then.
    if ((error as { code?: string }).code !== '25001') throw error;
    await db.query(`ANALYZE ${tables.join(', ')}`);
  }
}
