import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designer, IndexedDesigner } from '../../shared/domain/designer.schema.ts';
import { generateSampleDirectory } from '../../shared/sample/sample-directory.ts';
import { requireServices } from '../support/services.ts';
import { cursorPayload, designer, type ErrorBody, type ListBody, PUBLIC_BASE_URL, query, ReadPathFixture } from './read-path.harness.ts';

const services = requireServices('elasticsearch');

const TOTAL = 130;

type Params = Record<string, string | number | undefined>;

describe.skipIf(!services)('GET /api/v1/designers pagination on a real Elasticsearch', () => {
  let fx: ReadPathFixture;
  let sample: IndexedDesigner[];

  beforeAll(async () => {
    fx = await ReadPathFixture.create(services!.elasticsearch, 'designer_pagination');
    sample = generateSampleDirectory({ publicBaseUrl: PUBLIC_BASE_URL, designers: TOTAL, openRoles: 0, seed: 7 }).designers;
    await fx.load({ designers: sample });
  });

  afterAll(async () => {
    await fx?.dispose();
  });

  async function page(params: Params) {
    const response = await fx.app.get<ListBody<Designer>>(`/api/v1/designers${query(params)}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  async function fail(params: Params, path = '/api/v1/designers') {
    const response = await fx.app.get<ErrorBody>(`${path}${query(params)}`);
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    return response.body;
  }

  /** Follows meta.next_cursor to the end; `between` runs after each page (to change the index mid-walk). */
  async function walk(params: Params, between: (pageNo: number) => Promise<void> = async () => undefined) {
    const seen: string[] = [];
    const pages: ListBody<Designer>[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 500; n++) {
      const body = await page({ ...params, cursor });
      pages.push(body);
      seen.push(...body.data.map((d) => d.id));
      expect(body.meta.has_more, `page ${n}: has_more and next_cursor agree`).toBe(body.meta.next_cursor !== null);
      if (!body.meta.next_cursor) return { seen, pages };
      cursor = body.meta.next_cursor;
      await between(n);
    }
    throw new Error('the walk did not end');
  }

  async function offsetWalk(params: Params, limit: number) {
    const ids: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const body = await page({ ...params, limit, offset });
      ids.push(...body.data.map((d) => d.id));
      if (!body.meta.has_more) return ids;
    }
  }

  describe('limit', () => {
    it('defaults to 50', async () => {
      const body = await page({});
      expect(body.data).toHaveLength(50);
      expect(body.meta).toMatchObject({ total: TOTAL, limit: 50, offset: 0, has_more: true });
    });

    it('is clamped to 100, and meta.limit shows the applied value', async () => {
      const body = await page({ limit: 500 });
      expect(body.data).toHaveLength(100);
      expect(body.meta).toMatchObject({ total: TOTAL, limit: 100, offset: 0, has_more: true });
    });

    it('limit=0 returns only meta.total', async () => {
      const body = await page({ limit: 0 });
      expect(body.data).toEqual([]);
      expect(body.meta.total).toBe(TOTAL);
      expect(body.meta.limit).toBe(0);
      expect((await page({ limit: 0, category: 'director' })).meta.total).toBe(
        sample.filter((d) => d.designer.category === 'director').length,
      );
    });
  });

  describe('has_more at page boundaries', () => {
    it('is false when the page ends exactly at total', async () => {
      const body = await page({ limit: 10, offset: TOTAL - 10 });
      expect(body.data).toHaveLength(10);
      expect(body.meta).toMatchObject({ total: TOTAL, offset: TOTAL - 10, has_more: false, next_cursor: null });
    });

    it('is true when one record remains after the page', async () => {
      const body = await page({ limit: 10, offset: TOTAL - 11 });
      expect(body.data).toHaveLength(10);
      expect(body.meta).toMatchObject({ offset: TOTAL - 11, has_more: true });
      const last = await page({ limit: 10, offset: TOTAL - 1 });
      expect(last.data).toHaveLength(1);
      expect(last.meta.has_more).toBe(false);
    });

    it('is false past the end, with an empty page and the exact total', async () => {
      const body = await page({ limit: 10, offset: TOTAL + 5 });
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ total: TOTAL, offset: TOTAL + 5, has_more: false, next_cursor: null });
    });

    it('offset pages tile the documented order: every record once', async () => {
      const ids = await offsetWalk({}, 13);
      expect(ids).toHaveLength(TOTAL);
      expect(new Set(ids).size).toBe(TOTAL);
      const expected = [...sample]
        .sort((a, b) => b.listed_at.localeCompare(a.listed_at) || a.designer.id.localeCompare(b.designer.id))
        .map((d) => d.designer.id);
      expect(ids).toEqual(expected);
    });
  });

  describe('cursor walk', () => {
    it('without q sees every record exactly once, in the same order as offset pages', async () => {
      const { seen, pages } = await walk({ limit: 7 });
      expect(seen).toHaveLength(TOTAL);
      expect(new Set(seen).size).toBe(TOTAL);
      expect(seen).toEqual(await offsetWalk({}, 50));
      expect(pages.map((p) => p.meta.offset)).toEqual(pages.map((_, i) => i * 7));
      expect(pages.at(-1)!.meta).toMatchObject({ has_more: false, next_cursor: null });
    });

    it('with q sees every match exactly once, through an Elasticsearch snapshot', async () => {
      const first = await page({ q: 'designer', limit: 1 });
      const total = first.meta.total;
      expect(total).toBeGreaterThan(20);
      expect(total).toBeLessThan(TOTAL);
      const decode = (c: string) => cursorPayload<{ pit?: string }>(c);
      // The first page opens no snapshot; following its cursor does.
      expect(decode(first.meta.next_cursor!).pit).toBeUndefined();
      const second = await page({ q: 'designer', limit: 1, cursor: first.meta.next_cursor! });
      expect(typeof decode(second.meta.next_cursor!).pit).toBe('string');
      expect(second.data[0]!.id).not.toBe(first.data[0]!.id);

      const { seen } = await walk({ q: 'designer', limit: 6 });
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect(new Set(seen)).toEqual(new Set(await offsetWalk({ q: 'designer' }, 100)));
    });

    it('with filters keeps them across pages', async () => {
      const brand = sample.filter((d) => d.designer.category === 'brand').map((d) => d.designer.id);
      const { seen } = await walk({ category: 'brand', limit: 4 });
      expect(seen.sort()).toEqual(brand.sort());
    });

    it('can go past the offset window that offset pages stop at', async () => {
      const { seen, pages } = await walk({ limit: 100 });
      expect(seen).toHaveLength(TOTAL);
      expect(pages.at(-1)!.meta.offset).toBe(100);
    });
  });

  describe('cursor walk while records change', () => {
    // Each test writes to its own copy of the index state, so it runs on a fixture of its own.
    let live: ReadPathFixture;
    let base: IndexedDesigner[];

    beforeAll(async () => {
      live = await ReadPathFixture.create(services!.elasticsearch, 'designer_walk_live');
    });

    afterAll(async () => {
      await live?.dispose();
    });

    async function reset() {
      await live.manager.dropAll();
      await live.manager.ensureIndices();
      base = generateSampleDirectory({ publicBaseUrl: PUBLIC_BASE_URL, designers: 60, openRoles: 0, seed: 11 }).designers;
      await live.load({ designers: base });
    }

    async function liveWalk(params: Params, between: (pageNo: number, seen: Set<string>) => Promise<void>) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let last: ListBody<Designer> | undefined;
      for (let n = 0; n < 200; n++) {
        const response = await live.app.get<ListBody<Designer>>(`/api/v1/designers${query({ ...params, cursor })}`);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        last = response.body;
        seen.push(...last.data.map((d) => d.id));
        expect(last.meta.has_more, `page ${n}: has_more and next_cursor agree`).toBe(last.meta.next_cursor !== null);
        if (!last.meta.next_cursor) return { seen, last };
        cursor = last.meta.next_cursor;
        await between(n, new Set(seen));
      }
      throw new Error('the walk did not end');
    }

    let counter = 0;
    /** Re-indexes some records with a newer version and adds new ones listed before and after all others. */
    async function churn(pageNo: number) {
      const changed = base.slice(pageNo * 3, pageNo * 3 + 3).map((d) => {
        const next: IndexedDesigner = {
          ...d,
          version: d.version + 1,
          designer: { ...d.designer, description: `${d.designer.description} Designer designer designer.`, location: 'Remote (US)' },
        };
        return next;
      });
      base = base.map((d) => changed.find((c) => c.designer.id === d.designer.id) ?? d);
      const added = [
        designer({ slug: `new-newest-${++counter}`, description: 'Designer.', listed_at: '2030-01-01T00:00:00.000Z' }),
        designer({ slug: `new-oldest-${++counter}`, description: 'Designer.', listed_at: '2000-01-01T00:00:00.000Z' }),
      ];
      await live.load({ designers: [...changed, ...added] });
    }

    it('without q: every original record exactly once while records are updated and added', async () => {
      await reset();
      const original = new Set(base.map((d) => d.designer.id));
      const { seen, last } = await liveWalk({ limit: 7 }, churn);
      const ofOriginal = seen.filter((id) => original.has(id));
      expect(ofOriginal).toHaveLength(original.size);
      expect(new Set(ofOriginal)).toEqual(original);
      expect(new Set(seen).size).toBe(seen.length);
      expect(last.meta.has_more).toBe(false);
    });

    it('with q: every original match exactly once while records are updated and added', async () => {
      await reset();
      const first = await live.app.get<ListBody<Designer>>(`/api/v1/designers${query({ q: 'designer', limit: 100 })}`);
      const matching = new Set(first.body.data.map((d) => d.id));
      expect(matching.size).toBe(first.body.meta.total);
      const addedBySnapshot = new Set<string>();
      const { seen } = await liveWalk({ q: 'designer', limit: 5 }, async (n) => {
        await churn(n);
        // The snapshot opens when the first cursor is followed: records added before that are part of it.
        if (n === 0) for (const c of [counter - 1, counter]) addedBySnapshot.add(`id-new-${c % 2 ? 'newest' : 'oldest'}-${c}`);
      });
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => !addedBySnapshot.has(id)).sort()).toEqual([...matching].sort());
      expect(seen.filter((id) => addedBySnapshot.has(id))).toHaveLength(2);
    });

    it('without q: records behind the cursor being deleted neither end the walk early nor leave it hanging', async () => {
      await reset();
      const original = base.map((d) => d.designer.id);
      const deleted = new Set<string>();
      const { seen, last } = await liveWalk({ limit: 7 }, async (_n, seenSoFar) => {
        // Delete two records the walk has already passed.
        const victims = [...seenSoFar].filter((id) => !deleted.has(id)).slice(0, 2);
        const result = await live.writer.bulk(
          victims.map((id) => ({ op: 'delete' as const, id, version: 100 })),
          live.names.designers,
        );
        expect(result.failed).toEqual([]);
        victims.forEach((id) => deleted.add(id));
        await live.manager.refresh();
      });
      expect(deleted.size).toBeGreaterThan(0);
      expect(seen).toEqual(expect.arrayContaining(original));
      expect(seen).toHaveLength(original.length);
      expect(last.meta.has_more).toBe(false);
    });

    it('without q: records added before the cursor do not leave a last page that claims more', async () => {
      await reset();
      const original = new Set(base.map((d) => d.designer.id));
      const { seen, last } = await liveWalk({ limit: 10 }, async () => {
        await live.load({
          designers: [designer({ slug: `ahead-${++counter}`, listed_at: '2031-01-01T00:00:00.000Z' })],
        });
      });
      expect(new Set(seen)).toEqual(original);
      expect(seen).toHaveLength(original.size);
      expect(last.data.length).toBeGreaterThan(0);
      expect(last.meta).toMatchObject({ has_more: false, next_cursor: null });
    });
  });

  describe('cursor and window errors', () => {
    it('a cursor from another query is a 400 naming cursor', async () => {
      const first = await page({ category: 'brand', limit: 2 });
      const body = await fail({ category: 'product', limit: 2, cursor: first.meta.next_cursor! });
      expect(body.details).toEqual([{ parameter: 'cursor', message: expect.stringMatching(/different query/) }]);
      expect(body.error).toMatch(/cursor/);
    });

    it('a cursor of the designers is refused by open roles, and garbage is refused', async () => {
      const first = await page({ limit: 2 });
      const other = await fail({ limit: 2, cursor: first.meta.next_cursor! }, '/api/v1/open-roles');
      expect(other.details?.[0]?.parameter).toBe('cursor');
      const garbage = await fail({ cursor: 'bm90IGEgY3Vyc29y' });
      expect(garbage.details).toEqual([{ parameter: 'cursor', message: expect.stringMatching(/not a valid cursor/) }]);
    });

    it('offset together with cursor is a 400 naming offset', async () => {
      const first = await page({ limit: 2 });
      const body = await fail({ limit: 2, offset: 2, cursor: first.meta.next_cursor! });
      expect(body.details).toEqual([{ parameter: 'offset', message: expect.stringMatching(/cursor/) }]);
    });

    it('offset+limit past 10000 is a 400 that points to the cursor', async () => {
      const body = await fail({ offset: 9990, limit: 20 });
      expect(body.details).toEqual([{ parameter: 'offset', message: expect.stringMatching(/10000.*cursor/) }]);
      // The clamped limit counts: 9901 + 100 > 10000.
      expect((await fail({ offset: 9901, limit: 500 })).details?.[0]?.parameter).toBe('offset');
      // Exactly at the window is allowed (and past the data, so empty).
      const edge = await page({ offset: 9900, limit: 100 });
      expect(edge.data).toEqual([]);
      expect(edge.meta).toMatchObject({ total: TOTAL, offset: 9900, limit: 100, has_more: false });
      expect((await page({ offset: 9950 })).meta.limit).toBe(50);
    });
  });
});
