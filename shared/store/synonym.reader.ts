import type { Db } from './db.ts';

/** A synonym rule a curator stored, in its normal text (synonymRuleText). */
export interface StoredSynonymRule {
  id: number;
  rule: string;
  created_at: string;
}

/** The one read path of search_synonyms: every stored rule, oldest first. */
export async function listSynonymRules(db: Db): Promise<StoredSynonymRule[]> {
  const { rows } = await db.query<{ id: string | number; rule: string; created_at: Date | string }>(
    'SELECT id, rule, created_at FROM search_synonyms ORDER BY id',
  );
  return rows.map((row) => ({ id: Number(row.id), rule: row.rule, created_at: new Date(row.created_at).toISOString() }));
}
