/** Typo tolerance and edit distance as both engines judge a word within its typo allowance. */

/** Typo tolerance by word length, as Elasticsearch's AUTO:4,8: none under 4 characters, 1 from 4, 2 from 8. */
export function maxEdits(word: string): number {
  const length = [...word].length;
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * What a typo of a word's first letter costs, in edits: two, as Meilisearch counts it. People seldom mistype
 * the first letter, and a word that differs there is most often another word ("patagonia" is not
 * "catalonia", "garcia" not "marcia"): within an allowance of one edit it is no typo, within two it is the
 * only edit. Elasticsearch's fuzzy queries express it with prefix_length (typoClauses).
 */
export const FIRST_LETTER_EDITS = 2;

/** The edits a typo of `b` into `a` costs: editDistance, a change of the first letter counting FIRST_LETTER_EDITS. */
export function typoEdits(a: string, b: string): number {
  return editDistance(a, b) + (firstLetterDiffers(a, b) ? FIRST_LETTER_EDITS - 1 : 0);
}

/** Whether typoEdits(a, b) <= max, as withinEditDistance answers it. */
export function withinTypoEdits(a: string, b: string, max: number): boolean {
  const left = firstLetterDiffers(a, b) ? max - (FIRST_LETTER_EDITS - 1) : max;
  return left >= 0 && withinEditDistance(a, b, left);
}

function firstLetterDiffers(a: string, b: string): boolean {
  return a.codePointAt(0) !== b.codePointAt(0);
}

/**
 * The word cut short by its last two letters where its allowance is two edits ("vandenberg" of
 * "vandenberghe", "design" of "designer"), else null. It is within the allowance, yet another word: a
 * namesake or a shorter form, not a slip of the keys, which adds one letter at most. Neither engine counts
 * it as a typo of the word (word forms match "design" for "designer" where the field holds them).
 */
export function cutShort(word: string): string | null {
  const chars = [...word];
  return maxEdits(word) >= 2 ? chars.slice(0, -2).join('') : null;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two adjacent
 * characters, each one edit. This is the distance Lucene's fuzzy queries use (transpositions on).
 */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  // Three rolling rows (the swap looks two back) instead of the whole table: highlights call it per record word.
  let before = new Int32Array(t.length + 1);
  let previous = Int32Array.from({ length: t.length + 1 }, (_, j) => j);
  let row = new Int32Array(t.length + 1);
  for (let i = 1; i <= s.length; i++) {
    row[0] = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      row[j] = best;
    }
    [before, previous, row] = [previous, row, before];
  }
  return previous[t.length]!;
}

/**
 * Whether editDistance(a, b) <= max, stopping as soon as a row of the table passes max (every later row
 * only grows): most record words are far from a query word, and this answers them after a row or two.
 */
export function withinEditDistance(a: string, b: string, max: number): boolean {
  const s = codePoints(a);
  const t = codePoints(b);
  const m = s.length;
  const n = t.length;
  if (Math.abs(m - n) > max) return false;
  let before = new Int32Array(n + 1);
  let previous = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) previous[j] = j;
  let row = new Int32Array(n + 1);
  let previousLeast = 0;
  for (let i = 1; i <= m; i++) {
    row[0] = i;
    let least = i;
    const ai = s[i - 1]!;
    for (let j = 1; j <= n; j++) {
      const bj = t[j - 1]!;
      let best = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === t[j - 2] && s[i - 2] === bj) best = Math.min(best, before[j - 2]! + 1);
      row[j] = best;
      if (best < least) least = best;
    }
    // A swap reads two rows back: stop only when both this row and the one before pass max.
    if (least > max && previousLeast > max) return false;
    previousLeast = least;
    [before, previous, row] = [previous, row, before];
  }
  return previous[n]! <= max;
}

const SURROGATES = /[\uD800-\uDFFF]/;

/** A word's code points: read in place for text without surrogate pairs (nearly every word), by code point else. */
function codePoints(text: string): Int32Array {
  if (SURROGATES.test(text)) return Int32Array.from(text, (c) => c.codePointAt(0)!);
  const out = new Int32Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * True when one edit after the first letter (a letter dropped, added, changed or two swapped), as a slip of
 * the keys makes it (FIRST_LETTER_EDITS), turns `word` into one that `known` knows: "senoir" for "senior",
 * "experianced" for "experienced". About 50 lookups a letter, so for the one word a rule asks about, not for
 * every word typed.
 */
export function oneEditFrom(word: string, known: (candidate: string) => boolean): boolean {
  const chars = [...word];
  const at = (k: number, insert: string, skip: number) => [...chars.slice(0, k), insert, ...chars.slice(k + skip)].join('');
  for (let k = 1; k <= chars.length; k += 1) {
    if (k < chars.length && known(at(k, '', 1))) return true;
    if (k + 1 < chars.length && known(at(k, `${chars[k + 1]}${chars[k]}`, 2))) return true;
    for (const letter of LETTERS) {
      if (k < chars.length && letter !== chars[k] && known(at(k, letter, 1))) return true;
      if (known(at(k, letter, 0))) return true;
    }
  }
  return false;
}
