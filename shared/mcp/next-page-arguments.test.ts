import { describe, expect, it } from 'vitest';
import { MAX_RESULT_WINDOW, type Page, TOOL_PAGE_RULES } from '../domain/pagination.ts';
import { nextPageArguments } from './next-page-arguments.ts';

function page(p: Partial<Page<number>> & { items: number[] }): Page<number> {
  return { total: 100, limit: 10, offset: 0, hasMore: true, nextCursor: 'CURSOR', ...p };
}

describe('nextPageArguments', () => {
  it('is null on the last page', () => {
    expect(nextPageArguments({ q: 'ana' }, page({ items: [1, 2], hasMore: false, nextCursor: null }), TOOL_PAGE_RULES)).toBeNull();
  });

  it('repeats the filters and moves the offset by the page read', () => {
    const next = nextPageArguments(
      { q: 'ana', category: 'brand', remote: true, limit: 10, offset: 20, location: undefined },
      page({ items: Array.from({ length: 10 }, (_, i) => i), offset: 20 }),
      TOOL_PAGE_RULES,
    );
    expect(next).toEqual({ q: 'ana', category: 'brand', remote: true, limit: 10, offset: 30 });
  });

  it('keeps walking by cursor when the caller walks by cursor', () => {
    const next = nextPageArguments({ q: 'ana', cursor: 'OLD' }, page({ items: [1, 2, 3], offset: 30, limit: 3 }), TOOL_PAGE_RULES);
    expect(next).toEqual({ q: 'ana', limit: 3, cursor: 'CURSOR' });
  });

  it('switches to the cursor when the next page would pass the offset window', () => {
    const offset = MAX_RESULT_WINDOW - 20;
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(nextPageArguments({}, page({ items, offset, total: 20_000 }), TOOL_PAGE_RULES)).toEqual({ limit: 10, offset: offset + 10 });
    expect(nextPageArguments({}, page({ items, offset: offset + 10, total: 20_000 }), TOOL_PAGE_RULES)).toEqual({
      limit: 10,
      cursor: 'CURSOR',
    });
  });

  it('after limit=0 (total only) points at the first real page with the default limit', () => {
    expect(nextPageArguments({ category: 'motion', limit: 0 }, page({ items: [], limit: 0, hasMore: false, nextCursor: null }), TOOL_PAGE_RULES)).toEqual({
      category: 'motion',
      limit: TOOL_PAGE_RULES.defaultLimit,
      offset: 0,
    });
    expect(nextPageArguments({ limit: 0 }, page({ items: [], total: 0, limit: 0, hasMore: false, nextCursor: null }), TOOL_PAGE_RULES)).toBeNull();
  });
});
