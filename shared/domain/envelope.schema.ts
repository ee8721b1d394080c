import { z } from 'zod';
import { DesignerFacetsSchema, DesignerHitSchema } from './designer-facets.schema.ts';
import { DesignerSchema } from './designer.schema.ts';
import { OpenRoleSchema } from './open-role.schema.ts';

export const PageMetaSchema = z
  .strictObject({
    total: z.int().nonnegative().describe('Exact number of matching results.'),
    limit: z.int().nonnegative().describe('Page size applied.'),
    offset: z.int().nonnegative().describe('Offset applied.'),
    has_more: z.boolean().describe('Whether more results follow this page.'),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as cursor to read the next page; null on the last page, and on a limit=0 page (it holds only the count).'),
  })
  .meta({ id: 'PageMeta' });

export const DesignerListResponseSchema = z
  .strictObject({
    success: z.literal(true),
    data: z.array(DesignerHitSchema),
    meta: PageMetaSchema.extend({ facets: DesignerFacetsSchema.optional().describe('With facets: the counts asked for.') }),
  })
  .meta({ id: 'DesignerList' });

export const DesignerResponseSchema = z
  .strictObject({ success: z.literal(true), data: DesignerSchema })
  .meta({ id: 'DesignerResponse' });

export const OpenRoleListResponseSchema = z
  .strictObject({ success: z.literal(true), data: z.array(OpenRoleSchema), meta: PageMetaSchema })
  .meta({ id: 'OpenRoleList' });

export const ErrorDetailSchema = z
  .strictObject({
    parameter: z.string().describe('The parameter at fault.'),
    message: z.string().describe('What is wrong and what is allowed.'),
  })
  .meta({ id: 'ErrorDetail' });

export const ErrorResponseSchema = z
  .strictObject({
    success: z.literal(false),
    error: z.string(),
    details: z.array(ErrorDetailSchema).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
