import { REMOTE_WORK_PHRASES } from '../text/synonyms.rules.ts';
import { type QueryExclusions, readExclusions } from './query-exclusions.ts';

/**
 * How both engines and the highlights read a request before its words: English contractions are written out
 * ("I'm", "who haven't", "w/"), the phrases that say remote work become the one word "wfh", which the synonym rules
 * and remote locations know (REMOTE_LOCATION_WORDS), and the clauses that leave things out are set apart
 * (readExclusions). Pure.
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

const REMOTE_WORK_PHRASE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${REMOTE_WORK_PHRASES.join('|')})(?![\p{L}\p{N}])`, 'giu');

/** The request with each phrase for remote work written as "wfh": "brand designer working from home" → "brand designer wfh". */
export function withRemoteWorkWords(q: string): string {
  return q.replace(REMOTE_WORK_PHRASE, 'wfh');
}

/** The request as the engines search it, and what it leaves out. */
export function readRequest(q: string | undefined): QueryExclusions {
  return readExclusions(q === undefined ? q : withRemoteWorkWords(withoutContractions(q)));
}
