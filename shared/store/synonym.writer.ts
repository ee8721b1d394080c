import { type SynonymRule, synonymRuleText } from '../text/synonym-rule.schema.ts';
import type { Db } from './db.ts';
import type { StoredSynonymRule } from './synonym.reader.ts';

/**
 * The one write path of search_synonyms. Rules are stored in their normal text, so one rule written two
 * ways ("UX, user experience" and "ux,user experience") is stored once.
 */
export async function addSynonymRule(db: Db, rule: SynonymRule): Promise<{ added: boolean; stored: StoredSynonymRule }> {
  const text = synonymRuleText(rule);
  const inserted = await db.query<{ id: string | number; created_at: Date | string }>(
    'INSERT INTO search_synonyms (rule) VALUES ($1) ON CONFLICT (rule) DO NOTHING RETURNING id, created_at',
    [text],
  );
  const row = inserted.rows[0] ?? (await db.query<{ id: string | number; created_at: Date | string }>('SELECT id, created_at FROM search_synonyms WHERE rule = $1', [text])).rows[0]!;
  return { added: inserted.rows.length > 0, stored: { id: Number(row.id), rule: text, created_at: new Date(row.created_at).toISOString() } };
}

/** Removes a stored rule by its id or its text (read as a rule, so any spelling of it); the removed rule, or null. */
export async function removeSynonymRule(db: Db, key: { id: number } | { rule: SynonymRule }): Promise<string | null> {
  const { rows } =
    'id' in key
      ? await db.query<{ rule: string }>('DELETE FROM search_synonyms WHERE id = $1 RETURNING rule', [key.id])
      : await db.query<{ rule: string }>('DELETE FROM search_synonyms WHERE rule = $1 RETURNING rule', [synonymRuleText(key.rule)]);
  return rows[0]?.rule ?? null;
}
