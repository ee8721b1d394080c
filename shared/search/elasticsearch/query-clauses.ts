import type { estypes } from '@elastic/elasticsearch';
import { tokenize } from '../../text/fold.ts';

type Query = estypes.QueryDslQueryContainer;

/** Typo tolerance by word length: none under 4 characters, 1 edit from 4, 2 from 8. */
export const FUZZINESS = 'AUTO:4,8';

/**
 * Whole words or word prefixes, adjacent and in order, never inside a word: "us" matches
 * "San Francisco, US" but not "Austin". Returns null when the value has no word to match.
 */
export function wordPrefixPhrase(field: string, value: string): Query | null {
  const words = tokenize(value);
  if (words.length === 0) return null;
  if (words.length === 1) return { prefix: { [field]: { value: words[0]! } } };
  return {
    span_near: {
      clauses: words.map((w) => ({ span_multi: { match: { prefix: { [field]: { value: w } } } } })),
      slop: 0,
      in_order: true,
    },
  };
}

export interface FreeTextClauses {
  must: Query[];
  should: Query[];
}

/**
 * Every word must match some field, with typo tolerance; the last word may also match as a prefix
 * (search as you type). Exact words and exact phrases add to the score, so they rank above fuzzy ones.
 */
export function freeText(q: string, fields: string[]): FreeTextClauses | null {
  const words = tokenize(q);
  if (words.length === 0) return null;
  const must: Query[] = words.map((word, i) => {
    const alternatives: Query[] = [
      { multi_match: { query: word, fields, type: 'best_fields', fuzziness: FUZZINESS } },
    ];
    if (i === words.length - 1) {
      alternatives.push({ multi_match: { query: word, fields, type: 'phrase_prefix' } });
    }
    return { bool: { should: alternatives, minimum_should_match: 1 } };
  });
  const text = words.join(' ');
  const should: Query[] = [
    { multi_match: { query: text, fields, type: 'best_fields', operator: 'and', boost: 2 } },
    { multi_match: { query: text, fields, type: 'phrase', boost: 2 } },
  ];
  return { must, should };
}
