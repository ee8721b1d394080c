import type { estypes } from '@elastic/elasticsearch';
import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import { freeText, wordPrefixPhrase } from './query-clauses.ts';
import { type EsSortKey, ID_ASC, LISTED_AT_DESC, SCORE_DESC, toEsSort } from './sort-keys.ts';

type Query = estypes.QueryDslQueryContainer;

/** Boosts: name above role titles and companies, and those above the description. */
export const DESIGNER_TEXT_FIELDS = ['name^3', 'titles^2', 'companies^2', 'description'];

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

  const text = hasText(filters.q) ? freeText(filters.q, DESIGNER_TEXT_FIELDS) : null;
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
