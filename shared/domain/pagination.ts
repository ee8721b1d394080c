/** Page-size rules of one transport: REST allows 100 a page, MCP tools keep a model's context small. */
export interface PageRules {
  defaultLimit: number;
  maxLimit: number;
}

export const REST_PAGE_RULES: PageRules = { defaultLimit: 50, maxLimit: 100 };
export const TOOL_PAGE_RULES: PageRules = { defaultLimit: 10, maxLimit: 50 };
/**
 * The web pages: a page a person scrolls. 24 cards fill whole rows of one, two or three columns, and keep a
 * phone's page about 5,000 px tall (50 made it 10,700); `limit` still asks for up to REST's 100.
 */
export const SITE_PAGE_RULES: PageRules = { defaultLimit: 24, maxLimit: REST_PAGE_RULES.maxLimit };

/** Elasticsearch's index.max_result_window; deeper reads use the cursor. */
export const MAX_RESULT_WINDOW = 10_000;

export interface PageRequest {
  limit: number;
  offset: number;
  cursor?: string;
  /** Aborted when the caller no longer waits for the page (its connection closed): the engine's work is cancelled. */
  signal?: AbortSignal;
}

/** Applies the default and clamps to the maximum: a limit above the maximum is not an error. */
export function resolvePage(
  input: { limit?: number | undefined; offset?: number | undefined; cursor?: string | undefined },
  rules: PageRules,
): PageRequest {
  const limit = Math.min(input.limit ?? rules.defaultLimit, rules.maxLimit);
  const page: PageRequest = { limit, offset: input.offset ?? 0 };
  if (input.cursor !== undefined) page.cursor = input.cursor;
  return page;
}

export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
  nextCursor: string | null;
}
