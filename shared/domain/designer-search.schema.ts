import type { z } from 'zod';
import { CATEGORIES, CATEGORY_ALIASES, CATEGORY_WORDS, type Category } from './category.schema.ts';
import { DesignerIdSchema, SlugSchema } from './designer.fields.ts';
import { FacetsParam, FacetsQueryParam, HIGHLIGHT_DESCRIPTION } from './designer-facets.schema.ts';
import { boolParam, boolQueryParam, enumParam, LOCATION_PARAM_DESCRIPTION, textParam } from './query-param.schema.ts';
import { type PageParams, searchParamSchemas } from './search-params.schema.ts';

export const MAX_Q_LENGTH = 200;

const CATEGORY_INPUTS = [...CATEGORIES, ...Object.keys(CATEGORY_ALIASES)] as [string, ...string[]];

/** Category as a filter: the spec's values, plus the earlier shape's plurals as aliases. */
export const CategoryFilterSchema = enumParam(
  CATEGORY_INPUTS as unknown as typeof CATEGORIES,
  'Specialty: product (UI/UX, digital products), brand (identity, visual systems), graphic (print, typography, ' +
    'illustration), motion (animation, video), 3d (spatial, CGI, modeling), director (design leaders, heads of ' +
    'design), engineer (design engineers). "directors" and "engineers" are accepted as aliases.',
  CATEGORY_WORDS,
)
  .transform((v): Category => CATEGORY_ALIASES[v] ?? (v as Category));

const designerFilterFields = {
  q: textParam(MAX_Q_LENGTH, 'Free text over name, description, role titles and companies, and (lowest) location; filler words such as "who" or "based in" need not match, and from three words not every word must (designers holding a role the request names, as in "an illustrator who can start next month", match however few of the other words they hold), but a place after "in" must be where the designer is and an employer after "at" or "ex" in a company of their roles (or their location), unless the request also names a role and one of them may rank where some designer holds it (an employer the designer worked at beside a place: "a product designer in Berlin who previously worked at Canva"; a place beside an employer the role is at now: "3d artists at Webflow based in Nairobi"), and the word that says what kind of role is asked ("civil" in "civil engineer") must be held, beside a head every trade shares (manager, engineer, developer, architect, director, lead) in the same role ("product manager" is no Product Designer), and a role of the field named by two words or more ("interior designer", "art director") is held as a phrase, typed or by a synonym, not its words apart; what the request leaves out (a place after "not in" or "outside", an employer after "not at", either after "excluding", a seniority after "no" as in "no juniors") no match holds, and what it hedges ("ideally ex Google", "ideally senior", "bonus if they know Houdini", "fintech experience a plus") ranks first and leaves no one out; typo-tolerant, last word matches as a prefix.').optional(),
  slug: SlugSchema.describe('Exact URL slug of one designer; use with limit=1.').optional(),
  id: DesignerIdSchema.describe('Exact id of one designer (as in results); use with limit=1.').optional(),
  category: CategoryFilterSchema.optional(),
  location: textParam(200, LOCATION_PARAM_DESCRIPTION).optional(),
  company: textParam(200, 'Current or previous company, matched by whole words or word prefixes in order.').optional(),
};

/** What a search answers besides its page (meta.facets, each designer's match): no filter, so no part of a cursor. */
const designerExtras = {
  json: { facets: FacetsParam.optional(), highlight: boolParam(HIGHLIGHT_DESCRIPTION).optional() },
  query: { facets: FacetsQueryParam.optional(), highlight: boolQueryParam(HIGHLIGHT_DESCRIPTION).optional() },
};

const schemas = searchParamSchemas('DesignerSearchQuery', designerFilterFields, designerExtras);

/** The designer search as the domain sees it (typed values). MCP tools build on this. */
export const DesignerSearchSchema = schemas.json;
export type DesignerSearch = z.infer<typeof DesignerSearchSchema>;

/** The same parameters as GET /api/v1/designers receives them: one string each. */
export const DesignerSearchQuerySchema = schemas.query;

export type DesignerExtras = 'facets' | 'highlight';

export type DesignerFilters = Omit<DesignerSearch, PageParams | DesignerExtras>;
