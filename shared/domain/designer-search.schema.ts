import { z } from 'zod';
import { CATEGORIES, CATEGORY_ALIASES, type Category } from './category.schema.ts';
import { DesignerIdSchema, SlugSchema } from './designer.schema.ts';
import { CursorParam, enumParam, intParam, intQueryParam, textParam } from './query-param.schema.ts';

export const MAX_Q_LENGTH = 200;

const CATEGORY_INPUTS = [...CATEGORIES, ...Object.keys(CATEGORY_ALIASES)] as [string, ...string[]];

/** Category as a filter: the spec's values, plus the earlier shape's plurals as aliases. */
export const CategoryFilterSchema = enumParam(
  CATEGORY_INPUTS as unknown as typeof CATEGORIES,
  'Specialty: product (UI/UX, digital products), brand (identity, visual systems), graphic (print, typography, ' +
    'illustration), motion (animation, video), 3d (spatial, CGI, modeling), director (design leaders, heads of ' +
    'design), engineer (design engineers). "directors" and "engineers" are accepted as aliases.',
)
  .transform((v): Category => CATEGORY_ALIASES[v] ?? (v as Category));

const designerFilterFields = {
  q: textParam(MAX_Q_LENGTH, 'Free text over name, description, role titles and companies, and (lowest) location; filler words such as "who" or "based in" need not match, and from three words not every word must; typo-tolerant, last word matches as a prefix.').optional(),
  slug: SlugSchema.describe('Exact URL slug of one designer; use with limit=1.').optional(),
  id: DesignerIdSchema.describe('Exact id of one designer (as in results); use with limit=1.').optional(),
  category: CategoryFilterSchema.optional(),
  location: textParam(200, 'Location, matched by whole words or word prefixes in order: a country code ("US"), a city, or "remote".').optional(),
  company: textParam(200, 'Current or previous company, matched by whole words or word prefixes in order.').optional(),
};

const LIMIT_DOC = 'Page size. Default 50; values above 100 are clamped to 100; 0 returns only meta.total.';
const OFFSET_DOC = 'Results to skip. offset+limit may not pass 10000: walk deeper with cursor.';

/** The designer search as the domain sees it (typed values). MCP tools build on this. */
export const DesignerSearchSchema = z.strictObject({
  ...designerFilterFields,
  limit: intParam(LIMIT_DOC).optional(),
  offset: intParam(OFFSET_DOC).optional(),
  cursor: CursorParam.optional(),
});
export type DesignerSearch = z.infer<typeof DesignerSearchSchema>;

/** The same parameters as GET /api/v1/designers receives them: one string each. */
export const DesignerSearchQuerySchema = z
  .strictObject({
    ...designerFilterFields,
    limit: intQueryParam(LIMIT_DOC).optional(),
    offset: intQueryParam(OFFSET_DOC).optional(),
    cursor: CursorParam.optional(),
  })
  .meta({ id: 'DesignerSearchQuery' });

export type DesignerFilters = Pick<DesignerSearch, 'q' | 'slug' | 'id' | 'category' | 'location' | 'company'>;
