import { OPEN_ROLE_SEARCH_RULES, type OpenRoleTextSource } from '../open-role-search.rules.ts';
import { fieldWeights, formWeights, namingWeights, placeWeights, type SearchText, toSearchText, type TsvectorLayout } from './search-text.ts';

export type OpenRoleSearchSource = OpenRoleTextSource;

const { text, filters } = OPEN_ROLE_SEARCH_RULES;

/** title A, company B, description D, location C (the stored format of open_role_search). */
const OPEN_ROLE_TSVECTOR: TsvectorLayout<typeof text> = { title: 'A', company: 'B', description: 'D', location: 'C' };

export const OPEN_ROLE_FIELD_WEIGHTS = fieldWeights(text, OPEN_ROLE_TSVECTOR);

/** The weight of the title (A), with its stems: an open role is the role its title names (heldRole). */
export const OPEN_ROLE_TITLE_WEIGHT = OPEN_ROLE_TSVECTOR.title;

/** The weights holding stems: the title (A) and the description (D). */
export const OPEN_ROLE_FORM_WEIGHTS = formWeights(text, OPEN_ROLE_TSVECTOR);

/** The weight holding the location (C), where a place the request names earns its bonus. */
export const OPEN_ROLE_PLACE_WEIGHTS = placeWeights(text, OPEN_ROLE_TSVECTOR);

/** The weights of the fields that name the record: the title (A), the company (B) and the location (C); not the description. */
export const OPEN_ROLE_NAMING_WEIGHTS = namingWeights(text, OPEN_ROLE_TSVECTOR);

/** Mirrors toOpenRoleDocument. */
export function toOpenRoleSearchText(role: OpenRoleSearchSource): SearchText {
  return toSearchText(text, OPEN_ROLE_TSVECTOR, filters.words, role);
}
