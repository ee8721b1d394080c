import type { Db } from './db.ts';

/** The tables a bulk write fills: the entities, their search text and the outbox. */
const STORE_TABLES = ['designers', 'designer_roles', 'designer_search', 'open_roles', 'open_role_search', 'search_terms', 'change_log'];

/**
 * Refreshes the planner's statistics after a bulk write. Autovacuum gets there eventually, but until it
 * does the planner believes the tables are as small as they were, and picks scans that cost seconds a page
 * at a million rows. ANALYZE samples a bounded number of rows, so it takes about a second at any size.
 */
export async function analyzeStore(db: Db): Promise<void> {
  await db.query(`ANALYZE ${STORE_TABLES.join(', ')}`);
}
