import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designer } from '../../shared/domain/designer.schema.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { generateSampleDirectory } from '../../shared/sample/sample-directory.ts';
import { requireServices } from '../support/services.ts';
import { appDeps, type ErrorBody, type ListBody, PUBLIC_BASE_URL, query, ReadPathFixture, RunningApp } from './read-path.harness.ts';

const services = requireServices('elasticsearch');

const MAX_OPEN = 3;

describe.skipIf(!services)('open Elasticsearch points in time stay bounded', () => {
  let fx: ReadPathFixture;
  let app: RunningApp;
  let search: ElasticsearchSearchRepository;

  beforeAll(async () => {
    fx = await ReadPathFixture.create(services!.elasticsearch, 'pit_bound');
    await fx.load({
      designers: generateSampleDirectory({ publicBaseUrl: PUBLIC_BASE_URL, designers: 80, openRoles: 0, seed: 5 }).designers,
    });
    search = new ElasticsearchSearchRepository(fx.client, fx.names, { maxOpenPits: MAX_OPEN });
    app = await RunningApp.start(appDeps(search));
  });

  afterAll(async () => {
    await app?.close();
    await fx?.dispose();
  });

  /** Search contexts the cluster holds open on this suite's indices (points in time included). */
  async function openContexts(): Promise<number> {
    const stats = await fx.client.indices.stats({ index: `${fx.names.designers}*`, metric: 'search' });
    return stats._all.total?.search?.open_contexts ?? 0;
  }

  async function get(params: Record<string, string | number | undefined>) {
    return app.get<ListBody<Designer> & ErrorBody>(`/api/v1/designers${query(params)}`);
  }

  async function walkToEnd(cursor: string, seen: string[]): Promise<void> {
    for (let next: string | null = cursor; next; ) {
      const response = await get({ q: 'designer', limit: 7, cursor: next });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      seen.push(...response.body.data.map((d) => d.id));
      next = response.body.meta.next_cursor;
    }
  }

  it('first pages of many q searches open no point in time, though each returns a cursor', async () => {
    const before = await openContexts();
    for (let round = 0; round < 10; round++) {
      const pages = await Promise.all(Array.from({ length: 20 }, () => get({ q: 'designer', limit: 5 })));
      for (const p of pages) {
        expect(p.status).toBe(200);
        expect(p.body.meta.next_cursor).not.toBeNull();
      }
    }
    expect(await openContexts()).toBe(before);
    expect(search.openPits()).toBe(0);
  });

  it('following cursors opens at most the configured number; past it a 503 whose cursor works later', async () => {
    const baseline = await openContexts();
    const firsts = await Promise.all(Array.from({ length: MAX_OPEN + 2 }, () => get({ q: 'designer', limit: 7 })));
    const cursors = firsts.map((f) => f.body.meta.next_cursor!);

    // Abandoned walks: one page past the first, each holds a point in time.
    const seconds: (ListBody<Designer> & ErrorBody)[] = [];
    for (const cursor of cursors.slice(0, MAX_OPEN)) {
      const second = await get({ q: 'designer', limit: 7, cursor });
      expect(second.status).toBe(200);
      seconds.push(second.body);
    }
    expect(await openContexts()).toBe(baseline + MAX_OPEN);

    const refused = await get({ q: 'designer', limit: 7, cursor: cursors[MAX_OPEN]! });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.body.success).toBe(false);
    expect(await openContexts()).toBe(baseline + MAX_OPEN);

    // A walk that reaches its last page closes its point in time, freeing a slot for the refused cursor.
    const firstOfWalk = firsts[MAX_OPEN + 1]!.body.data.map((d) => d.id);
    await walkToEnd(seconds[0]!.meta.next_cursor!, []);
    expect(await openContexts()).toBe(baseline + MAX_OPEN - 1);

    const seen = [...firstOfWalk];
    await walkToEnd(cursors[MAX_OPEN + 1]!, seen);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(firsts[0]!.body.meta.total);
    expect(await openContexts()).toBe(baseline + MAX_OPEN - 1);

    const retried = await get({ q: 'designer', limit: 7, cursor: cursors[MAX_OPEN]! });
    expect(retried.status).toBe(200);
    expect(await openContexts()).toBe(baseline + MAX_OPEN);
  });

  it('under many concurrent walks the open contexts never pass the bound', async () => {
    // A repository of its own, so the walks abandoned above do not count against this bound.
    const bounded = new ElasticsearchSearchRepository(fx.client, fx.names, { maxOpenPits: 2 });
    const other = await RunningApp.start(appDeps(bounded));
    try {
      const before = await openContexts();
      let peak = 0;
      let refusals = 0;
      // First pages read the live index (each holds a context only while it runs); the walks that follow
      // read through points in time, which add no context of their own beyond the point in time.
      const firsts = await Promise.all(
        Array.from({ length: 12 }, () => other.get<ListBody<Designer>>(`/api/v1/designers${query({ q: 'designer', limit: 10 })}`)),
      );
      const walks = firsts.map(async (first) => {
        let cursor = first.body.meta.next_cursor;
        while (cursor) {
          const r = await other.get<ListBody<Designer>>(`/api/v1/designers${query({ q: 'designer', limit: 10, cursor })}`);
          if (r.status === 503) {
            refusals++;
            await new Promise((resolve) => setTimeout(resolve, 20));
            continue;
          }
          expect(r.status).toBe(200);
          peak = Math.max(peak, bounded.openPits());
          cursor = r.body.meta.next_cursor;
        }
      });
      const sampler = (async () => {
        for (let i = 0; i < 20; i++) {
          peak = Math.max(peak, (await openContexts()) - before);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      await Promise.all([...walks, sampler]);
      expect(peak).toBeLessThanOrEqual(2);
      expect(refusals).toBeGreaterThan(0);
      expect(await openContexts()).toBe(before);
      expect(bounded.openPits()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
