import type { Db } from '../../store/db.ts';
import { editDistance, maxEdits } from './text-search.ts';

/** Elasticsearch's fuzzy max_expansions: a misspelt word stands for at most this many vocabulary words. */
export const MAX_EXPANSIONS = 50;

/**
 * For each query word, the vocabulary words within its typo allowance (maxEdits), closest first.
 * levenshtein_less_equal narrows the vocabulary in the database: a swap of two letters is one edit for
 * Elasticsearch but two for Levenshtein, so it searches within twice the allowance, and the exact
 * distance (with swaps) decides here.
 */
export async function fuzzyExpansions(db: Db, words: readonly string[]): Promise<Map<string, string[]>> {
  const fuzzy = [...new Set(words)].filter((w) => maxEdits(w) > 0);
  const expansions = new Map<string, string[]>();
  if (fuzzy.length === 0) return expansions;
  const { rows } = await db.query<{ word: string; term: string }>(
    `SELECT q.word, t.term
       FROM unnest($1::text[], $2::int[]) AS q(word, edits)
       JOIN search_terms t
         ON length(t.term) BETWEEN length(q.word) - q.edits AND length(q.word) + q.edits
        AND t.term <> q.word
        AND levenshtein_less_equal(t.term, q.word, 2 * q.edits) <= 2 * q.edits`,
    [fuzzy, fuzzy.map(maxEdits)],
  );
  const scored = new Map<string, { term: string; distance: number }[]>();
  for (const { word, term } of rows) {
    const distance = editDistance(term, word);
    if (distance > maxEdits(word)) continue;
    scored.set(word, [...(scored.get(word) ?? []), { term, distance }]);
  }
  for (const [word, terms] of scored) {
    terms.sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    expansions.set(word, terms.slice(0, MAX_EXPANSIONS).map((t) => t.term));
  }
  return expansions;
}
