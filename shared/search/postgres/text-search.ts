import { tokenize } from '../../text/fold.ts';
import { textForms } from '../../text/word-forms.ts';
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

/**
 * Marks a stem in the text (word forms, shared/text/word-forms.ts): "~prototyp" sits at the position of
 * "prototyping", so a stem never meets a word as it is, and phrases of stems match as phrases of words.
 * Words hold letters and digits only, so no word starts with it.
 */
export const FORM_MARK = '~';

/** Builds a tsvector literal field by field, each value at its own positions. */
export class TsvectorBuilder {
  private position = 0;
  private readonly entries = new Map<string, string[]>();
  private readonly forms = new Map<string, string[]>();

  /** `forms`: the field holds words of the trade (TextField.forms): each word's stem goes at its position too. */
  add(values: readonly string[], weight: Weight = 'D', options: { forms?: boolean | undefined } = {}): this {
    return this.put(values, weight, { words: true, stems: options.forms === true });
  }

  /**
   * Only the stems of `values`, at `weight` and at positions of their own (no phrase joins them to the words
   * before): a role's title stems, which a weight of their own keeps apart from its words (RoleColumns).
   */
  addStems(values: readonly string[], weight: Weight): this {
    return this.put(values, weight, { words: false, stems: true });
  }

  /** Each value's words at the next positions (a gap between values), as they are and/or as stems. */
  private put(values: readonly string[], weight: Weight, what: { words: boolean; stems: boolean }): this {
    const at = (map: Map<string, string[]>, key: string) => {
      const positions = map.get(key) ?? [];
      positions.push(`${Math.min(this.position, MAX_POSITION)}${weight}`);
      map.set(key, positions);
    };
    for (const value of values) {
      const words = searchWords(value);
      if (words.length === 0) continue;
      if (this.position > 0) this.position += VALUE_GAP;
      // As the Elasticsearch documents store stems (textForms).
      const forms = what.stems ? textForms(words) : [];
      for (const [k, word] of words.entries()) {
        this.position += 1;
        if (what.words) at(this.entries, word);
        if (what.stems) at(this.forms, `${FORM_MARK}${forms[k]}`);
      }
    }
    return this;
  }

  /** The words as they are (the vocabulary's), without the stems. */
  words(): string[] {
    return [...this.entries.keys()];
  }

  toString(): string {
    return [...this.entries, ...this.forms].map(([word, positions]) => `${quote(word)}:${positions.join(',')}`).join(' ');
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

/** A stem (wordForm) as a tsquery operand, within `weights`: it matches the stems of stemmed fields alone. */
export function formLexeme(stem: string, weights: string): string {
  return lexeme(`${FORM_MARK}${stem}`, { weights });
}

export const anyOf = (parts: readonly string[]): string => `( ${parts.join(' | ')} )`;
export const allOf = (parts: readonly string[]): string => `( ${parts.join(' & ')} )`;
export const followedBy = (parts: readonly string[]): string => `( ${parts.join(' <-> ')} )`;

/**
 * A word filter (location, company) as a tsquery, the twin of wordFilter in the Elasticsearch engine:
 * whole words or word prefixes, adjacent and in order, never inside a word, as filterPhrases reads the
 * value (`wholeWords`: no prefixes). Null when the value has no word.
 */
export function wordFilterQuery(filter: string, value: string, options: { wholeWords?: boolean } = {}): string | null {
  const phrases = filterPhrases(filter, value, searchWords, options).map(({ words, prefix }) => followedBy(words.map((w) => lexeme(w, { prefix }))));
  if (phrases.length === 0) return null;
  return phrases.length === 1 ? phrases[0]! : anyOf(phrases);
}

// Shared with the engine-neutral highlights, which judge typos as this engine does.
export { cutShort, editDistance, maxEdits, typoEdits } from '../../text/edit-distance.ts';
