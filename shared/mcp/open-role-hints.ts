import type { EmploymentType } from '../domain/open-role.fields.ts';
import type { OpenRoleFilters } from '../domain/open-role-search.schema.ts';
import { understandQuery } from '../search/query-words.ts';
import { tokenize } from '../text/fold.ts';
import { firstConfirmed, guessStructuredTerms, phrasesIn, quoted, restOfQuery, suggestionLine } from './search-hints.ts';

/**
 * Advice for an agent that put a request for open roles into q ("remote contract brand design roles in
 * berlin"): which words name a category, a place, an employer, remote or on-site work, or an employment
 * type, each of which list_open_roles filters by exactly. Advice only, as for designers (search-hints.ts).
 */

/** Words and two-word phrases (folded) that name an employment type. */
const EMPLOYMENT_WORDS: Readonly<Record<string, EmploymentType>> = {
  'full time': 'full_time', fulltime: 'full_time',
  'part time': 'part_time', parttime: 'part_time',
  contract: 'contract', contractor: 'contract', contractors: 'contract',
  freelance: 'freelance', freelancer: 'freelance', freelancers: 'freelance',
  internship: 'internship', internships: 'internship', intern: 'internship', interns: 'internship',
};

/** Words and two-word phrases (folded) that say where the work is done. */
const REMOTE_WORDS: Readonly<Record<string, boolean>> = {
  remote: true, 'fully remote': true, wfh: true,
  onsite: false, 'on site': false, 'in office': false,
};

/** Counts the open roles matching filters (a limit=0 search). */
export type CountOpenRoles = (filters: OpenRoleFilters) => Promise<number>;

/**
 * Lines to add to a list_open_roles result: the structured call, when q names what an argument filters by;
 * with no results, also which words of q no open role holds.
 */
export async function openRoleHints(input: OpenRoleFilters, total: number, count: CountOpenRoles): Promise<string[]> {
  const q = input.q?.trim();
  if (!q) return [];
  const tokens = tokenize(q);
  const { words } = understandQuery(q);
  const guesses = guessStructuredTerms(q);
  const suggestion: Record<string, string | boolean> = {};
  const named: string[] = [];
  if (guesses.category && !input.category) suggestion.category = guesses.category;
  const location = input.location ? null : await firstConfirmed(guesses.locations, 'location', count);
  if (location) suggestion.location = location;
  const company = input.company ? null : await firstConfirmed(guesses.companies, 'company', count, location ?? undefined);
  if (company) suggestion.company = company;
  const [remote] = phrasesIn(tokens, REMOTE_WORDS);
  if (remote && input.remote === undefined) {
    suggestion.remote = REMOTE_WORDS[remote]!;
    named.push(...remote.split(' '));
  }
  const [employment] = phrasesIn(tokens, EMPLOYMENT_WORDS);
  if (employment && !input.employment_type) {
    suggestion.employment_type = EMPLOYMENT_WORDS[employment]!;
    named.push(...employment.split(' '));
  }
  const lines: string[] = [];
  const unmatched = total === 0 ? await wordsMatchingNothing(words, named, count) : [];
  if (unmatched.length > 0) lines.push(`No open role matches the word${unmatched.length > 1 ? 's' : ''} ${quoted(unmatched)}.`);
  const line = suggestionLine('list_open_roles', suggestion, restOfQuery(words, suggestion, input.category ?? guesses.category, [...named, ...unmatched]));
  if (line) lines.push(line);
  return lines;
}

/** The words of q no open role holds, leaving out those that named an argument ("remote" is no listing's text). */
async function wordsMatchingNothing(words: readonly string[], named: readonly string[], count: CountOpenRoles): Promise<string[]> {
  const unmatched: string[] = [];
  for (const word of words) if (!named.includes(word) && (await count({ q: word })) === 0) unmatched.push(word);
  return unmatched;
}
