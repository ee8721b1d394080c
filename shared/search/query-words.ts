import { tokenize } from '../text/fold.ts';
import { isShortCode } from './filter-phrases.ts';
import { locationCodeNames } from './location-names.ts';

/**
 * Query understanding shared by both engines, so Elasticsearch and Postgres apply one rule set to free
 * text: which words are filler, and how many of the remaining words a record must match.
 *
 * Filler is what people and agents wrap around a request ("find me a … who knows …", "based in …"): words
 * that say nothing about a designer. They are dropped before matching; a query made only of filler keeps
 * its words, so "who" still searches for "who".
 */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  // articles, conjunctions, prepositions
  'a', 'an', 'the', 'and', 'or', 'of', 'in', 'at', 'on', 'for', 'to', 'from', 'with', 'by', 'as', 'into', 'about', 'near', 'around',
  // pronouns and question words
  'i', 'me', 'my', 'we', 'our', 'you', 'your', 'who', 'whom', 'whose', 'that', 'which', 'what', 'someone', 'somebody',
  'anyone', 'anybody', 'person', 'people', 'they', 'them', 'their', 'he', 'she', 'his', 'her', 'some', 'any',
  // verbs of asking and being
  'find', 'show', 'list', 'get', 'give', 'search', 'searching', 'look', 'looking', 'need', 'needs', 'want', 'wants', 'seeking',
  'hire', 'hiring', 'recommend', 'please', 'can', 'could', 'would', 'is', 'are', 'was', 'were', 'be', 'been', 'has', 'have',
  'had', 'do', 'does', 'did', 's',
  // how requests describe a person rather than what the person is
  'based', 'located', 'living', 'lives', 'live', 'experience', 'experienced', 'background', 'years', 'year', 'worked',
  'works', 'working', 'knows', 'know', 'knowing', 'skilled', 'skills', 'expert', 'expertise', 'good', 'great', 'strong',
  'currently', 'previously', 'formerly', 'former', 'ex', 'previous', 'past', 'used', 'left', 'also', 'like', 'really', 'very',
  // what a request for open roles calls every listing ("motion design roles in berlin", "ux work in the us")
  'job', 'jobs', 'role', 'roles', 'position', 'positions', 'opening', 'openings', 'opportunity', 'opportunities',
  'vacancy', 'vacancies', 'work', 'gig', 'gigs',
]);

/** Words after which a request names a place ("in berlin", "based in new york", "near sf"). */
export const PLACE_MARKERS: ReadonlySet<string> = new Set(['in', 'near', 'around']);
/** Words after which a request names a place or an employer ("from spain", "from google"). */
export const PLACE_OR_EMPLOYER_MARKERS: ReadonlySet<string> = new Set(['from']);

/**
 * Filler that asks for past roles ("former Google design directors", "who used to work at Possible Works",
 * "people who left Spotify"): previous roles then rank above the current one.
 */
export const PAST_ROLE_WORDS: ReadonlySet<string> = new Set(['former', 'formerly', 'ex', 'previously', 'previous', 'past', 'used', 'left']);

/** Where a query word also matches as the start of a word: any field, the name (the highest-weighted field), or nowhere. */
export type PrefixScope = 'any' | 'name' | null;

/** The words of a free-text query as both engines match them. */
export interface QueryWords {
  /** Content words, folded, in query order, each once. */
  words: string[];
  /**
   * Per word, where it also matches as a word prefix: in any field for the last word (search as you
   * type); in the name alone for an initial, an earlier word of one letter ("G. Boyer" finds Geraldine
   * Boyer, not a "Graphic Designer" at "Bayer") or a last one written as one ("Boyer, G." or "Boyer, G");
   * nowhere for the others, nor for a last place code after "in", "near", "around" or "from" ("in LA").
   */
  prefix: PrefixScope[];
  /** Filler words that were dropped (not required to match). */
  filler: string[];
  /** How many of `words` a record must match. */
  required: number;
  /** The request asks for past roles: the role bonus goes to previous roles instead of the current one. */
  pastRoles: boolean;
}

/**
 * Minimum-should-match: one or two words must all match; from three words, one may be missing; from five,
 * two; from seven, 60% rounded up. Records matching more words score higher on both engines.
 */
export function requiredMatches(count: number): number {
  if (count <= 2) return count;
  if (count <= 4) return count - 1;
  if (count <= 6) return count - 2;
  return Math.ceil(count * 0.6);
}

/**
 * A query that ends in a letter written as an initial: with a full stop ("Boyer, G.") or after a comma
 * ("Boyer, G"), the "Surname, Initial" form of citations and lists. A bare last letter ("boyer g") stays
 * search as you type.
 */
const LAST_INITIAL = /(?:(?:^|[^\p{L}\p{N}])\p{L}\.|,\s*\p{L})[^\p{L}\p{N}]*$/u;

/**
 * A query that ends in a place code after a word that introduces a place ("designers in LA", "from the UK"):
 * the code is the whole word, not the start of one, or "la" would find every "Larson" and "Labs" first.
 */
function endsInPlaceCode(tokens: readonly string[]): boolean {
  const last = tokens.at(-1);
  const before = tokens.at(-2) === 'the' ? tokens.at(-3) : tokens.at(-2);
  if (!before || !last || !(PLACE_MARKERS.has(before) || PLACE_OR_EMPLOYER_MARKERS.has(before))) return false;
  return isShortCode(last) && locationCodeNames(last).length > 0;
}

export function understandQuery(q: string | undefined): QueryWords {
  const tokens = tokenize(q ?? '');
  const content = tokens.filter((t) => !FILLER_WORDS.has(t));
  const kept = content.length > 0 ? content : tokens;
  const words = [...new Set(kept)];
  const filler = tokens.filter((t) => !kept.includes(t));
  const initialLast = LAST_INITIAL.test(q ?? '');
  // The code is the last word only when it was typed last: "la designers in la" keeps its first "la".
  const placeCodeLast = endsInPlaceCode(tokens) && words.at(-1) === tokens.at(-1);
  const prefix = words.map((word, i): PrefixScope => {
    const initial = /^\p{L}$/u.test(word);
    if (i === words.length - 1) {
      if (placeCodeLast) return null;
      return initial && initialLast ? 'name' : 'any';
    }
    return initial ? 'name' : null;
  });
  return { words, prefix, filler, required: requiredMatches(words.length), pastRoles: filler.some((t) => PAST_ROLE_WORDS.has(t)) };
}
