import type { Page } from '../../../shared/domain/pagination.ts';

export function toListEnvelope<T>(page: Page<T> & { facets?: object }) {
  return {
    success: true as const,
    data: page.items,
    meta: {
      total: page.total,
      limit: page.limit,
      offset: page.offset,
      has_more: page.hasMore,
      next_cursor: page.nextCursor,
      ...(page.facets ? { facets: page.facets } : {}),
    },
  };
}
