import type { PageWindow } from '../page-window.ts';
import type { estypes } from '@elastic/elasticsearch';
import { DESIGNER_LISTED_RULE } from '../../domain/designer.fields.ts';
import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import { DESIGNER_SEARCH_RULES } from '../designer-search.rules.ts';
import { type QueryWords, requiredMatches } from '../query-words.ts';
import { MAX_FUZZY_EXPANSIONS, MAX_PREFIX_EXPANSIONS } from '../../text/query-cost.rules.ts';
import { FUZZINESS } from './query-clauses.ts';
import { buildEntityQuery, buildEntitySearchRequest, type EsEntitySearch, entitySortKeys } from './search-query.translator.ts';
import { type EsSortKey, toEsSort } from './sort-keys.ts';
import { boostedFields } from './text-fields.ts';


type Query = estypes.QueryDslQueryContainer;

/** Boosts: name above role titles and companies, those above the description, and the location lowest. */
export const DESIGNER_TEXT_FIELDS = boostedFields(DESIGNER_SEARCH_RULES.text);

/**
 * Extra score for query words found together in one role ("title company"), more for the current role; and,
 * for a request for past roles, a previous role holding enough of the words (pastRole, shared out over them).
 * pastRole chosen on the judged queries and the sample directory (BENCHMARKS.md): at 6 and 9 some current staff
 * still outranked former staff; 12 put every former employee first and raised agent requests most.
 */
export const ROLE_BOOSTS = { sameRole: 1, currentRole: 2, pastRole: 12 } as const;

/**
 * Words of one role (its title and company) rank above the same words spread over several roles: a
 * nested query scores the best single role, counting only roles that hold at least two query words;
 * the current role scores more, or, when the request asks for past roles ("former …"), a previous one.
 */
export function sameRoleBonus({ words, prefix, pastRoles }: Pick<QueryWords, 'words' | 'prefix' | 'pastRoles'>): Query[] {
  if (words.length < 2) return [];
  return [
    bestRole({
      bool: {
        must: [roleWords(words, prefix, 2, ROLE_BOOSTS.sameRole)],
        should: [{ constant_score: { filter: { term: { 'roles.current': !pastRoles } }, boost: ROLE_BOOSTS.currentRole } }],
      },
    }),
  ];
}

/** A designer's score from the one role of theirs that scores best on `query`. */
function bestRole(query: Query): Query {
  return { nested: { path: 'roles', score_mode: 'max', query } };
}

/** A role's text holding the word exactly, within its typo allowance, or (the last word) as a prefix. */
function roleWord(word: string, scope: QueryWords['prefix'][number]): Query {
  return {
    dis_max: {
      queries: [
        { match: { 'roles.text': { query: word, fuzziness: FUZZINESS, max_expansions: MAX_FUZZY_EXPANSIONS } } },
        ...(scope === 'any' ? [{ match_phrase_prefix: { 'roles.text': { query: word, max_expansions: MAX_PREFIX_EXPANSIONS } } }] : []),
      ],
    },
  };
}

/** A role's text holding at least `enough` of the query's words. */
function roleWords(words: readonly string[], prefix: QueryWords['prefix'], enough: number, boost: number): Query {
  return { bool: { should: words.map((word, i) => roleWord(word, prefix[i] ?? null)), minimum_should_match: enough, boost } };
}

/** Words every designer's roles say: they tell no employer apart. */
const SAID_BY_EVERY_ROLE = new Set(['designer', 'designers']);

/**
 * A request for past roles ("former Google designers", "who used to work at Possible Works") ranks the
 * designers a previous role of whom holds enough of its words above those whose current role does: a flat
 * bonus, a share for each word the previous role holds (so "Helpful Design Co." counts more than "Scary
 * Design Co." for "helpful design co"), so the current staff's other matches (a description naming the
 * company) cannot outweigh it. "Designer" is left out: every role says it, and a former art director is
 * former staff too.
 */
export function pastRoleBonus({ words, prefix, pastRoles }: Pick<QueryWords, 'words' | 'prefix' | 'pastRoles'>): Query[] {
  const telling = words.map((word, i) => ({ word, prefix: prefix[i] ?? null })).filter(({ word }) => !SAID_BY_EVERY_ROLE.has(word));
  if (!pastRoles || telling.length === 0) return [];
  const share = ROLE_BOOSTS.pastRole / telling.length;
  return [
    bestRole({
      bool: {
        filter: [{ term: { 'roles.current': false } }],
        should: telling.map(({ word, prefix: scope }) => ({ constant_score: { filter: roleWord(word, scope), boost: share } })),
        minimum_should_match: requiredMatches(telling.length),
      },
    }),
  ];
}

const DESIGNER_SEARCH: EsEntitySearch<DesignerFilters> = {
  rules: DESIGNER_SEARCH_RULES,
  listed: DESIGNER_LISTED_RULE,
  textFields: DESIGNER_TEXT_FIELDS,
  source: 'designer',
  bonus: (query) => [...sameRoleBonus(query), ...pastRoleBonus(query)],
};

/** The documented order (designer-search.rules.ts) as Elasticsearch sort keys. */
export const designerSortKeys = (filters: DesignerFilters): EsSortKey[] => entitySortKeys(DESIGNER_SEARCH, filters);

export const designerSort = (filters: DesignerFilters): estypes.SortCombinations[] => toEsSort(designerSortKeys(filters));

/** Pure: validated designer filters to an Elasticsearch bool query whose filters all combine with AND. */
export const buildDesignerQuery = (filters: DesignerFilters): Query => buildEntityQuery(DESIGNER_SEARCH, filters);

export const buildDesignerSearchRequest = (filters: DesignerFilters, window: PageWindow) =>
  buildEntitySearchRequest(DESIGNER_SEARCH, filters, window);
