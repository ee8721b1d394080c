import { fold, tokenize } from '../text/fold.ts';
import { REMOTE_WORK_PHRASES } from '../text/synonyms.rules.ts';
import { isShortCode } from './filter-phrases.ts';
import { locationCodeNames, namesPlace, placeNameAt, withRegionNames } from './location-names.ts';
import { PLACE_SPAN_MARKERS } from './query-words.ts';
import { type QueryExclusions, readExclusions } from './query-exclusions.ts';
import { type Preference, readPreferences } from './query-preferences.ts';

/**
 * How both engines and the highlights read a request before its words: the gender marks of job titles are left
 * out ("(m/w/d)"), English contractions are written out ("I'm", "who haven't", "w/"), another language's "or" is
 * written "or", the phrases that say remote work become
 * the one word "wfh", which the synonym rules and remote locations know (REMOTE_LOCATION_WORDS), a region spelt
 * with a narrower region's words is written by the name locations hold it by ("Asia Pacific" → "APAC",
 * withRegionNames), the brands work was for are left out ("for fashion brands": withoutClientBrands), a place named
 * before "based" or "only" is written after "in" (withPlacesNamedFirst), and the clauses
 * that state a preference (readPreferences) and leave things out (readExclusions) are set apart. Pure.
 */

/** "can't" and "won't", whose "not" the rest of the word does not simply precede. */
const IRREGULAR_NOT: Readonly<Record<string, string>> = { ca: 'can', wo: 'will', sha: 'shall' };
const NOT_CONTRACTION = /(?<![\p{L}\p{N}])(\p{L}+)n['’]t(?![\p{L}\p{N}])/giu;
/** A pronoun's contraction: split at the apostrophe, "I'm" left a word "m" every record could be asked to hold. */
const PRONOUN_CONTRACTION = /(?<![\p{L}\p{N}])(i|you|we|they|he|she|it|that|who|what|there|here)['’](?:m|re|ve|ll|d|s)(?![\p{L}\p{N}])/giu;

/** "w/" and "w/o" as people shorten "with" and "without": split at the slash, "w" was a word to match ("3d artist w/ blender"). */
const WITH_SHORTENED = /(?<![\p{L}\p{N}])w\/(o(?![\p{L}\p{N}]))?/giu;

/**
 * The request with its English contractions written out: "I'm" → "I", "who haven't worked at" → "who have not
 * worked at", "w/ figma" → "with figma", "w/o" → "without".
 */
export function withoutContractions(q: string): string {
  return q
    .replace(NOT_CONTRACTION, (_, stem: string) => `${IRREGULAR_NOT[stem.toLowerCase()] ?? stem} not`)
    .replace(PRONOUN_CONTRACTION, '$1')
    .replace(WITH_SHORTENED, (_, without: string | undefined) => (without ? 'without ' : 'with '));
}

/**
 * "or" as Spanish, Italian ("o"), French, Portuguese ("ou") and German ("oder") requests write it between two
 * words, in lower case: an Irish name's "Ó" or "O'" is capitalised. "ou" and "oder" are no English word; "o" is
 * "or" in a request that holds a word of those languages ("en Madrid o Barcelona") or between two places
 * ("Milano o Roma"), and part of a name otherwise ("nikolai o suilleabhain").
 */
const OTHER_LANGUAGE_OR = /(?<=\p{L}[\s,]*\s)(?:o|ou|oder)(?=\s+\p{L})/gu;
const OTHER_LANGUAGE_WORD = /(?<![\p{L}\p{N}])(?:en|que|con|para|em|com|à|dans|chez|pour|avec|di|per|nel|und|mit|bei|im)(?![\p{L}\p{N}])/iu;

/** The request with another language's "or" written in English: "diseñadores en Madrid o Barcelona" → "… Madrid or Barcelona". */
export function withEnglishOr(q: string): string {
  const otherLanguage = OTHER_LANGUAGE_WORD.test(q.normalize('NFC'));
  return q.replace(OTHER_LANGUAGE_OR, (or: string, at: number) => {
    if (or !== 'o' || otherLanguage) return 'or';
    const before = tokenize(q.slice(0, at)).at(-1);
    const after = tokenize(q.slice(at + or.length))[0];
    return before !== undefined && after !== undefined && namesPlace([before]) && namesPlace([after]) ? 'or' : or;
  });
}

/**
 * The gender marks of job titles ("(m/w/d)", "(w/m/d)", "(m/f/x)", "H/F", "(all genders)"): no words of the
 * request. Read as words, "Senior UX Designer (w/m/d) in Köln" asked "m" and "d" of every match (as initials of
 * names) and left out the UX Designers there who are not senior.
 */
const GENDER_MARK = /(?<![\p{L}\p{N}])(?:\(\s*)?(?:[mwfdxh]|gn|div)(?:\s*\/\s*(?:[mwfdxh]|gn|div)){1,3}(?:\s*\))?(?![\p{L}\p{N}])|\(\s*(?:all\s+genders?|gn|d)\s*\)/giu;

/** The request without the gender marks of job titles: "UX Designer (m/w/d) München" → "UX Designer München". */
export function withoutGenderMarks(q: string): string {
  const left = q.replace(GENDER_MARK, ' ');
  return left === q ? q : left.replace(/\s{2,}/gu, ' ').trim();
}

const REMOTE_WORK_PHRASE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${REMOTE_WORK_PHRASES.join('|')})(?![\p{L}\p{N}])`, 'giu');

/** The request with each phrase for remote work written as "wfh": "brand designer working from home" → "brand designer wfh". */
export function withRemoteWorkWords(q: string): string {
  return q.replace(REMOTE_WORK_PHRASE, 'wfh');
}

/** Words after a place that say the designer is there: "Berlin-based", "London based", "US only". */
const PLACE_AFTER_MARKERS: ReadonlySet<string> = new Set(['based', 'only']);
/** After "based", the words that make it no marker after a place: "based in Berlin" names it after, "based on" none. */
const NOT_AFTER_PLACE: ReadonlySet<string> = new Set(['in', 'on', 'upon', 'out', 'at', 'near', 'around', 'off']);
/** Markers before a place that already name it ("in the US only"); not "a", an article as often ("a Berlin-based illustrator"). */
const NAMED_BEFORE: ReadonlySet<string> = new Set([...PLACE_SPAN_MARKERS].filter((marker) => marker !== 'a'));
const LIST_WORDS: ReadonlySet<string> = new Set(['or', 'and', 'und', 'oder', 'y', 'o', 'e', 'ou', 'et']);
const WORD_RUN = /[\p{L}\p{N}]+/gu;
/** What may stand between the words of a place and the marker after it: spaces and hyphens, nothing else. */
const PLACE_GAP = /^[\s\-‐–]+$/u;

/**
 * The request with a place named before a marker ("US-based design engineers", "product designers, Europe only",
 * "London based motion designer") written as the place markers before it name one: "design engineers, in US".
 * Read as typed, the place was a word a match could lack: "design engineers who know Three.js and WebGL, US only"
 * ranked five outside the US first. Only a place of the world (placeNameAt) or a location's code is moved, and
 * only where no marker already names it ("in the US only"); the rest keeps its order, so its phrases keep theirs.
 */
export function withPlacesNamedFirst(q: string): string {
  const runs = [...q.matchAll(WORD_RUN)];
  for (let k = 1; k < runs.length; k++) {
    const marker = fold(runs[k]![0]);
    if (!PLACE_AFTER_MARKERS.has(marker) || (marker === 'based' && NOT_AFTER_PLACE.has(fold(runs[k + 1]?.[0] ?? '')))) continue;
    const joined = (from: number) => runs.slice(from, k + 1).every((run, i) => i === 0 || PLACE_GAP.test(q.slice(runs[from + i - 1]!.index + runs[from + i - 1]![0].length, run.index)));
    for (let count = Math.min(3, k); count > 0; count--) {
      const from = k - count;
      const words = runs.slice(from, k).flatMap((run) => tokenize(run[0]));
      const named = placeNameAt(words, 0) === words.length || (words.length === 1 && isShortCode(words[0]!) && locationCodeNames(words[0]!).length > 0);
      const before = fold(runs[from - 1]?.[0] ?? '');
      const introduced = NAMED_BEFORE.has(before) || (before === 'the' && NAMED_BEFORE.has(fold(runs[from - 2]?.[0] ?? '')));
      // "Berlin or Munich based": moved alone, the second would leave the first a word of an "or" list.
      if (!named || introduced || LIST_WORDS.has(before) || !joined(from)) continue;
      const start = runs[from]!.index;
      const place = q.slice(start, runs[k - 1]!.index + runs[k - 1]![0].length);
      const rest = `${q.slice(0, start)}${q.slice(runs[k]!.index + runs[k]![0].length)}`;
      return withPlacesNamedFirst(`${rest}, in ${place}`);
    }
  }
  return q;
}

/** "for" and up to two words, then "brands": who the work was for ("for insurance brands", "for big fashion brands"). */
const CLIENT_BRANDS = /(?<![\p{L}\p{N}])(for(?:\s+[\p{L}\p{N}&'’-]+){0,2})\s+brands(?![\p{L}\p{N}])/giu;

/**
 * The request without the brands its work was for: "typography for insurance brands" → "typography for
 * insurance". Read as the craft of brands, "brands" made the Brand Designers in insurance the role asked for,
 * above the typographers who work for insurers. The kind of client before it stays ("insurance").
 */
export function withoutClientBrands(q: string): string {
  return q.replace(CLIENT_BRANDS, '$1');
}

/** A request as the engines search it: its words, what it leaves out and what it would rather have. */
export interface ReadRequest extends QueryExclusions {
  preferences: Preference[];
}

/** The request as the engines search it, what it leaves out and what it prefers. */
export function readRequest(q: string | undefined): ReadRequest {
  const { q: required, preferences } = readPreferences(q === undefined ? q : withPlacesNamedFirst(withoutClientBrands(withRemoteWorkWords(withEnglishOr(withoutContractions(withRegionNames(withoutGenderMarks(q))))))));
  return { ...readExclusions(required), preferences };
}
