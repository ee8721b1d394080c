import { tokenize } from '../../text/fold.ts';
import { filterPhrases } from '../filter-phrases.ts';

/**
 * tsvector and tsquery values built in the application from already folded words, so Postgres applies no
 * parser or dictionary of its own and matches exactly the words Elasticsearch indexes.
 */

export type Weight = 'A' | 'B' | 'C' | 'D';

/** Positions between two values of a field, as Elasticsearch's position_increment_gap: no phrase spans two. */
export const VALUE_GAP = 100;
/** Postgres keeps positions up to this; later ones collapse onto it. */
const MAX_POSITION = 16383;
/** Elasticsearch's standard tokenizer splits longer words at this length; so do we. */
const MAX_TOKEN_LENGTH = 255;

/** The words of a text as both engines index them. */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const token of tokenize(text)) {
    const chars = [...token];
    for (let i = 0; i < chars.length; i += MAX_TOKEN_LENGTH) words.push(chars.slice(i, i + MAX_TOKEN_LENGTH).join(''));
  }
  return words;
}

/** Words hold letters and digits only; the escape is a guard, not an expected path. */
function quote(word: string): string {
  return `'${word.replace(/['\\]/g, '\\$&')}'`;
}

/** Builds a tsvector literal field by field, each value at its own positions. */
export class TsvectorBuilder {
  private position = 0;
  private readonly entries = new Map<string, string[]>();

  add(values: readonly string[], weight: Weight = 'D'): this {
    for (const value of values) {
      const words = searchWords(value);
      if (words.length === 0) continue;
      if (this.position > 0) this.position += VALUE_GAP;
      for (const word of words) {
        this.position += 1;
        const positions = this.entries.get(word) ?? [];
        positions.push(`${Math.min(this.position, MAX_POSITION)}${weight}`);
        this.entries.set(word, positions);
      }
    }
    return this;
  }

  words(): string[] {
    return [...this.entries.keys()];
  }

  toString(): string {
    return [...this.entries].map(([word, positions]) => `${quote(word)}:${positions.join(',')}`).join(' ');
  }
}

export interface LexemeOptions {
  prefix?: boolean;
  weights?: string;
}

/** One tsquery operand: a word, optionally as a prefix and restricted to weights. */
export function lexeme(word: string, options: LexemeOptions = {}): string {
  const flags = `${options.prefix ? '*' : ''}${options.weights ?? ''}`;
  return flags ? `${quote(word)}:${flags}` : quote(word);
}

export const anyOf = (parts: readonly string[]): string => `( ${parts.join(' | ')} )`;
export const allOf = (parts: readonly string[]): string => `( ${parts.join(' & ')} )`;
export const followedBy = (parts: readonly string[]): string => `( ${parts.join(' <-> ')} )`;

/**
 * A word filter (location, company) as a tsquery, the twin of wordFilter in the Elasticsearch backend:
 * whole words or word prefixes, adjacent and in order, never inside a word, as filterPhrases reads the
 * value. Null when the value has no word.
 */
export function wordFilterQuery(filter: string, value: string): string | null {
  const phrases = filterPhrases(filter, value, searchWords).map(({ words, prefix }) => followedBy(words.map((w) => lexeme(w, { prefix }))));
  if (phrases.length === 0) return null;
  return phrases.length === 1 ? phrases[0]! : anyOf(phrases);
}

/** Typo tolerance by word length, as Elasticsearch's AUTO:4,8: none under 4 characters, 1 from 4, 2 from 8. */
export function maxEdits(word: string): number {
  const length = [...word].length;
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two adjacent
 * characters, each one edit. This is the distance Lucene's fuzzy queries use (transpositions on).
 */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      const row = rows[i]!;
      const prev = rows[i - 1]!;
      let best = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row[j] = best;
    }
  }
  return rows[s.length]![t.length]!;
}
