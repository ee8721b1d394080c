import { type Category, CATEGORIES } from '../domain/category.schema.ts';
import type { DesignerFilters } from '../domain/designer-search.schema.ts';
import { FILLER_WORDS, PLACE_MARKERS, PLACE_OR_EMPLOYER_MARKERS, understandQuery } from '../search/query-words.ts';
import { tokenize } from '../text/fold.ts';

/**
 * Advice for an agent that put a request into q: which words matched nothing, and which words name a
 * category, a place or a company that the structured arguments match exactly. Advice only: the search
 * that ran is the one the agent asked for, and nothing is rewritten behind its back.
 */

/** Words that name a category (folded); a two-word phrase wins over its words. */
const CATEGORY_WORDS: Readonly<Record<string, Category>> = {
  product: 'product', ux: 'product', ui: 'product', interaction: 'product',
  brand: 'brand', branding: 'brand', identity: 'brand',
  graphic: 'graphic', illustrator: 'graphic', illustrators: 'graphic', typographer: 'graphic', editorial: 'graphic',
  motion: 'motion', animator: 'motion', animators: 'motion', animation: 'motion',
  '3d': '3d', cgi: '3d', spatial: '3d',
  director: 'director', directors: 'director', 'head of design': 'director', 'heads of design': 'director', 'vp of design': 'director',
  engineer: 'engineer', engineers: 'engineer', technologist: 'engineer', technologists: 'engineer',
};

/**
 * Words a category already says: every profile of a category is its kind of designer, so "motion designers"
 * is category=motion, and q=designers beside it would only drop the animators whose profile never says
 * "designer".
 */
const SAID_BY_CATEGORY = new Set(['designer', 'designers', 'design']);

/** Words after which a request names an employer ("at spotify"); a place's are query-words'. */
const COMPANY_MARKERS = new Set(['at', 'former', 'ex', 'formerly']);

export interface StructuredGuesses {
  category?: Category;
  /** Candidate values, each to be checked against the directory before it is suggested. */
  locations: string[];
  companies: string[];
}

/** The run of non-filler words right after position i (up to three), as typed. */
function phraseAfter(words: readonly string[], i: number): string | null {
  const run: string[] = [];
  for (let j = i + 1; j < words.length && run.length < 3; j++) {
    const word = words[j]!;
    if (FILLER_WORDS.has(word)) {
      if (run.length > 0) break;
      continue;
    }
    run.push(word);
  }
  return run.length > 0 ? run.join(' ') : null;
}

/** Pure: what q seems to say about category, place and employer. */
export function guessStructuredTerms(q: string): StructuredGuesses {
  const words = tokenize(q);
  const text = ` ${words.join(' ')} `;
  const phrase = Object.keys(CATEGORY_WORDS)
    .filter((k) => text.includes(` ${k} `))
    .sort((a, b) => b.length - a.length)[0];
  const guesses: StructuredGuesses = { locations: [], companies: [] };
  if (phrase) guesses.category = CATEGORY_WORDS[phrase];
  words.forEach((word, i) => {
    const after = phraseAfter(words, i);
    if (!after) return;
    // "from" names either; both are tried.
    if (PLACE_MARKERS.has(word) || PLACE_OR_EMPLOYER_MARKERS.has(word)) guesses.locations.push(after);
    if (COMPANY_MARKERS.has(word) || PLACE_OR_EMPLOYER_MARKERS.has(word)) guesses.companies.push(after);
  });
  return guesses;
}

/** Counts the designers matching filters (a limit=0 search). */
export type CountDesigners = (filters: DesignerFilters) => Promise<number>;

/** Longest prefix of the candidate (by words) that matches someone: "berlin who" → "berlin". */
async function confirmed(candidate: string, field: 'location' | 'company', count: CountDesigners): Promise<string | null> {
  const words = candidate.split(' ');
  for (let n = words.length; n > 0; n--) {
    const value = words.slice(0, n).join(' ');
    if ((await count({ [field]: value })) > 0) return value;
  }
  return null;
}

/**
 * A place named without "in" after a specialty ("ux designer berlin"): the last one or two words of q,
 * when neither names the specialty, some designer is there, and most designers q finds by those words (three
 * in four: q also finds by typo and prefix, "Merlin" for "berlin") are found there. So "brand designer john"
 * suggests no Johannesburg: q=john finds mostly people named John.
 */
async function unmarkedPlace(words: readonly string[], count: CountDesigners): Promise<string | null> {
  for (const n of [2, 1]) {
    const tail = words.slice(-n);
    if (tail.length < n || tail.some((w) => Object.hasOwn(CATEGORY_WORDS, w) || SAID_BY_CATEGORY.has(w))) continue;
    const value = tail.join(' ');
    const there = await count({ location: value });
    if (there > 0 && 4 * (await count({ q: value, location: value })) >= 3 * (await count({ q: value }))) return value;
  }
  return null;
}

const quoted = (words: readonly string[]) => words.map((w) => `"${w}"`).join(', ');

/**
 * Lines to add to a search_designers result. With results: a suggestion of structured arguments when
 * q names a known category, place or company. With none: also which words of q matched nothing.
 */
export async function searchHints(
  input: DesignerFilters,
  total: number,
  count: CountDesigners,
): Promise<string[]> {
  const q = input.q?.trim();
  if (!q) return [];
  const { words } = understandQuery(q);
  const guesses = guessStructuredTerms(q);
  const suggestion: Record<string, string> = {};
  if (guesses.category && !input.category) suggestion.category = guesses.category;
  if (!input.location) {
    for (const candidate of guesses.locations) {
      const value = await confirmed(candidate, 'location', count);
      if (value) {
        suggestion.location = value;
        break;
      }
    }
    const category = guesses.category ?? input.category;
    if (!suggestion.location && category) {
      const value = await unmarkedPlace(words, count);
      if (value) suggestion.location = value;
    }
  }
  if (!input.company) {
    for (const candidate of guesses.companies) {
      const value = await confirmed(candidate, 'company', count);
      if (value && value !== suggestion.location) {
        suggestion.company = value;
        break;
      }
    }
  }

  const lines: string[] = [];
  const unmatched: string[] = [];
  if (total === 0) {
    for (const word of words) if ((await count({ q: word })) === 0) unmatched.push(word);
    if (unmatched.length > 0) lines.push(`No designer matches the word${unmatched.length > 1 ? 's' : ''} ${quoted(unmatched)}.`);
  }
  const named = Object.keys(suggestion);
  if (named.length > 0) {
    const used = new Set(Object.values(suggestion).flatMap((v) => tokenize(v)));
    const category = suggestion.category ?? input.category;
    const rest = words.filter(
      (w) => !used.has(w) && !unmatched.includes(w) && !(category && (CATEGORY_WORDS[w] === category || SAID_BY_CATEGORY.has(w))),
    );
    const args = { ...suggestion, ...(rest.length > 0 ? { q: rest.join(' ') } : {}) };
    lines.push(
      `q names ${named.map((k) => `a ${k === 'location' ? 'place' : k}`).join(', ')} that structured arguments match exactly: ` +
        `consider calling search_designers with ${JSON.stringify(args)}.`,
    );
  }
  if (total === 0) {
    lines.push(
      'Try fewer or other words in q, or structured arguments: company="…" for a current or previous employer, ' +
        `location="…" for a city, a country (code or name) or a region (Europe, EMEA, APAC, LATAM), category= one of ${CATEGORIES.join(', ')} for a specialty.`,
    );
  }
  return lines;
}
