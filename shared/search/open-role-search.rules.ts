import type { OpenRoleFilters } from '../domain/open-role-search.schema.ts';
import type { OpenRole, Placement } from '../domain/open-role.schema.ts';
import { locationSearchNames } from './location-names.ts';
import { ascending, descending, type EntitySearchRules, hasFreeText, type SortRule } from './search-rules.ts';

/** What an open role's search text is made of. */
export type OpenRoleTextSource = Pick<OpenRole, 'title' | 'company' | 'description' | 'location'>;

/** Featured open roles sort before standard ones. */
export const PLACEMENT_RANK: Readonly<Record<Placement, number>> = { featured: 0, standard: 1 };

/** Free text: title above company, both above the description, and the location lowest. */
const OPEN_ROLE_TEXT = {
  title: { boost: 3, forms: true, text: (r: OpenRoleTextSource) => r.title },
  company: { boost: 2, text: (r: OpenRoleTextSource) => r.company },
  description: { boost: 1, forms: true, prose: true, text: (r: OpenRoleTextSource) => r.description },
  // The location as written and with its country in other forms ("Munich, DE" is also "Munich, Germany"),
  // and a remote one by the other words for remote work.
  location: { boost: 0.5, place: true, text: (r: OpenRoleTextSource) => locationSearchNames(r.location) },
};

/** Featured first, then (with q) relevance, then newest posted, then id. */
function openRoleOrder(filters: Pick<OpenRoleFilters, 'q'>): SortRule[] {
  return [ascending('placement_rank'), ...(hasFreeText(filters.q) ? [descending('score')] : []), descending('posted_at'), ascending('id')];
}

export const OPEN_ROLE_SEARCH_RULES = {
  text: OPEN_ROLE_TEXT,
  filters: { exact: ['category', 'employment_type', 'remote'], words: { location: 'location', company: 'company' } },
  order: openRoleOrder,
} as const satisfies EntitySearchRules<OpenRoleTextSource, OpenRoleFilters, typeof OPEN_ROLE_TEXT>;
