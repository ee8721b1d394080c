import type { PageWindow } from '../page-window.ts';
import type { estypes } from '@elastic/elasticsearch';
import { DESIGNER_LISTED_RULE } from '../../domain/designer.fields.ts';
import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import { DESIGNER_SEARCH_RULES } from '../designer-search.rules.ts';
import type { QueryWords } from '../query-words.ts';
import { FUZZINESS } from './query-clauses.ts';
import { buildEntityQuery, buildEntitySearchRequest, type EsEntitySearch, entitySortKeys } from './search-query.translator.ts';
import { type EsSortKey, toEsSort } from './sort-keys.ts';
import { boostedFields } from './text-fields.ts';


type Query = estypes.QueryDslQueryContainer;

/** Boosts: name above role titles and companies, those above the description, and the location lowest. */
export const DESIGNER_TEXT_FIELDS = boostedFields(DESIGNER_SEARCH_RULES.text);

/** Extra score for query words found together in one role ("title company"), more for the current role. */
export const ROLE_BOOSTS = { sameRole: 1, currentRole: 2 } as const;

/**
 * Words of one role (its title and company) rank above the same words spread over several roles: a
 * nested query scores the best single role, counting only roles that hold at least two query words;
 * the current role scores more, or, when the request asks for past roles ("former …"), a previous one.
 */
export function sameRoleBonus({ words, prefix, pastRoles }: Pick<QueryWords, 'words' | 'prefix' | 'pastRoles'>): Query[] {
  if (words.length < 2) return [];
  return [
    {
      nested: {
        path: 'roles',
        score_mode: 'max',
        query: {
          bool: {
            must: [
              {
                bool: {
                  should: words.map((word, i) => ({
                    dis_max: {
                      queries: [
                        { match: { 'roles.text': { query: word, fuzziness: FUZZINESS } } },
                        ...(prefix[i] === 'any' ? [{ match_phrase_prefix: { 'roles.text': { query: word } } }] : []),
                      ],
                    },
                  })),
                  minimum_should_match: 2,
                  boost: ROLE_BOOSTS.sameRole,
                },
              },
            ],
            should: [{ constant_score: { filter: { term: { 'roles.current': !pastRoles } }, boost: ROLE_BOOSTS.currentRole } }],
          },
        },
      },
    },
  ];
}

const DESIGNER_SEARCH: EsEntitySearch<DesignerFilters> = {
  rules: DESIGNER_SEARCH_RULES,
  listed: DESIGNER_LISTED_RULE,
  textFields: DESIGNER_TEXT_FIELDS,
  source: 'designer',
  bonus: sameRoleBonus,
};

/** The documented order (designer-search.rules.ts) as Elasticsearch sort keys. */
export const designerSortKeys = (filters: DesignerFilters): EsSortKey[] => entitySortKeys(DESIGNER_SEARCH, filters);

export const designerSort = (filters: DesignerFilters): estypes.SortCombinations[] => toEsSort(designerSortKeys(filters));

/** Pure: validated designer filters to an Elasticsearch bool query whose filters all combine with AND. */
export const buildDesignerQuery = (filters: DesignerFilters): Query => buildEntityQuery(DESIGNER_SEARCH, filters);

export const buildDesignerSearchRequest = (filters: DesignerFilters, window: PageWindow) =>
  buildEntitySearchRequest(DESIGNER_SEARCH, filters, window);
