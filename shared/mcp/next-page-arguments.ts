import { MAX_RESULT_WINDOW, type Page, type PageRules } from '../domain/pagination.ts';

export type ToolArguments = Record<string, string | number | boolean>;

/**
 * The complete arguments of the call that returns the next page, or null on the last page. Offset is
 * preferred (short, readable); the cursor is used when the caller already walks by cursor or when the
 * next page would pass the offset window.
 */
export function nextPageArguments(
  input: { limit?: number; offset?: number; cursor?: string } & Record<string, unknown>,
  page: Page<unknown>,
  rules: PageRules,
): ToolArguments | null {
  // limit=0 asked only for the total (has_more is false: a count has no next page); the next call reads the
  // first real page.
  const countOnly = page.limit === 0 && page.offset < page.total;
  if (!page.hasMore && !countOnly) return null;
  const filters: ToolArguments = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'limit' || key === 'offset' || key === 'cursor') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') filters[key] = value;
  }
  const limit = page.limit === 0 ? rules.defaultLimit : page.limit;
  const nextOffset = page.offset + page.items.length;
  const offsetFits = nextOffset + limit <= MAX_RESULT_WINDOW;
  if (page.nextCursor !== null && (input.cursor !== undefined || !offsetFits)) {
    return { ...filters, limit, cursor: page.nextCursor };
  }
  if (!offsetFits) return null;
  return { ...filters, limit, offset: nextOffset };
}
