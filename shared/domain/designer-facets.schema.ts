import { z } from 'zod';
import { CategorySchema } from './category.schema.ts';
import { choiceMessage } from './choice-message.ts';
import { DesignerSchema } from './designer.schema.ts';

/**
 * Facets and highlights of a designer search: the parameters that ask for them and the shapes they
 * answer with. REST, MCP, OpenAPI and the pages derive from these schemas.
 */

export const FACET_NAMES = ['category', 'country', 'company', 'remote'] as const;
export type FacetName = (typeof FACET_NAMES)[number];

/** Values per facet: the top ones by count (then value), enough for an agent or a page to narrow by. */
export const FACET_SIZE = 10;

const FACETS_DOC =
  `Facet counts to add as meta.facets, comma-separated: ${FACET_NAMES.join(', ')}. Each facet lists its top ${FACET_SIZE} ` +
  'values by count (then value) with exact counts over the designers matching q and every filter. country is the ISO ' +
  'code of the country the location names (as the location filter reads it), company any role\'s company (current or ' +
  'previous), remote whether the location says "remote". With limit=0 only the counts are answered.';

const HIGHLIGHT_DOC =
  'true adds to each designer a match object: why it matched (reason, such as "previous role: Senior Product Designer ' +
  'at Figma") and, per matching field, a short fragment with the matched words as offsets and as <mark> in html. Default false.';

/** Each name once, in the order given; an unknown name is refused with the allowed ones. */
const facetList = z
  .array(z.string())
  .superRefine((names, ctx) => {
    for (const name of names) {
      if (!(FACET_NAMES as readonly string[]).includes(name)) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(name)}: ${choiceMessage(FACET_NAMES, name)}`, input: names });
    }
  })
  .transform((names) => [...new Set(names)] as FacetName[]);

/** facets as JSON (MCP tools): a list of names. */
export const FacetsParam = z
  .array(z.enum(FACET_NAMES, { error: (issue) => choiceMessage(FACET_NAMES, issue.input) }), { error: `must be a list of facet names (${FACET_NAMES.join(', ')})` })
  .max(FACET_NAMES.length * 2, { error: `must name at most ${FACET_NAMES.length * 2} facets` })
  .transform((names) => [...new Set(names)])
  .describe(FACETS_DOC);

/** facets as one query-string value: a comma list ("category,country"). */
export const FacetsQueryParam = z
  .string({ error: (issue) => (Array.isArray(issue.input) ? 'must be given at most once, as a comma list' : 'must be a comma list of facet names') })
  .max(200, { error: 'must be at most 200 characters' })
  .transform((value) => value.split(',').map((name) => name.trim()).filter((name) => name !== ''))
  .pipe(facetList)
  .meta({ description: FACETS_DOC, type: 'string', example: 'category,country' });

export const HIGHLIGHT_DESCRIPTION = HIGHLIGHT_DOC;

const FacetCountSchema = <T extends z.ZodType>(value: T) =>
  z.strictObject({ value, count: z.int().positive().describe('Designers matching the search with this value.') });

export const DesignerFacetsSchema = z
  .strictObject({
    category: z.array(FacetCountSchema(CategorySchema)).optional(),
    country: z.array(FacetCountSchema(z.string().describe('ISO 3166 alpha-2 code, as the location filter takes it.'))).optional(),
    company: z.array(FacetCountSchema(z.string().describe('A company as written in a role; the company filter takes it.'))).optional(),
    remote: z.array(FacetCountSchema(z.boolean())).optional(),
  })
  .meta({
    id: 'DesignerFacets',
    description: `Per facet asked for, its top ${FACET_SIZE} values by count, then by value; only values with at least one designer.`,
  });
export type DesignerFacets = z.infer<typeof DesignerFacetsSchema>;

export const MATCH_FIELDS = ['name', 'title', 'company', 'description', 'location'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

export const MatchFragmentSchema = z.strictObject({
  field: z.enum(MATCH_FIELDS),
  role: z
    .strictObject({ title: z.string(), company: z.string(), current: z.boolean() })
    .optional()
    .describe('For title and company: the role the words were found in.'),
  text: z.string().describe('A short plain fragment of the field (at most about 160 characters).'),
  offsets: z
    .array(z.tuple([z.int().nonnegative(), z.int().nonnegative()]).meta({ minItems: 2, maxItems: 2 }))
    .describe('[start, end) of each matched word in text, in UTF-16 code units (JavaScript string indices).'),
  html: z.string().describe('text HTML-escaped, with <mark> around each matched word.'),
});
export type MatchFragment = z.infer<typeof MatchFragmentSchema>;

export const DesignerMatchSchema = z
  .strictObject({
    reason: z.string().describe('One line saying why the designer matched, e.g. "current role: Lead Designer at Canva".'),
    fields: z.array(MatchFragmentSchema),
  })
  .meta({ id: 'DesignerMatch', description: 'Why a designer matched the free text (highlight=true).' });
export type DesignerMatch = z.infer<typeof DesignerMatchSchema>;

/** A designer in a search answer: the profile, and with highlight=true why it matched. */
export const DesignerHitSchema = DesignerSchema.extend({ match: DesignerMatchSchema.optional() }).meta({
  id: 'DesignerHit',
  description: 'A designer profile in a search answer; match is present with highlight=true.',
});
export type DesignerHit = z.infer<typeof DesignerHitSchema>;
