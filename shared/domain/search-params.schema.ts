import { z } from 'zod';
import { MAX_RESULT_WINDOW, REST_PAGE_RULES } from './pagination.ts';
import { CursorParam, intParam, intQueryParam } from './query-param.schema.ts';

const { defaultLimit, maxLimit } = REST_PAGE_RULES;
const LIMIT_DOC = `Page size. Default ${defaultLimit}; values above ${maxLimit} are clamped to ${maxLimit}; 0 returns only meta.total.`;
const OFFSET_DOC = `Results to skip. offset+limit may not pass ${MAX_RESULT_WINDOW}: walk deeper with cursor.`;

/**
 * The two forms of one search: `json`, typed values as the domain and the MCP tools take them, and
 * `query`, one string per parameter as the REST route receives them (registered for OpenAPI as `id`).
 * Both hold the filters, then the parameters whose encoding differs by transport, then paging.
 */
export function searchParamSchemas<F extends z.ZodRawShape, J extends z.ZodRawShape, Q extends z.ZodRawShape>(
  id: string,
  filters: F,
  encoded: { json: J; query: Q },
) {
  return {
    json: z.strictObject({
      ...filters,
      ...encoded.json,
      limit: intParam(LIMIT_DOC).optional(),
      offset: intParam(OFFSET_DOC).optional(),
      cursor: CursorParam.optional(),
    }),
    query: z
      .strictObject({
        ...filters,
        ...encoded.query,
        limit: intQueryParam(LIMIT_DOC).optional(),
        offset: intQueryParam(OFFSET_DOC).optional(),
        cursor: CursorParam.optional(),
      })
      .meta({ id }),
  };
}

/** The paging parameters, which every search has besides its filters. */
export type PageParams = 'limit' | 'offset' | 'cursor';
