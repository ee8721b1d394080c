import { z } from 'zod';
import { DesignerSchema, SlugSchema } from './designer.schema.ts';

export const SIMILAR_LIMIT = { default: 6, max: 20 } as const;

const LIMIT_DOC = `How many similar designers, 1 to ${SIMILAR_LIMIT.max}. Default ${SIMILAR_LIMIT.default}.`;
const LIMIT_PROBLEM = `must be an integer from 1 to ${SIMILAR_LIMIT.max}`;

/** A bounded count (1..max): unlike a page size it is refused, not clamped, past its bound. */
export function countParam(max: number, description: string, problem: string) {
  return z.int({ error: problem }).min(1, { error: problem }).max(max, { error: problem }).describe(description);
}

/** The same count as one query-string value. */
export function countQueryParam(max: number, description: string, problem: string) {
  return z
    .string({ error: problem })
    .regex(/^\d{1,6}$/, { error: problem })
    .transform(Number)
    .pipe(countParam(max, description, problem))
    .meta({ description, type: 'integer', minimum: 1, maximum: max });
}

/** GET /api/v1/designers/{slug}/similar, as its query string arrives. */
export const SimilarDesignersQuerySchema = z
  .strictObject({ limit: countQueryParam(SIMILAR_LIMIT.max, LIMIT_DOC, LIMIT_PROBLEM).optional() })
  .meta({ id: 'SimilarDesignersQuery' });

/** The MCP tool find_similar_designers: the designer's slug and the same limit, as JSON values. */
export const SimilarDesignersSchema = z.strictObject({
  slug: SlugSchema.describe('Exact slug of the designer to find others like (for example "ana-lopez"), as in search results.'),
  limit: countParam(SIMILAR_LIMIT.max, LIMIT_DOC, LIMIT_PROBLEM).optional(),
});
export type SimilarDesignersRequest = z.output<typeof SimilarDesignersSchema>;

export const SimilarDesignersResponseSchema = z
  .strictObject({
    success: z.literal(true),
    data: z
      .array(DesignerSchema)
      .describe('Listed designers most like this one by role titles, companies, description and category; most similar first. Never the designer itself.'),
  })
  .meta({ id: 'SimilarDesigners' });
