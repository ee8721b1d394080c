import { type Exclusion, namingClause, seniorityClause, takeClauses } from './query-exclusions.ts';

/**
 * What a request would rather have than requires, in the words people and agents hedge with: "ux researcher in
 * north america, ideally ex Google", "brand designers, preferably based in London", "motion designer, bonus if
 * they worked at Buck", "ideally senior". Read as words to find, the place or employer after the hedge was one
 * every match must hold, so the first request answered with three people who had been at Google and were no UX
 * Researchers. Both engines read the request without these clauses and rank the records the clause names (as
 * the location and company filters would match them, whole words; a seniority as the current title holds it)
 * above the others, by PREFERENCE_BONUS_WORDS. Pure.
 */

/** A place, an employer or a seniority a request prefers, of the kinds an exclusion names (query-exclusions.ts). */
export type Preference = Exclusion;

export interface QueryPreferences {
  /** The request without its clauses that state a preference; undefined when nothing is left of it. */
  q: string | undefined;
  preferences: Preference[];
}

/**
 * What a preferred match earns, in exact words of the best field: 0.05, less than the least a title's word
 * earns above its next tier (a word's form earns a fifth less than the word), so the preference orders the records
 * that answer the rest of the request alike and lifts none above one that answers it better. At one word (an "or"
 * list of employers' bonus), "an animator in São Paulo, bonus if they worked at Klarna" put a Motion Lead at
 * Klarna above the Animators there; at a quarter, still. Those who meet the rest of the request but not this
 * still follow.
 */
export const PREFERENCE_BONUS_WORDS = 0.05;

/** The words that hedge what follows them. */
const HEDGE = String.raw`(?:ideally|preferably|optionally|(?:bonus|extra)(?:\s+points)?\s+if|(?:a\s+)?plus\s+if|nice\s+to\s+have:?|if\s+possible,?)`;

/** Who the hedge speaks of, and how ("someone who has", "they"), before the words that introduce a place or an employer. */
const WHO = String.raw`(?:(?:someone|somebody|they|he|she|ones?)\s+)?(?:(?:who|that)\s+)?(?:(?:has|have|had|is|are|was|were)\s+)?(?:(?:previously|formerly|already|also)\s+)?`;

const KINDS: readonly [Preference['kind'], RegExp][] = [
  // "ideally senior", "preferably a senior designer": the current title, as a seniority left out is held.
  ['seniority', seniorityClause(HEDGE)],
  ['location', namingClause([String.raw`${WHO}(?:(?:based|located|living|working)\s+)?(?:in|near|around)`], String.raw`${HEDGE}\s+`)],
  ['company', namingClause([String.raw`${WHO}(?:(?:worked|working|been|employed|interned)\s+)?(?:at|for)`, String.raw`(?:ex|former|formerly\s+at|previously\s+at)`], String.raw`${HEDGE}\s+`)],
  ['either', namingClause([String.raw`${WHO}from`], String.raw`${HEDGE}\s+`)],
];

/** The request without the clauses that state a preference, and what they prefer ("ideally at stripe or figma": both). */
export function readPreferences(q: string | undefined): QueryPreferences {
  if (!q) return { q, preferences: [] };
  // "ex-Google" is "ex Google" to the words that follow the hedge.
  const { rest, named } = takeClauses(q.replace(/(?<![\p{L}\p{N}])ex-(?=\p{L})/giu, 'ex '), KINDS);
  return { q: named.length === 0 ? q : rest || undefined, preferences: named };
}
