import { fold, tokenize } from './fold.ts';

/**
 * What one free-text value may cost the engines, measured on the words they match (after folding), not on
 * the characters received: compatibility folding turns one character into several ("㍿" is the 4-letter
 * word 株式会社, U+FDFA four words of 18 letters, "ﬃ" three letters), so 200 characters can become a single
 * word of 800 letters (a fuzzy match of it takes Elasticsearch seconds; Postgres refuses a tsquery word of
 * more than 2047 bytes) or hundreds of words (a clause each, on both engines).
 *
 * Word lengths are counted in code points, as the typo allowance (maxEdits) counts them.
 */
export const QUERY_TEXT_LIMITS = {
  /** Words of one value, every word counted (filler such as "the" too: each is a clause); a 200-character sentence holds about 35. */
  words: 40,
  /**
   * Letters and digits of one word. Elasticsearch builds a typo automaton per word and field whose cost grows
   * faster than the word (a word of 64 Cyrillic or CJK letters cost it about a second on a busy machine).
   */
  wordLength: 32,
  /**
   * The folded text, as a multiple of the value's character limit: room for some ß → ss and ﬁ → fi, not for
   * ㍿ → 株式会社. A search's cost grows with the letters it matches (each in every field, within its typo
   * allowance), so this keeps folding from multiplying what a value of the character limit costs.
   */
  foldedLengthFactor: 1.2,
} as const;

/** Per word, a typo may stand for at most this many indexed words (Elasticsearch's fuzzy max_expansions, and the Postgres vocabulary lookup). */
export const MAX_FUZZY_EXPANSIONS = 50;
/** A word prefix may stand for at most this many indexed words where the engine expands it (Elasticsearch's phrase_prefix max_expansions). */
export const MAX_PREFIX_EXPANSIONS = 50;

// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;

/**
 * Why a free-text value of at most `maxChars` characters costs too much to match, or null when it does not.
 * The message says what is allowed and, where folding made the value longer than it looks, why.
 */
export function queryCostProblem(value: string, maxChars: number): string | null {
  const { words, wordLength, foldedLengthFactor } = QUERY_TEXT_LIMITS;
  const folded = [...fold(value)].length;
  const maxFolded = Math.floor(maxChars * foldedLengthFactor);
  // The word is not echoed: the length says what to change, and a value is never shown back in part.
  const why = ASCII.test(value) ? '' : '; compatibility characters count as the letters they stand for, such as ㍿ as 株式会社 and ﬃ as ffi';
  if (folded > maxFolded) return `must be at most ${maxFolded} characters once folded for matching (this value has ${folded}${why})`;
  const tokens = tokenize(value);
  if (tokens.length > words) return `must have at most ${words} words (this value has ${tokens.length}${why})`;
  const longest = Math.max(0, ...tokens.map((t) => [...t].length));
  if (longest > wordLength) return `must have words of at most ${wordLength} letters or digits (one has ${longest}${why})`;
  return null;
}

/** The limits of a free-text value of at most `maxChars` characters, in words, for its documentation (OpenAPI, MCP tools). */
export function queryLimitsText(maxChars: number): string {
  const { words, wordLength, foldedLengthFactor } = QUERY_TEXT_LIMITS;
  return (
    `At most ${maxChars} characters; once folded for matching (ﬃ is ffi, ㍿ is 株式会社), at most ` +
    `${Math.floor(maxChars * foldedLengthFactor)} characters, ${words} words and ${wordLength} letters or digits a word.`
  );
}
