import type { DesignerFilters } from '../domain/designer-search.schema.ts';
import { type Designer, designerRoles } from '../domain/designer.schema.ts';
import { locationSearchNames } from './location-names.ts';
import { ascending, descending, type EntitySearchRules, hasFreeText, type SortRule } from './search-rules.ts';

// The store orders a designer's roles the same way, so the rule lives with the domain.
export { designerRoles };

/** What the designer's search text is made of. */
export type DesignerTextSource = Pick<Designer, 'name' | 'description' | 'location' | 'current_role' | 'previous_roles'>;

/**
 * Free text: name above role titles and companies, those above the description, and the location lowest.
 * Titles and companies list every role, current first.
 */
const DESIGNER_TEXT = {
  name: { boost: 3, text: (d: DesignerTextSource) => d.name },
  titles: { boost: 2, forms: true, text: (d: DesignerTextSource) => designerRoles(d).map((r) => r.role.title) },
  companies: { boost: 2, text: (d: DesignerTextSource) => designerRoles(d).map((r) => r.role.company) },
  description: { boost: 1, forms: true, prose: true, text: (d: DesignerTextSource) => d.description },
  // The location as written and with its country in other forms ("Munich, DE" is also "Munich, Germany"),
  // and a remote one by the other words for remote work.
  location: { boost: 0.5, place: true, text: (d: DesignerTextSource) => locationSearchNames(d.location) },
};

/** With q: relevance, then newest listed, then id. Without q: newest listed, then id. */
function designerOrder(filters: Pick<DesignerFilters, 'q'>): SortRule[] {
  const stable = [descending('listed_at'), ascending('id')];
  return hasFreeText(filters.q) ? [descending('score'), ...stable] : stable;
}

export const DESIGNER_SEARCH_RULES = {
  text: DESIGNER_TEXT,
  // company matches any role's company, current or previous.
  filters: { exact: ['slug', 'id', 'category'], words: { location: 'location', company: 'companies' } },
  order: designerOrder,
} as const satisfies EntitySearchRules<DesignerTextSource, DesignerFilters, typeof DESIGNER_TEXT>;
