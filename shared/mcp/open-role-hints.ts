import type { EmploymentType } from '../domain/open-role.fields.ts';
import type { OpenRoleFilters } from '../domain/open-role-search.schema.ts';
import { understandQuery } from '../search/query-words.ts';
import { tokenize } from '../text/fold.ts';
import { checkedSuggestion, firstConfirmed, guessStructuredTerms, namedWords, phrasesIn, restOfQuery, unmatchedLine, wordsMatchingNothing } from './search-hints.ts';

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
 * Lines to add to a list_open_roles result: remote=true where location says remote; the words of q no open
 * role holds; the structured call, checked, when q names what an argument filters by.
 */
export async function openRoleHints(input: OpenRoleFilters, total: number, count: CountOpenRoles): Promise<string[]> {
  const lines: string[] = [];
  const { q: rawQ, ...asked } = input;
  const remoteByPlace = await remoteInLocation(asked, count);
  if (remoteByPlace) lines.push(remoteByPlace);
  const q = rawQ?.trim();
  if (!q) return lines;
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
  // Such words name an argument whether or not the call gives it already.
  const [remote] = phrasesIn(tokens, REMOTE_WORDS);
  if (remote) named.push(...remote.split(' '));
  if (remote && input.remote === undefined) suggestion.remote = REMOTE_WORDS[remote]!;
  const [employment] = phrasesIn(tokens, EMPLOYMENT_WORDS);
  if (employment) named.push(...employment.split(' '));
  if (employment && !input.employment_type) suggestion.employment_type = EMPLOYMENT_WORDS[employment]!;
  // "remote" and "contract" are no open role's text: they named an argument, and are not reported as unmatched.
  const category = input.category ?? guesses.category;
  const unmatched = await wordsMatchingNothing(words, total, [...named, ...namedWords(suggestion, category)], (word) => count({ q: word }));
  if (unmatched.length > 0) lines.push(unmatchedLine('open role', unmatched, total));
  const rest = restOfQuery(words, suggestion, category, [...named, ...unmatched]);
  const line = await checkedSuggestion('list_open_roles', ['open role', 'open roles'], asked, suggestion, rest, count);
  if (line) lines.push(line);
  return lines;
}

/**
 * location="remote" matches the open roles whose place says so; remote=true is every open role that can be done
 * remotely, whatever its place says. Offered, checked, when it finds more.
 */
async function remoteInLocation(asked: Omit<OpenRoleFilters, 'q'>, count: CountOpenRoles): Promise<string | null> {
  const words = tokenize(asked.location ?? '');
  const [phrase] = phrasesIn(words, REMOTE_WORDS);
  if (!phrase || asked.remote !== undefined || words.length !== phrase.split(' ').length) return null;
  const { location: _location, ...others } = asked;
  const args = { ...others, remote: REMOTE_WORDS[phrase]! };
  const [byPlace, byFlag] = [await count(asked), await count(args)];
  if (byFlag <= byPlace) return null;
  return (
    `location=${JSON.stringify(asked.location)} matches only listings whose place says so (${byPlace}); ` +
    `remote=${String(args.remote)} matches every such listing: consider calling list_open_roles with ${JSON.stringify(args)} (${byFlag} open roles).`
  );
}
