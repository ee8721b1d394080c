import { MAX_RESULT_WINDOW, type Page } from '../domain/pagination.ts';
import { pathWithQuery } from './site-urls.ts';

export interface PagerLinks {
  previous: { href: string; label: string } | null;
  next: { href: string; label: string } | null;
  /** 1-based positions of the first and last item shown. */
  from: number;
  to: number;
}

/**
 * Previous and next links of a result page, using the API's own parameters. Pages inside the offset
 * window link by offset (so they can be bookmarked and stepped back through); past it, "next" follows
 * the cursor, and "previous" can only return to the first page, since cursors walk forwards.
 */
export function pagerLinks(
  path: string,
  filters: Record<string, string | undefined>,
  explicitLimit: number | undefined,
  page: Page<unknown>,
): PagerLinks {
  const base = { ...filters, limit: explicitLimit };
  const { offset, limit } = page;
  let next: PagerLinks['next'] = null;
  if (page.hasMore && limit > 0) {
    const nextOffset = offset + limit;
    if (nextOffset + limit <= MAX_RESULT_WINDOW) {
      next = { href: pathWithQuery(path, { ...base, offset: nextOffset }), label: 'Next page' };
    } else if (page.nextCursor) {
      next = { href: pathWithQuery(path, { ...base, cursor: page.nextCursor }), label: 'Next page' };
    }
  }
  let previous: PagerLinks['previous'] = null;
  if (offset > 0 && limit > 0) {
    const previousOffset = Math.max(0, offset - limit);
    previous =
      previousOffset + limit <= MAX_RESULT_WINDOW
        ? { href: pathWithQuery(path, { ...base, offset: previousOffset || undefined }), label: 'Previous page' }
        : { href: pathWithQuery(path, base), label: 'First page' };
  }
  return { previous, next, from: page.items.length ? offset + 1 : 0, to: offset + page.items.length };
}
