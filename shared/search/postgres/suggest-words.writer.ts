import type { Db } from '../../store/db.ts';
import { SUGGESTION_KINDS } from '../../domain/suggest.schema.ts';
import { type DesignerTextSource } from '../designer-search.rules.ts';
import { suggestWords } from '../suggest.rules.ts';

/**
 * Replaces these designers' type-ahead words (designer_suggest_words) with what their rows hold now; called
 * with their search text, in the same transaction. Designers in id order, so concurrent writers take the
 * rows' locks in one order.
 */
export async function writeDesignerSuggestWords(db: Db, designers: readonly (DesignerTextSource & { id: string })[]): Promise<void> {
  if (designers.length === 0) return;
  const sorted = [...designers].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const ids: string[] = [];
  const kinds: string[] = [];
  const words: string[] = [];
  for (const designer of sorted) {
    const byKind = suggestWords(designer);
    for (const kind of SUGGESTION_KINDS) {
      for (const word of byKind[kind]) {
        ids.push(designer.id);
        kinds.push(kind);
        words.push(word);
      }
    }
  }
  await db.query('DELETE FROM designer_suggest_words WHERE designer_id = ANY($1::text[])', [sorted.map((d) => d.id)]);
  if (words.length === 0) return;
  await db.query(
    `INSERT INTO designer_suggest_words (designer_id, kind, word)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [ids, kinds, words],
  );
}
