import { z } from 'zod';
import { DesignerIdSchema, SlugSchema } from '../domain/designer.schema.ts';
import { DesignerSearchSchema } from '../domain/designer-search.schema.ts';
import { OpenRoleSearchSchema } from '../domain/open-role-search.schema.ts';
import { MAX_RESULT_WINDOW, TOOL_PAGE_RULES } from '../domain/pagination.ts';
import { CursorParam, intParam } from '../domain/query-param.schema.ts';

/**
 * Tool inputs are the REST search schemas (typed variant), so a value REST accepts the tools accept and
 * vice versa. Only the paging descriptions change: tools page by TOOL_PAGE_RULES and speak of the tool
 * result's fields rather than meta.*.
 */

const { defaultLimit, maxLimit } = TOOL_PAGE_RULES;

const limit = intParam(
  `Results per page. Default ${defaultLimit}; values above ${maxLimit} are clamped to ${maxLimit}; 0 returns only the total.`,
).optional();

const offset = intParam(
  `Results to skip; for the next page pass the previous offset + limit (the result's next_arguments has it). ` +
    `offset + limit may not pass ${MAX_RESULT_WINDOW}; deeper, use cursor. Do not combine with cursor.`,
).optional();

const cursor = CursorParam.describe(
  'next_cursor from the previous result, passed unchanged with the same filters; pages past any depth. ' +
    'Do not combine with offset.',
).optional();

export const SearchDesignersInputSchema = DesignerSearchSchema.omit({ slug: true, id: true }).extend({ limit, offset, cursor });
export type SearchDesignersInput = z.output<typeof SearchDesignersInputSchema>;

export const GetDesignerInputSchema = z
  .strictObject({
    slug: SlugSchema.describe('Exact slug of the designer, as in search results (for example "ana-lopez").').optional(),
    id: DesignerIdSchema.describe('The designer id, as in search results.').optional(),
  })
  .superRefine((input, ctx) => {
    const given = (input.slug === undefined ? 0 : 1) + (input.id === undefined ? 0 : 1);
    if (given === 1) return;
    ctx.addIssue({
      code: 'custom',
      path: [given === 0 ? 'slug' : 'id'],
      message:
        given === 0
          ? 'is required: give exactly one of slug or id (to find a designer by name, call search_designers with q)'
          : 'cannot be combined with slug: give exactly one of slug or id',
    });
  });
export type GetDesignerInput = z.output<typeof GetDesignerInputSchema>;

export const ListOpenRolesInputSchema = OpenRoleSearchSchema.extend({ limit, offset, cursor });
export type ListOpenRolesInput = z.output<typeof ListOpenRolesInputSchema>;
