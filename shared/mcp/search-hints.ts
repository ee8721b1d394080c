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
  product: 'product', ux: 'product', ui: 'product', interaction: 'product', researcher: 'product', researchers: 'product',
  // What a client asks a brand designer for, in the client's words ("someone to design our logo").
  brand: 'brand', branding: 'brand', identity: 'brand', logo: 'brand', logos: 'brand', logotype: 'brand', wordmark: 'brand',
  graphic: 'graphic', illustrator: 'graphic', illustrators: 'graphic', illustration: 'graphic', illustrations: 'graphic',
  typographer: 'graphic', typography: 'graphic', editorial: 'graphic',
  motion: 'motion', animator: 'motion', animators: 'motion', animation: 'motion',
  '3d': '3d', cgi: '3d', spatial: '3d',
  director: 'director', directors: 'director', leadership: 'director', 'head of design': 'director', 'heads of design': 'director', 'vp of design': 'director',
  engineer: 'engineer', engineers: 'engineer', technologist: 'engineer', technologists: 'engineer',
};

/**
 * Words a category already says: every profile of a category is its kind of designer, so "motion designers"
 * is category=motion, and q=designers beside it would only drop the animators whose profile never says
 * "designer".
 */
const SAID_BY_CATEGORY = new Set(['designer', 'designers', 'design']);

/** Words every record of the directory is, category or not: q=designers beside a place only drops people. */
const SAID_BY_EVERY_RECORD = new Set(['designer', 'designers']);

/**
 * Words that name a category and also narrow it: a suggestion keeps them in q beside the category, since
 * "UX researcher" asks for the researchers among product designers, not for every product designer.
 */
const NARROWER_THAN_CATEGORY = new Set([
  'researcher', 'researchers', 'illustrator', 'illustrators', 'illustration', 'illustrations', 'typographer', 'typography',
  'editorial', 'animator', 'animators', 'animation', 'logo', 'logos', 'logotype', 'wordmark', 'spatial', 'technologist', 'technologists',
]);

/** Words of q checked one by one for matching nothing: a long q is an agent's sentence, not a list to count. */
export const MAX_CHECKED_WORDS = 8;

/** Words after which a request names an employer ("at spotify"); a place's are query-words'. */
const COMPANY_MARKERS = new Set(['at', 'former', 'ex', 'formerly']);

export interface StructuredGuesses {
  category?: Category;
  /** Candidate values, each to be checked against the directory before it is suggested. */
  locations: string[];
  companies: string[];
}

/**
 * Up to three words right after position i, leading filler skipped: a candidate that a count then trims to
 * the words some record holds ("berlin who knows" → "berlin"). Filler inside is kept, since names hold it:
 * "Possible Works", "The Working Group".
 */
function phraseAfter(words: readonly string[], i: number): string | null {
  let start = i + 1;
  while (start < words.length && FILLER_WORDS.has(words[start]!)) start++;
  const run = words.slice(start, start + 3);
  return run.length > 0 ? run.join(' ') : null;
}

/**
 * The category q names, if it names one: a phrase wins over the words inside it ("head of design"), and two
 * different categories ("3d product renders", "motion and brand designers") name none, since a guess would
 * filter out the people of the other.
 */
function namedCategory(words: readonly string[]): Category | undefined {
  const phrases = phrasesIn(words, CATEGORY_WORDS);
  const outer = phrases.filter((p) => !phrases.some((other) => other !== p && ` ${other} `.includes(` ${p} `)));
  const named = new Set(outer.map((p) => CATEGORY_WORDS[p]!));
  return named.size === 1 ? [...named][0] : undefined;
}

/** The keys of a table of words and phrases (folded) that q holds whole, longest first. */
export function phrasesIn(words: readonly string[], table: Readonly<Record<string, unknown>>): string[] {
  const text = ` ${words.join(' ')} `;
  return Object.keys(table)
    .filter((k) => text.includes(` ${k} `))
    .sort((a, b) => b.length - a.length);
}

/** Pure: what q seems to say about category, place and employer. */
export function guessStructuredTerms(q: string): StructuredGuesses {
  const words = tokenize(q);
  const guesses: StructuredGuesses = { locations: [], companies: [] };
  const category = namedCategory(words);
  if (category) guesses.category = category;
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

/** Counts the records matching a location or company filter, designers or open roles alike. */
export type CountByField = (filters: { location?: string; company?: string }) => Promise<number>;

/** The first candidate some record holds (trimmed by `confirmed`), other than `unlike` ("from X" guesses both). */
export async function firstConfirmed(candidates: readonly string[], field: 'location' | 'company', count: CountByField, unlike?: string): Promise<string | null> {
  for (const candidate of candidates) {
    const value = await confirmed(candidate, field, count);
    if (value && value !== unlike) return value;
  }
  return null;
}

/** Longest prefix of the candidate (by words) that matches some record: "berlin who" → "berlin". */
async function confirmed(candidate: string, field: 'location' | 'company', count: CountByField): Promise<string | null> {
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
 * in four: q also finds by typo and prefix, "Berliner" for "berlin") are found there. So "brand designer john"
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

export const quoted = (words: readonly string[]) => words.map((w) => `"${w}"`).join(', ');

/**
 * Lines to add to a search_designers result: which words of q matched no designer (the results match the
 * others), and, when q names a known category, place or company, the structured call, checked to find
 * someone. With no results, also how to retry.
 */
export async function searchHints(
  input: DesignerFilters,
  total: number,
  count: CountDesigners,
): Promise<string[]> {
  const { q: rawQ, ...asked } = input;
  const q = rawQ?.trim();
  if (!q) return [];
  const { words } = understandQuery(q);
  const guesses = guessStructuredTerms(q);
  const suggestion: Record<string, string> = {};
  if (guesses.category && !input.category) suggestion.category = guesses.category;
  if (!input.location) {
    // A place without "in" is read only after a specialty: alone, a last word is as likely a name.
    const marked = await firstConfirmed(guesses.locations, 'location', count);
    const value = marked ?? (guesses.category || input.category ? await unmarkedPlace(words, count) : null);
    if (value) suggestion.location = value;
  }
  if (!input.company) {
    const value = await firstConfirmed(guesses.companies, 'company', count, suggestion.location);
    if (value) suggestion.company = value;
  }

  const lines: string[] = [];
  const category = input.category ?? guesses.category;
  const unmatched = await wordsMatchingNothing(words, total, namedWords(suggestion, category), (word) => count({ q: word }));
  if (unmatched.length > 0) lines.push(unmatchedLine('designer', unmatched, total));
  const line = await checkedSuggestion('search_designers', ['designer', 'designers'], asked, suggestion, restOfQuery(words, suggestion, category, unmatched), count);
  if (line) lines.push(line);
  if (total === 0) {
    lines.push(
      'Try fewer or other words in q, or structured arguments: company="…" for a current or previous employer, ' +
        `location="…" for a city, a country (code or name) or a region (Europe, EMEA, APAC, LATAM), category= one of ${CATEGORIES.join(', ')} for a specialty.`,
    );
  }
  return lines;
}

/**
 * The words of q that no record holds, `named` left out (words that named an argument). Checked with no
 * results, and with results where q has several words: the results then match the others, which an agent
 * must not report as matching all of q ("senior designer at Google" with no Google in the directory).
 */
export async function wordsMatchingNothing(
  words: readonly string[],
  total: number,
  named: readonly string[],
  countWord: (word: string) => Promise<number>,
): Promise<string[]> {
  if (total > 0 && words.length < 2) return [];
  const unmatched: string[] = [];
  for (const word of words.slice(0, MAX_CHECKED_WORDS)) if (!named.includes(word) && (await countWord(word)) === 0) unmatched.push(word);
  return unmatched;
}

/** The words of q that an argument now says: the suggested values' words, and the category's own words. */
export function namedWords(suggestion: Readonly<Record<string, string | boolean>>, category: Category | undefined): string[] {
  const values = Object.values(suggestion).flatMap((v) => (typeof v === 'string' ? tokenize(v) : []));
  const ofCategory = category ? Object.keys(CATEGORY_WORDS).filter((w) => CATEGORY_WORDS[w] === category) : [];
  return [...values, ...ofCategory];
}

/** The line naming the words that matched nothing. */
export function unmatchedLine(noun: string, unmatched: readonly string[], total: number): string {
  const which = `the word${unmatched.length > 1 ? 's' : ''} ${quoted(unmatched)}`;
  return total === 0 ? `No ${noun} matches ${which}.` : `No ${noun} matches ${which}: these results match the other words of q.`;
}

/** How a suggestion line names what q said, per argument. */
const NAMED: Readonly<Record<string, string>> = {
  category: 'a category',
  location: 'a place',
  company: 'a company',
  remote: 'remote or on-site work',
  employment_type: 'an employment type',
};

/**
 * The words of q a suggestion leaves in q: not the suggested values' words, not the words every record or
 * the category already says (but those that narrow it), and none of `dropped` (words that match nothing,
 * words that named an argument).
 */
export function restOfQuery(
  words: readonly string[],
  suggestion: Readonly<Record<string, string | boolean>>,
  category: Category | undefined,
  dropped: readonly string[] = [],
): string[] {
  const used = new Set(Object.values(suggestion).flatMap((v) => (typeof v === 'string' ? tokenize(v) : [])));
  const saidByCategory = (w: string) => category !== undefined && ((CATEGORY_WORDS[w] === category && !NARROWER_THAN_CATEGORY.has(w)) || SAID_BY_CATEGORY.has(w));
  return words.filter((w) => !used.has(w) && !dropped.includes(w) && !SAID_BY_EVERY_RECORD.has(w) && !saidByCategory(w));
}

/**
 * The line that offers the structured call (null when q named nothing), or says that it finds no one.
 * The call keeps the caller's own arguments, adds what q named, and keeps the rest of q; when that rest is
 * what finds no one, the call is offered without it, saying so. Each offer says how many it finds.
 */
export async function checkedSuggestion<F extends object>(
  tool: string,
  noun: [singular: string, plural: string],
  asked: Readonly<F>,
  suggestion: Readonly<Record<string, string | boolean>>,
  rest: readonly string[],
  count: (filters: F) => Promise<number>,
): Promise<string | null> {
  const named = Object.keys(suggestion);
  if (named.length === 0) return null;
  const defined = Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined));
  const structured = { ...defined, ...suggestion } as F;
  const found = (n: number) => `${n} ${n === 1 ? noun[0] : noun[1]}`;
  const offer = (args: object, n: number, note = '') =>
    `q names ${named.map((k) => NAMED[k] ?? k).join(', ')} that structured arguments match exactly: ` +
    `consider calling ${tool} with ${JSON.stringify(args)} (${found(n)}${note}).`;
  if (rest.length > 0) {
    const withRest = { ...structured, q: rest.join(' ') };
    const n = await count(withRest);
    if (n > 0) return offer(withRest, n);
  }
  const n = await count(structured);
  if (n === 0) return `q names ${named.map((k) => NAMED[k] ?? k).join(', ')}, but no ${noun[0]} matches ${JSON.stringify(structured)}.`;
  return offer(structured, n, rest.length > 0 ? `; with q=${JSON.stringify(rest.join(' '))} as well, none` : '');
}
