import type { estypes } from '@elastic/elasticsearch';
import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import type { QueryWords } from '../query-words.ts';
import { freeText, FUZZINESS, wordPrefixPhrase } from './query-clauses.ts';
import { type EsSortKey, ID_ASC, LISTED_AT_DESC, SCORE_DESC, toEsSort } from './sort-keys.ts';

type Query = estypes.QueryDslQueryContainer;

/** Boosts: name above role titles and companies, those above the description, and the location lowest. */
export const DESIGNER_TEXT_FIELDS = ['name^3', 'titles^2', 'companies^2', 'description', 'location^0.5'];

/** Extra score for query words found together in one role ("title company"), more for the current role. */
export const ROLE_BOOSTS = { sameRole: 1, currentRole: 2 } as const;

/**
 * Words of one role (its title and company) rank above the same words spread over several roles: a
 * nested query scores the best single role, counting only roles that hold at least two query words;
 * the current role scores more, or, when the request asks for past roles ("former …"), a previous one.
 */
export function sameRoleBonus({ words, pastRoles }: Pick<QueryWords, 'words' | 'pastRoles'>): Query[] {
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
                        ...(i === words.length - 1 ? [{ match_phrase_prefix: { 'roles.text': { query: word } } }] : []),
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

/**
 * Documented order. With q: relevance, then newest listed, then id. Without q: newest listed, then id.
 * Every key ends in the unique id, so pages never repeat or skip a record.
 */
export function designerSortKeys(filters: DesignerFilters): EsSortKey[] {
  const stable = [LISTED_AT_DESC, ID_ASC];
  return hasText(filters.q) ? [SCORE_DESC, ...stable] : stable;
}

export function designerSort(filters: DesignerFilters): estypes.SortCombinations[] {
  return toEsSort(designerSortKeys(filters));
}

function hasText(q: string | undefined): q is string {
  return q !== undefined && q.trim() !== '';
}

/** Pure: validated designer filters to an Elasticsearch bool query whose filters all combine with AND. */
export function buildDesignerQuery(filters: DesignerFilters): Query {
  const filter: Query[] = [];
  if (filters.slug) filter.push({ term: { slug: filters.slug } });
  if (filters.id) filter.push({ term: { id: filters.id } });
  if (filters.category) filter.push({ term: { category: filters.category } });
  const location = filters.location ? wordPrefixPhrase('location', filters.location) : null;
  if (location) filter.push(location);
  const company = filters.company ? wordPrefixPhrase('companies', filters.company) : null;
  if (company) filter.push(company);

  const text = hasText(filters.q) ? freeText(filters.q, DESIGNER_TEXT_FIELDS, sameRoleBonus) : null;
  return {
    bool: {
      filter,
      ...(text ? { must: text.must, should: text.should } : {}),
    },
  };
}

export interface SearchWindow {
  size: number;
  from?: number;
  searchAfter?: estypes.FieldValue[];
}

export function buildDesignerSearchRequest(
  filters: DesignerFilters,
  window: SearchWindow,
): Omit<estypes.SearchRequest, 'index' | 'pit'> {
  return {
    query: buildDesignerQuery(filters),
    sort: designerSort(filters),
    size: window.size,
    ...(window.searchAfter ? { search_after: window.searchAfter } : { from: window.from ?? 0 }),
    track_total_hits: true,
    _source: ['designer'],
  };
}
