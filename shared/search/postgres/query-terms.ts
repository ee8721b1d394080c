import type { Db } from '../../store/db.ts';
import type { ReadingFacts } from '../reading-facts.ts';
import { MAX_FUZZY_EXPANSIONS } from '../../text/query-cost.rules.ts';
import { cutShort, maxEdits, typoEdits } from './text-search.ts';

/** What the vocabulary (search_terms) says about a query's words, and what the store holds of what the request may rank by (ReadingFacts). */
export interface QueryTerms extends ReadingFacts {
  /** For each word, the vocabulary words within its typo allowance (maxEdits), closest first. */
  expansions: ReadonlyMap<string, readonly string[]>;
  /**
   * The words some record holds as they are. A word missing here matches no record exactly, so its exact
   * tests are left out of the score. Absent: not looked up, every test stays.
   */
  known?: ReadonlySet<string>;
}

export const NO_QUERY_TERMS: QueryTerms = { expansions: new Map() };

/** About what a lookup holds in memory (two bytes a character, ~40 a string, map and set entries). */
export function queryTermsBytes(terms: QueryTerms): number {
  const text = (word: string) => 40 + 2 * word.length;
  let bytes = 0;
  for (const [word, expansions] of terms.expansions) bytes += 40 + text(word) + expansions.reduce((sum, term) => sum + 8 + text(term), 0);
  for (const word of terms.known ?? []) bytes += 20 + text(word);
  return bytes;
}

/**
 * Looks the query's words up in the vocabulary, in the caller's snapshot: search_terms gains every word of
 * a search text in the transaction that writes the text and never loses one, so a word absent from it is
 * in no record of that snapshot.
 * levenshtein_less_equal narrows the vocabulary in the database: a swap of two letters is one edit for
 * Elasticsearch but two for Levenshtein, so it searches within twice the allowance, and the exact
 * distance (with swaps, a change of the first letter counting two: typoEdits) decides here.
 */
export async function lookUpQueryTerms(db: Db, words: readonly string[]): Promise<QueryTerms> {
  const unique = [...new Set(words)];
  if (unique.length === 0) return NO_QUERY_TERMS;
  const fuzzy = unique.filter((w) => maxEdits(w) > 0);
  const { rows } = await db.query<{ word: string; term: string }>(
    `SELECT q.word, t.term
       FROM unnest($1::text[], $2::int[]) AS q(word, edits)
       JOIN search_terms t
         ON length(t.term) BETWEEN length(q.word) - q.edits AND length(q.word) + q.edits
        AND t.term <> q.word
        AND levenshtein_less_equal(t.term, q.word, 2 * q.edits) <= 2 * q.edits
     UNION ALL
     SELECT term, term FROM search_terms WHERE term = ANY($3::text[])`,
    [fuzzy, fuzzy.map(maxEdits), unique],
  );
  const known = new Set<string>();
  const scored = new Map<string, { term: string; distance: number }[]>();
  for (const { word, term } of rows) {
    if (word === term) {
      known.add(word);
      continue;
    }
    const distance = typoEdits(term, word);
    if (distance > maxEdits(word) || term === cutShort(word)) continue;
    scored.set(word, [...(scored.get(word) ?? []), { term, distance }]);
  }
  const expansions = new Map<string, string[]>();
  for (const [word, terms] of scored) {
    terms.sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    expansions.set(word, terms.slice(0, MAX_FUZZY_EXPANSIONS).map((t) => t.term));
  }
  return { expansions, known };
}
