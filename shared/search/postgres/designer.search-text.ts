import { DESIGNER_SEARCH_RULES, type DesignerTextSource, designerRoles } from '../designer-search.rules.ts';
import { ROLE_COMPANY_WEIGHT, ROLE_FORM_WEIGHT } from './role-bonus.sql.ts';
import { fieldWeights, formWeights, namingWeights, placeWeights, type SearchText, toSearchText, type TsvectorLayout } from './search-text.ts';
import { TsvectorBuilder, type Weight } from './text-search.ts';

export type { SearchText } from './search-text.ts';
export type DesignerSearchSource = DesignerTextSource;

const { text, filters } = DESIGNER_SEARCH_RULES;

/** The weight of role titles and companies in the text, which the role columns hold as well (RoleColumns). */
export const DESIGNER_ROLE_WEIGHT = 'B' satisfies Weight;

/** name A, titles and companies B, description C, location D (the stored format of designer_search). */
const DESIGNER_TSVECTOR: TsvectorLayout<typeof text> = {
  name: 'A',
  titles: DESIGNER_ROLE_WEIGHT,
  companies: DESIGNER_ROLE_WEIGHT,
  description: 'C',
  location: 'D',
};

/** The weight of the companies' names (B, shared with the titles). */
export const DESIGNER_COMPANY_WEIGHTS: string = DESIGNER_TSVECTOR.companies;

/** Relevance points of the free-text weights, from the boosts of the search rules. */
export const DESIGNER_FIELD_WEIGHTS = fieldWeights(text, DESIGNER_TSVECTOR);

/** The weights holding stems: titles (B, shared with companies, which hold none) and the description (C). */
export const DESIGNER_FORM_WEIGHTS = formWeights(text, DESIGNER_TSVECTOR);

/** The weight holding the location (D), where a place the request names earns its bonus. */
export const DESIGNER_PLACE_WEIGHTS = placeWeights(text, DESIGNER_TSVECTOR);

/** The weights of the fields that name the record: name (A), titles and companies (B) and the location (D); not the description. */
export const DESIGNER_NAMING_WEIGHTS = namingWeights(text, DESIGNER_TSVECTOR);

/**
 * Mirrors toDesignerDocument: the same fields, the same folding, roles current first. Each role's vector holds
 * its title and company (weight D), its title's stems (ROLE_FORM_WEIGHT), as the document's roles.forms, and its
 * company's words (ROLE_COMPANY_WEIGHT), as roles.company.
 */
export function toDesignerSearchText(designer: DesignerSearchSource): SearchText {
  const roleText = (r: { title: string; company: string }) =>
    new TsvectorBuilder().add([`${r.title} ${r.company}`]).addStems([r.title], ROLE_FORM_WEIGHT).add([r.company], ROLE_COMPANY_WEIGHT).toString();
  return {
    ...toSearchText(text, DESIGNER_TSVECTOR, filters.words, designer),
    roles: designerRoles(designer).map((r) => roleText(r.role)),
    currentRole: designer.current_role ? roleText(designer.current_role) : '',
  };
}
