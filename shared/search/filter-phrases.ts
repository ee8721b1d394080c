import { locationCodeNames, withRegionNames } from './location-names.ts';

/** Words that must all match, adjacent and in order, never inside a word; with `prefix`, each may be a word's start. */
export interface FilterPhrase {
  words: string[];
  prefix: boolean;
}

/** A word of one or two Latin letters or digits: a code or short form (DE, LA, UK, EA, 3M), not the start of a longer word. */
export function isShortCode(word: string): boolean {
  return /^[a-z0-9]{1,2}$/.test(word);
}

/**
 * What a word filter's value (location, company) matches, as phrases of which any one will do; each engine
 * turns them into its own query, the same way. Whole words or word prefixes ("san fr", "ber"), except a value
 * of one word of one or two Latin letters or digits: that is a code or short form (DE, LA, UK; EA, HP),
 * which as a prefix would find Denmark for "de" and Lagos for "la". A location code matches the names it
 * stands for, the country's and the city's (locationCodeNames), any other code the word itself; a region spelt
 * with a narrower region's words, by its name ("Asia Pacific" is APAC: withRegionNames). Empty when
 * the value has no word. `split` is the engine's own word splitting. With `wholeWords`, no word is a prefix:
 * what a request leaves out ("not at Meta", query-exclusions.ts) is named whole, and keeps Metalab.
 */
export function filterPhrases(filter: string, value: string, split: (text: string) => string[], { wholeWords = false } = {}): FilterPhrase[] {
  const words = split(filter === 'location' ? withRegionNames(value) : value);
  if (words.length === 0) return [];
  if (!(words.length === 1 && isShortCode(words[0]!))) return [{ words, prefix: !wholeWords }];
  const names = filter === 'location' ? locationCodeNames(words[0]!) : [];
  if (names.length === 0) return [{ words, prefix: false }];
  return names.map((name) => ({ words: split(name), prefix: false })).filter((phrase) => phrase.words.length > 0);
}
