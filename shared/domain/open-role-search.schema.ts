import { z } from 'zod';
import { CategoryFilterSchema, MAX_Q_LENGTH } from './designer-search.schema.ts';
import { EMPLOYMENT_TYPES } from './open-role.schema.ts';
import {
  boolParam,
  boolQueryParam,
  CursorParam,
  enumParam,
  intParam,
  intQueryParam,
  textParam,
} from './query-param.schema.ts';

const openRoleFilterFields = {
  q: textParam(MAX_Q_LENGTH, 'Free text over title, company, description and (lowest) location; filler words need not match, and from three words not every word must; typo-tolerant, last word matches as a prefix.').optional(),
  category: CategoryFilterSchema.describe('The designer specialty sought.').optional(),
  location: textParam(200, 'Location, matched by whole words or word prefixes in order.').optional(),
  company: textParam(200, 'Hiring company, matched by whole words or word prefixes in order.').optional(),
  employment_type: enumParam(EMPLOYMENT_TYPES, `Employment type: ${EMPLOYMENT_TYPES.join(', ')}.`).optional(),
};

const LIMIT_DOC = 'Page size. Default 50; values above 100 are clamped to 100; 0 returns only meta.total.';
const OFFSET_DOC = 'Results to skip. offset+limit may not pass 10000: walk deeper with cursor.';
const REMOTE_DOC = 'true: only remote listings; false: only on-site listings.';

export const OpenRoleSearchSchema = z.strictObject({
  ...openRoleFilterFields,
  remote: boolParam(REMOTE_DOC).optional(),
  limit: intParam(LIMIT_DOC).optional(),
  offset: intParam(OFFSET_DOC).optional(),
  cursor: CursorParam.optional(),
});
export type OpenRoleSearch = z.infer<typeof OpenRoleSearchSchema>;

export const OpenRoleSearchQuerySchema = z
  .strictObject({
    ...openRoleFilterFields,
    remote: boolQueryParam(REMOTE_DOC).optional(),
    limit: intQueryParam(LIMIT_DOC).optional(),
    offset: intQueryParam(OFFSET_DOC).optional(),
    cursor: CursorParam.optional(),
  })
  .meta({ id: 'OpenRoleSearchQuery' });

export type OpenRoleFilters = Pick<OpenRoleSearch, 'q' | 'category' | 'location' | 'company' | 'employment_type' | 'remote'>;
