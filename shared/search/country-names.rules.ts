import { createRequire } from 'node:module';
import { fold, tokenize } from '../text/fold.ts';
import { PLAIN_NAME, placeNameAt } from './location-names.ts';
import { PLACE_SPAN_MARKERS } from './query-words.ts';

/**
 * Country names as requests write them in the languages the synonym list maps titles from ("graphiste en
 * Allemagne", "diseñadora en Estados Unidos", "Designerin in der Schweiz"), read as the country's English
 * name before either engine sees the request. Read at query time, not stored: a location already carries
 * the country's English and own names (locationNames), and pairing every location with five more languages
 * made the embedded search text a third slower to match.
 */

/** The languages, as i18n-iso-countries names its files. */
const LANGUAGES = ['es', 'de', 'fr', 'pt', 'it'] as const;

/**
 * Country names in those languages that are also an English word or a first name ("Chine", "Suède",
 * "Grenade", "Malte", "Mauricio"): read as the country only after a word that introduces a place ("en
 * Chine"), so "suede bags" and "Malte Berg" keep their words. A unit test holds the English ones to the
 * English word list.
 */
export const COUNTRY_NAMES_LIKE_WORDS: ReadonlySet<string> = new Set([
  'argentine', 'bermudas', 'cambogia', 'chili', 'chine', 'chypre', 'dominique', 'grece', 'grenade', 'soudan', 'suede',
  'francia', 'kenia', 'libia', 'malte', 'mauricio', 'maurice',
]);

/**
 * Words after which a request names a place (query understanding's PLACE_SPAN_MARKERS), with the articles and
 * contractions that come between in those languages ("au Canada", "aux États-Unis", "nos Estados Unidos",
 * "negli Stati Uniti", "in der Schweiz").
 */
const PLACE_WORDS_BEFORE: ReadonlySet<string> = new Set([
  ...PLACE_SPAN_MARKERS, 'au', 'aux', 'nella', 'negli', 'nei', 'no', 'na', 'nos', 'nas', 'im', 'der', 'den',
]);

/** The long forms people shorten: "États-Unis d'Amérique" is written "États-Unis". */
const OF_AMERICA = /\s+(?:d'am[ée]rique|d'america|da am[ée]rica|de am[ée]rica|von amerika)$/iu;

interface Translation {
  /** Null for a name read as typed: a place of the world already, or a country with no plain English name. */
  english: string | null;
  /** Read only after a word that introduces a place (COUNTRY_NAMES_LIKE_WORDS). */
  afterPlaceWord: boolean;
}

let table: { names: Map<string, Translation>; longest: number } | undefined;

/** Built once, on first use: the names of every language that no location already carries and no place of the world has. */
function translations(): { names: Map<string, Translation>; longest: number } {
  if (table) return table;
  const require = createRequire(import.meta.url);
  const read = (language: string) => (require(`i18n-iso-countries/langs/${language}.json`) as { countries: Record<string, string | string[]> }).countries;
  // The English name of fewest words a location carries ("United States", "South Korea"): ISO's, as
  // locationNames gives it; not a code ("USA", "UK"), which a query reads by other rules.
  const englishName = new Map<string, string>();
  for (const [code, written] of Object.entries(read('en'))) {
    const plain = [written].flat().filter((name) => PLAIN_NAME.test(name) && !/^[A-Z]+$/.test(name));
    const [fewest] = plain.sort((a, b) => a.split(' ').length - b.split(' ').length);
    if (fewest) englishName.set(code, fewest);
  }
  const names = new Map<string, Translation>();
  for (const language of LANGUAGES) {
    for (const [code, written] of Object.entries(read(language))) {
      for (const name of [written].flat().flatMap((n) => [n, n.replace(OF_AMERICA, '')])) {
        const words = tokenize(name);
        const key = words.join(' ');
        if (!PLAIN_NAME.test(name) || names.has(key)) continue;
        // A name some place of the world already has ("Granada", "Schweiz", "Brunei Darussalam") is read as that
        // place; kept whole, like a country with no plain English name, so no shorter name inside it is read
        // ("Islas Vírgenes de los Estados Unidos" is not "Islas Vírgenes de los United States").
        const known = placeNameAt(words, 0) === words.length;
        names.set(key, { english: known ? null : (englishName.get(code) ?? null), afterPlaceWord: COUNTRY_NAMES_LIKE_WORDS.has(key) });
      }
    }
  }
  return (table = { names, longest: Math.max(...[...names.keys()].map((key) => key.split(' ').length)) });
}

/**
 * `text` with each country name written in another language replaced by the country's English name, the
 * rest as typed (capitals included, which name detection reads). `asPlace` says the whole text is a place
 * (the location filter), so names like words are read as countries too.
 */
export function withEnglishCountryNames(text: string, asPlace = false): string {
  const { names, longest } = translations();
  const words = [...text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((m) => ({ folded: fold(m[0]), start: m.index, end: m.index + m[0].length }));
  let out = '';
  let at = 0;
  for (let i = 0; i < words.length; i++) {
    for (let count = Math.min(longest, words.length - i); count > 0; count--) {
      const found = names.get(words.slice(i, i + count).map((w) => w.folded).join(' '));
      if (!found || (found.afterPlaceWord && !asPlace && !PLACE_WORDS_BEFORE.has(words[i - 1]?.folded ?? ''))) continue;
      if (found.english !== null) {
        out += text.slice(at, words[i]!.start) + found.english;
        at = words[i + count - 1]!.end;
      }
      i += count - 1;
      break;
    }
  }
  return out + text.slice(at);
}

/**
 * `text` with French "à" before a place read as "in" ("directrice artistique à Lyon"): folded, "à" is the
 * English article "a", which introduces a role or an employer as often as a place, so a city that is also
 * part of a company's name ("à New York", "New York Times") was not required where the designer is. No
 * English word is written "à".
 */
export function withEnglishPlaceMarkers(text: string): string {
  return text.replace(/(?<![\p{L}\p{M}\p{N}])[àÀ](?![\p{L}\p{M}\p{N}])/gu, 'in');
}
