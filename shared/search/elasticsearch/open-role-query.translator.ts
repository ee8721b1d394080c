import type { estypes } from '@elastic/elasticsearch';
import type { OpenRoleFilters } from '../../domain/open-role-search.schema.ts';
import type { SearchWindow } from './designer-query.translator.ts';
import { freeText, wordPrefixPhrase } from './query-clauses.ts';
import { type EsSortKey, ID_ASC, PLACEMENT_RANK_ASC, POSTED_AT_DESC, SCORE_DESC, toEsSort } from './sort-keys.ts';

type Query = estypes.QueryDslQueryContainer;

export const OPEN_ROLE_TEXT_FIELDS = ['title^3', 'company^2', 'description', 'location^0.5'];

/** Featured first, then (with q) relevance, then newest posted, then id. */
export function openRoleSortKeys(filters: OpenRoleFilters): EsSortKey[] {
  return [PLACEMENT_RANK_ASC, ...(filters.q?.trim() ? [SCORE_DESC] : []), POSTED_AT_DESC, ID_ASC];
}

export function openRoleSort(filters: OpenRoleFilters): estypes.SortCombinations[] {
  return toEsSort(openRoleSortKeys(filters));
}

/** Pure: open-role filters to a bool query; expired listings never match. */
export function buildOpenRoleQuery(filters: OpenRoleFilters, now: Date): Query {
  const filter: Query[] = [{ range: { expires_at: { gt: now.toISOString() } } }];
  if (filters.category) filter.push({ term: { category: filters.category } });
  if (filters.employment_type) filter.push({ term: { employment_type: filters.employment_type } });
  if (filters.remote !== undefined) filter.push({ term: { remote: filters.remote } });
  const location = filters.location ? wordPrefixPhrase('location', filters.location) : null;
  if (location) filter.push(location);
  const company = filters.company ? wordPrefixPhrase('company', filters.company) : null;
  if (company) filter.push(company);

  const text = filters.q?.trim() ? freeText(filters.q, OPEN_ROLE_TEXT_FIELDS) : null;
  return { bool: { filter, ...(text ? { must: text.must, should: text.should } : {}) } };
}

export function buildOpenRoleSearchRequest(
  filters: OpenRoleFilters,
  window: SearchWindow,
  now: Date,
): Omit<estypes.SearchRequest, 'index' | 'pit'> {
  return {
    query: buildOpenRoleQuery(filters, now),
    sort: openRoleSort(filters),
    size: window.size,
    ...(window.searchAfter ? { search_after: window.searchAfter } : { from: window.from ?? 0 }),
    track_total_hits: true,
    _source: ['role'],
  };
}
