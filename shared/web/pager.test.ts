import { describe, expect, it } from 'vitest';
import type { Page } from '../domain/pagination.ts';
import { pagerLinks } from './pager.ts';

const page = (offset: number, limit: number, hasMore: boolean, nextCursor: string | null = hasMore ? 'CUR' : null): Page<unknown> => ({
  items: Array.from({ length: limit }, (_, i) => i),
  total: 20_000,
  limit,
  offset,
  hasMore,
  nextCursor,
});

describe('pagerLinks', () => {
  it('links the first page forward by offset, with the filters and an explicit limit kept', () => {
    const links = pagerLinks('/', { category: 'brand' }, 20, page(0, 20, true));
    expect(links.previous).toBeNull();
    expect(links.next?.href).toBe('/?category=brand&limit=20&offset=20');
    expect([links.from, links.to]).toEqual([1, 20]);
  });

  it('steps back by offset, and drops offset=0 from the first page', () => {
    expect(pagerLinks('/', {}, undefined, page(50, 50, true)).previous?.href).toBe('/');
    expect(pagerLinks('/', { q: 'ana' }, undefined, page(100, 50, true)).previous?.href).toBe('/?q=ana&offset=50');
  });

  it('follows the cursor once the next page would pass the 10,000 window', () => {
    const links = pagerLinks('/open-roles', { remote: 'true' }, undefined, page(9_950, 50, true, 'abc+/='));
    expect(links.next?.href).toBe('/open-roles?remote=true&cursor=abc%2B%2F%3D');
  });

  it('offers only the first page back from a page past the window', () => {
    const links = pagerLinks('/', { q: 'x' }, undefined, page(12_000, 50, true));
    expect(links.previous).toEqual({ href: '/?q=x', label: 'First page' });
  });

  it('has no next link on the last page, nor any link for limit=0', () => {
    expect(pagerLinks('/', {}, undefined, page(50, 50, false)).next).toBeNull();
    const counting = pagerLinks('/', {}, 0, { ...page(0, 0, true), items: [] });
    expect([counting.previous, counting.next, counting.from, counting.to]).toEqual([null, null, 0, 0]);
  });
});
