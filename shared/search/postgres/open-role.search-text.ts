import { OPEN_ROLE_SEARCH_RULES, type OpenRoleTextSource } from '../open-role-search.rules.ts';
import { fieldWeights, type SearchText, toSearchText, type TsvectorLayout } from './search-text.ts';

export type OpenRoleSearchSource = OpenRoleTextSource;

const { text, filters } = OPEN_ROLE_SEARCH_RULES;

/** title A, company B, description D, location C (the stored format of open_role_search). */
const OPEN_ROLE_TSVECTOR: TsvectorLayout<typeof text> = { title: 'A', company: 'B', description: 'D', location: 'C' };

export const OPEN_ROLE_FIELD_WEIGHTS = fieldWeights(text, OPEN_ROLE_TSVECTOR);

/** Mirrors toOpenRoleDocument. */
export function toOpenRoleSearchText(role: OpenRoleSearchSource): SearchText {
  return toSearchText(text, OPEN_ROLE_TSVECTOR, filters.words, role);
}
