import { REMOTE_WORK_PHRASES } from '../text/synonyms.rules.ts';
import { type QueryExclusions, readExclusions } from './query-exclusions.ts';

/**
 * How both engines and the highlights read a request before its words: the phrases that say remote work
 * become the one word "wfh", which the synonym rules and remote locations know (REMOTE_LOCATION_WORDS), and
 * the clauses that leave things out are set apart (readExclusions). Pure.
 */

const REMOTE_WORK_PHRASE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${REMOTE_WORK_PHRASES.join('|')})(?![\p{L}\p{N}])`, 'giu');

/** The request with each phrase for remote work written as "wfh": "brand designer working from home" → "brand designer wfh". */
export function withRemoteWorkWords(q: string): string {
  return q.replace(REMOTE_WORK_PHRASE, 'wfh');
}

/** The request as the engines search it, and what it leaves out. */
export function readRequest(q: string | undefined): QueryExclusions {
  return readExclusions(q === undefined ? q : withRemoteWorkWords(q));
}
