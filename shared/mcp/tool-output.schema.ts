import { z } from 'zod';
import { DesignerFacetsSchema, DesignerHitSchema } from '../domain/designer-facets.schema.ts';
import { DesignerSchema } from '../domain/designer.schema.ts';
import { PageMetaSchema } from '../domain/envelope.schema.ts';
import { OpenRoleSchema } from '../domain/open-role.schema.ts';

/**
 * Tool results carry the same Designer and OpenRole objects as REST, with the page meta flattened
 * beside them and, for a model that reads only structured content, the exact arguments of the next call.
 */
const NextArgumentsSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .nullable()
  .describe('The complete arguments for the call that returns the next page; null on the last page.');

export const DesignerPageOutputSchema = PageMetaSchema.extend({
  next_arguments: NextArgumentsSchema,
  results: z.array(DesignerHitSchema).describe('The designers on this page: best match first when q is given, otherwise most recently listed first; with highlight, each with why it matched.'),
  facets: DesignerFacetsSchema.optional().describe('With facets: designers per value over all matches.'),
});
export type DesignerPageOutput = z.output<typeof DesignerPageOutputSchema>;

export const DesignerOutputSchema = z.strictObject({ designer: DesignerSchema });
export type DesignerOutput = z.output<typeof DesignerOutputSchema>;

export const OpenRolePageOutputSchema = PageMetaSchema.extend({
  next_arguments: NextArgumentsSchema,
  results: z.array(OpenRoleSchema).describe('The open roles on this page: featured first, then best match when q is given, then newest first.'),
});
export type OpenRolePageOutput = z.output<typeof OpenRolePageOutputSchema>;
