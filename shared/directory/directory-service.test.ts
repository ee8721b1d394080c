import { describe, expect, it } from 'vitest';
import { buildDesigner } from '../domain/designer.builder.ts';
import { InvalidInputError, NotFoundError } from '../domain/errors.ts';
import type { Page, PageRequest } from '../domain/pagination.ts';
import { REST_PAGE_RULES, TOOL_PAGE_RULES } from '../domain/pagination.ts';
import type { SearchPort } from '../search/search.port.ts';
import { createDirectoryService } from './directory-service.ts';

/** An in-memory search port that records what the service asks of it. */
function recordingPort() {
  const calls: { op: string; filters?: unknown; page?: PageRequest; now?: Date; key?: unknown }[] = [];
  const page = <T>(p: PageRequest): Page<T> => ({ items: [], total: 0, limit: p.limit, offset: p.offset, hasMore: false, nextCursor: null });
  const port: SearchPort = {
    searchDesigners: async (filters, p) => {
      calls.push({ op: 'designers', filters, page: p });
      return page(p);
    },
    searchOpenRoles: async (filters, p, now) => {
      calls.push({ op: 'open_roles', filters, page: p, now });
      return page(p);
    },
    findDesigner: async (key) => {
      calls.push({ op: 'find', key });
      return null;
    },
    similarDesigners: async (designer, limit) => {
      calls.push({ op: 'similar', key: designer.slug, filters: { limit } });
      return [];
    },
    suggest: async (word, limit) => {
      calls.push({ op: 'suggest', key: word, filters: { limit } });
      return [];
    },
    isReady: async () => true,
  };
  return { port, calls };
}

function problemOf(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(InvalidInputError);
      return (error as InvalidInputError).problems;
    },
  );
}

describe('directory service', () => {
  it('splits filters from paging and applies the transport page rules', async () => {
    const { port, calls } = recordingPort();
    const service = createDirectoryService({ search: port });
    await service.searchDesigners({ q: 'ana', category: 'brand', limit: 500 }, REST_PAGE_RULES);
    await service.searchDesigners({}, TOOL_PAGE_RULES);
    expect(calls).toEqual([
      { op: 'designers', filters: { q: 'ana', category: 'brand' }, page: { limit: 100, offset: 0 } },
      { op: 'designers', filters: {}, page: { limit: 10, offset: 0 } },
    ]);
  });

  it('asks the engine for the facets, keeps them and highlight out of the filters, and adds each match', async () => {
    const ana = buildDesigner({ name: 'Ana Lopez', current_role: { title: 'Lead Designer', company: 'Canva', company_url: null } });
    const asked: unknown[] = [];
    const port: SearchPort = {
      ...recordingPort().port,
      searchDesigners: async (filters, page, options) => {
        asked.push({ filters, options });
        return { items: [ana], total: 1, limit: page.limit, offset: 0, hasMore: false, nextCursor: null, facets: { category: [{ value: 'brand', count: 1 }] } };
      },
    };
    const service = createDirectoryService({ search: port });
    const page = await service.searchDesigners({ q: 'lead canva', facets: ['category'], highlight: true }, REST_PAGE_RULES);
    expect(asked).toEqual([{ filters: { q: 'lead canva' }, options: { facets: ['category'] } }]);
    expect(page.facets).toEqual({ category: [{ value: 'brand', count: 1 }] });
    expect(page.items[0]!.match?.reason).toBe('current role: Lead Designer at Canva');
    const plain = await service.searchDesigners({ q: 'lead canva' }, REST_PAGE_RULES);
    expect(asked.at(-1)).toEqual({ filters: { q: 'lead canva' }, options: {} });
    expect(plain.items[0]!.match).toBeUndefined();
  });

  it('passes the cursor through, and the injected clock to open roles', async () => {
    const { port, calls } = recordingPort();
    const now = new Date('2026-01-01T00:00:00Z');
    const service = createDirectoryService({ search: port, now: () => now });
    await service.searchOpenRoles({ remote: false, cursor: 'c', limit: 5 }, REST_PAGE_RULES);
    expect(calls).toEqual([{ op: 'open_roles', filters: { remote: false }, page: { limit: 5, offset: 0, cursor: 'c' }, now }]);
  });

  it('offset with cursor is refused, naming offset', async () => {
    const { port, calls } = recordingPort();
    const service = createDirectoryService({ search: port });
    expect(await problemOf(service.searchDesigners({ offset: 0, cursor: 'c' }, REST_PAGE_RULES))).toEqual([
      { parameter: 'offset', message: expect.stringMatching(/cannot be combined with cursor/) },
    ]);
    expect(calls).toEqual([]);
  });

  it('offset+limit past 10000 is refused, pointing to the cursor; exactly 10000 is allowed', async () => {
    const { port, calls } = recordingPort();
    const service = createDirectoryService({ search: port });
    expect(await problemOf(service.searchOpenRoles({ offset: 9951 }, REST_PAGE_RULES))).toEqual([
      { parameter: 'offset', message: expect.stringMatching(/at most 10000.*next_cursor as cursor/) },
    ]);
    expect(await problemOf(service.searchDesigners({ offset: 9901, limit: 1000 }, REST_PAGE_RULES))).toHaveLength(1);
    await service.searchDesigners({ offset: 9950 }, REST_PAGE_RULES);
    await service.searchDesigners({ offset: 9900, limit: 1000 }, REST_PAGE_RULES);
    expect(calls.map((c) => c.page)).toEqual([
      { limit: 50, offset: 9950 },
      { limit: 100, offset: 9900 },
    ]);
  });

  it('a cursor page has no window: the cursor carries the position', async () => {
    const { port, calls } = recordingPort();
    await createDirectoryService({ search: port }).searchDesigners({ cursor: 'c', limit: 100 }, REST_PAGE_RULES);
    expect(calls).toHaveLength(1);
  });

  it('getDesigner: NotFoundError naming the slug when there is none', async () => {
    const { port } = recordingPort();
    await expect(createDirectoryService({ search: port }).getDesigner({ slug: 'nobody' })).rejects.toThrow(NotFoundError);
    await expect(createDirectoryService({ search: port }).getDesigner({ slug: 'nobody' })).rejects.toThrow(/slug "nobody"/);
  });

  it('suggest: one to three letters are asked once and then served from memory; longer words every time', async () => {
    const { port, calls } = recordingPort();
    const service = createDirectoryService({ search: port });
    for (const q of ['s', 'S', 'product d', 'de', 'des', 'des', 'desi', 'desi']) await service.suggest({ q });
    expect(calls.map((c) => c.key)).toEqual(['s', 'd', 'de', 'des', 'desi', 'desi']);
    // The limit is part of what was asked.
    await service.suggest({ q: 's', limit: 3 });
    expect(calls.at(-1)).toEqual({ op: 'suggest', key: 's', filters: { limit: 3 } });
  });

  it('derives profile_url from its public base URL, whatever the engine returned', async () => {
    const stored = buildDesigner(
      { id: 'd1', slug: 'ana-lopez', name: 'Ana', website: 'https://ana.example', portfolio_preview: 'https://images.example/ana.jpg' },
      'http://localhost:3000',
    );
    const port: SearchPort = {
      ...recordingPort().port,
      searchDesigners: async (_f, p) => ({ items: [stored], total: 1, limit: p.limit, offset: p.offset, hasMore: false, nextCursor: null }),
      findDesigner: async () => stored,
    };
    const service = createDirectoryService({ search: port, publicBaseUrl: 'https://designers.example/' });
    const page = await service.searchDesigners({}, REST_PAGE_RULES);
    expect(page.items[0]!.profile_url).toBe('https://designers.example/designer/ana-lopez');
    expect((await service.getDesigner({ slug: 'ana-lopez' })).profile_url).toBe('https://designers.example/designer/ana-lopez');
    // Without one, the engine's value stands (the worker-side services have no address of their own).
    expect((await createDirectoryService({ search: port }).getDesigner({ slug: 'ana-lopez' })).profile_url).toBe(stored.profile_url);
  });
});
