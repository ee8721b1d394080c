import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Designer } from '../../shared/domain/designer.schema.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { generateSampleDirectory } from '../../shared/sample/sample-directory.ts';
import { requireServices } from '../support/services.ts';
import { mcpMounts } from '../../services/api/mcp/mcp.mount.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { type Cursor, CursorCodec } from '../../shared/search/cursor.codec.ts';
import { appDeps, cursorPayload, type ErrorBody, type ListBody, PUBLIC_BASE_URL, query, ReadPathFixture, RunningApp } from './read-path.harness.ts';

const services = requireServices('elasticsearch');

const MAX_OPEN = 3;
/** The secret of this suite's replicas: a test signs a cursor with it to reach the checks behind the signature. */
const cursors = new CursorCodec('snapshot-bound-test-secret-of-this-suite-only');

describe.skipIf(!services)('open Elasticsearch snapshots stay bounded', () => {
  let fx: ReadPathFixture;
  let app: RunningApp;
  let search: ElasticsearchSearchRepository;

  beforeAll(async () => {
    fx = await ReadPathFixture.create(services!.elasticsearch, 'pit_bound');
    await fx.load({
      designers: generateSampleDirectory({ publicBaseUrl: PUBLIC_BASE_URL, designers: 80, openRoles: 0, seed: 5 }).designers,
    });
    search = new ElasticsearchSearchRepository(fx.client, fx.names, { maxOpenSnapshots: MAX_OPEN, cursors });
    app = await RunningApp.start(appDeps(search));
  });

  afterAll(async () => {
    await app?.close();
    await fx?.dispose();
  });

  /** Search contexts the cluster holds open on this suite's indices (snapshots included). */
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

  it('first pages of many q searches open no snapshot, though each returns a cursor', async () => {
    const before = await openContexts();
    for (let round = 0; round < 10; round++) {
      const pages = await Promise.all(Array.from({ length: 20 }, () => get({ q: 'designer', limit: 5 })));
      for (const p of pages) {
        expect(p.status).toBe(200);
        expect(p.body.meta.next_cursor).not.toBeNull();
      }
    }
    expect(await openContexts()).toBe(before);
    expect(search.openSnapshots()).toBe(0);
  });

  it('following cursors opens at most the configured number; past it a 503 whose cursor works later', async () => {
    const baseline = await openContexts();
    // Distinct walks (a first cursor followed twice shares its snapshot: tested below).
    const firsts = await Promise.all(Array.from({ length: MAX_OPEN + 2 }, (_, i) => get({ q: 'designer', limit: 7 + i })));
    const cursors = firsts.map((f) => f.body.meta.next_cursor!);

    // Abandoned walks: one page past the first, each holds a snapshot.
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

    // A walk that reaches its last page closes its snapshot, freeing a slot for the refused cursor.
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
    const bounded = new ElasticsearchSearchRepository(fx.client, fx.names, { maxOpenSnapshots: 2 });
    const other = await RunningApp.start(appDeps(bounded));
    try {
      const before = await openContexts();
      let peak = 0;
      let refusals = 0;
      // First pages read the live index (each holds a context only while it runs); the walks that follow
      // read through snapshots, which add no context of their own beyond the snapshot.
      // Twelve distinct walks (page sizes 6 to 17): walks following the very same cursors share snapshots.
      const firsts = await Promise.all(
        Array.from({ length: 12 }, (_, i) => other.get<ListBody<Designer>>(`/api/v1/designers${query({ q: 'designer', limit: 6 + i })}`)),
      );
      const walks = firsts.map(async (first, i) => {
        let cursor = first.body.meta.next_cursor;
        while (cursor) {
          const r = await other.get<ListBody<Designer>>(`/api/v1/designers${query({ q: 'designer', limit: 6 + i, cursor })}`);
          if (r.status === 503) {
            refusals++;
            await new Promise((resolve) => setTimeout(resolve, 20));
            continue;
          }
          expect(r.status).toBe(200);
          peak = Math.max(peak, bounded.openSnapshots());
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
      expect(bounded.openSnapshots()).toBe(0);
    } finally {
      await other.close();
    }
  });

  /** An API on a repository of its own, so the walks other tests left open do not count against its bound. */
  async function ownApp() {
    const own = new ElasticsearchSearchRepository(fx.client, fx.names, { maxOpenSnapshots: MAX_OPEN });
    const running = await RunningApp.start(appDeps(own));
    onTestFinished(() => running.close());
    const get = (params: Record<string, string | number | undefined>) => running.get<ListBody<Designer> & ErrorBody>(`/api/v1/designers${query(params)}`);
    return {
      search: own,
      get,
      async walkToEnd(cursor: string) {
        for (let next: string | null = cursor; next; ) {
          const response = await get({ q: 'designer', limit: 7, cursor: next });
          expect(response.status, JSON.stringify(response.body)).toBe(200);
          next = response.body.meta.next_cursor;
        }
      },
    };
  }

  it('one first cursor replayed many times, at once and after, holds one snapshot and answers the same page', async () => {
    const own = await ownApp();
    const baseline = await openContexts();
    const snapshots = own.search.openSnapshots();
    const first = await own.get({ q: 'designer', limit: 9 });
    const cursor = first.body.meta.next_cursor!;
    const replays = await Promise.all(Array.from({ length: MAX_OPEN * 4 }, () => own.get({ q: 'designer', limit: 9, cursor })));
    replays.push(await own.get({ q: 'designer', limit: 9, cursor }));
    for (const replay of replays) {
      expect(replay.status, JSON.stringify(replay.body)).toBe(200);
      expect(replay.body.data.map((d) => d.id)).toEqual(replays[0]!.body.data.map((d) => d.id));
    }
    expect(own.search.openSnapshots()).toBe(snapshots + 1);
    expect(await openContexts()).toBe(baseline + 1);
    // Walked to its end by one of the replays, the snapshot is closed, and the others go on by position.
    await own.walkToEnd(replays[0]!.body.meta.next_cursor!);
    expect(own.search.openSnapshots()).toBe(snapshots);
    const later = await own.get({ q: 'designer', limit: 7, cursor: replays[1]!.body.meta.next_cursor! });
    expect(later.status).toBe(200);
  });

  it('a page of a walk read again after the walk ended (a retry of the last page, going back) answers that page again', async () => {
    const own = await ownApp();
    const snapshots = own.search.openSnapshots();
    const pages: (ListBody<Designer> & ErrorBody)[] = [];
    const cursors: string[] = [];
    let next: string | null = (await own.get({ q: 'designer', limit: 11 })).body.meta.next_cursor;
    while (next) {
      cursors.push(next);
      const page = await own.get({ q: 'designer', limit: 11, cursor: next });
      expect(page.status).toBe(200);
      pages.push(page.body);
      next = page.body.meta.next_cursor;
    }
    expect(pages.length).toBeGreaterThan(2);
    // The last page closed the walk's snapshot.
    expect(own.search.openSnapshots()).toBe(snapshots);
    // A page whose snapshot is gone, replayed many times at once: one new snapshot, whatever the bound.
    const replays = await Promise.all(Array.from({ length: MAX_OPEN * 3 }, () => own.get({ q: 'designer', limit: 11, cursor: cursors[1]! })));
    for (const replay of replays) {
      expect(replay.status, JSON.stringify(replay.body)).toBe(200);
      expect(replay.body.data.map((d) => d.id)).toEqual(pages[1]!.data.map((d) => d.id));
    }
    expect(own.search.openSnapshots()).toBe(snapshots + 1);
    for (const i of [pages.length - 1, 1, 0]) {
      const again = await own.get({ q: 'designer', limit: 11, cursor: cursors[i]! });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data.map((d) => d.id)).toEqual(pages[i]!.data.map((d) => d.id));
      expect(again.body.meta).toMatchObject({ total: pages[i]!.meta.total, offset: pages[i]!.meta.offset, has_more: pages[i]!.meta.has_more });
    }
    // A snapshot opened to read a page again is closed when that page is the last; the others expire.
    expect(own.search.openSnapshots()).toBeLessThanOrEqual(snapshots + 2);
  });

  it('a cursor naming a snapshot no replica opened, unsigned, never reaches Elasticsearch: a 400 naming the cursor, the other context untouched', async () => {
    const own = await ownApp();
    // Someone else's context on the cluster (another application's), on an index no designer search reads.
    const foreign = (await fx.client.openPointInTime({ index: fx.names.openRoles, keep_alive: '1m' })).id;
    onTestFinished(() => fx.client.closePointInTime({ id: foreign }).then(() => undefined, () => undefined));
    const first = await own.get({ q: 'designer', limit: 9 });
    const second = await own.get({ q: 'designer', limit: 9, cursor: first.body.meta.next_cursor! });
    const genuine = second.body.meta.next_cursor!;
    const payload = cursorPayload<{ pit: string }>(genuine);
    expect(typeof payload.pit).toBe('string');
    const signature = genuine.slice(genuine.lastIndexOf('.') + 1);
    const body = Buffer.from(JSON.stringify({ ...payload, pit: foreign })).toString('base64url');
    const searchesOfForeignIndex = async () =>
      (await fx.client.indices.stats({ index: fx.names.openRoles, metric: 'search' }))._all.total?.search?.query_total ?? 0;
    const searchesBefore = await searchesOfForeignIndex();
    const snapshots = own.search.openSnapshots();

    // Unsigned, under the genuine cursor's signature, and signed with another secret.
    for (const forged of [body, `${body}.${signature}`, new CursorCodec('some-other-secret-than-the-replicas-0123').encode({ ...payload, pit: foreign } as Cursor)]) {
      const viaForged = await own.get({ q: 'designer', limit: 9, cursor: forged });
      expect(viaForged.status, JSON.stringify(viaForged.body)).toBe(400);
      expect(viaForged.body.details).toEqual([{ parameter: 'cursor', message: expect.stringMatching(/not a valid cursor/) }]);
    }
    expect(await searchesOfForeignIndex()).toBe(searchesBefore);
    expect(own.search.openSnapshots()).toBe(snapshots);
    await expect(fx.client.search({ pit: { id: foreign }, size: 0 })).resolves.toBeDefined();
    // The genuine cursor still works.
    expect((await own.get({ q: 'designer', limit: 9, cursor: genuine })).status).toBe(200);
  });

  it('many requests following one cursor to the last page at once all answer it, and the snapshot closes after the last', async () => {
    const own = await ownApp();
    const baseline = await openContexts();
    const snapshots = own.search.openSnapshots();
    const total = (await own.get({ q: 'designer', limit: 1 })).body.meta.total;
    // Two pages in all: the page every follower asks for is the last.
    const limit = Math.ceil(total / 2);
    for (let round = 0; round < 5; round++) {
      const cursor = (await own.get({ q: 'designer', limit })).body.meta.next_cursor!;
      const followers = await Promise.all(Array.from({ length: 12 }, () => own.get({ q: 'designer', limit, cursor })));
      for (const page of followers) {
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        expect(page.body.meta.has_more).toBe(false);
        expect(page.body.data.map((d) => d.id)).toEqual(followers[0]!.body.data.map((d) => d.id));
      }
      expect(own.search.openSnapshots()).toBe(snapshots);
      expect(await openContexts()).toBe(baseline);
    }
  });

  it('a cursor placing its walk before its first record is a 400 naming the cursor', async () => {
    const first = await get({ q: 'designer', limit: 3 });
    const payload = cursorPayload<Cursor>(first.body.meta.next_cursor!);
    expect(payload.x).toHaveLength(3);
    // Signed with the replicas' secret: the check behind the signature refuses it too.
    const tampered = cursors.encode({ ...payload, o: 0 });
    const response = await get({ q: 'designer', limit: 3, cursor: tampered });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ parameter: 'cursor', message: expect.stringMatching(/not a valid cursor/) }]);
  });

  describe('one client cannot take the snapshots', () => {
    const SHARE = 2;

    /** An API behind one trusted proxy, so each request names its client in X-Forwarded-For. */
    async function proxiedApp() {
      const own = new ElasticsearchSearchRepository(fx.client, fx.names, { maxOpenSnapshots: 20, maxOpenSnapshotsPerClient: SHARE });
      const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_BASE_URL, TRUST_PROXY_HOPS: '1' });
      const logger = createLogger('silent', 'snapshot-bound-test');
      const running = await RunningApp.start(
        appDeps(own, {
          config,
          mounts: (directory) => mcpMounts({ runtime: { search: own, close: async () => undefined }, config, logger, directory }),
        }),
      );
      onTestFinished(() => running.close());
      const as = (client: string) => (params: Record<string, string | number | undefined>) =>
        running.get<ListBody<Designer> & ErrorBody>(`/api/v1/designers${query(params)}`, { 'x-forwarded-for': client });
      return { search: own, running, as };
    }

    async function walkAll(get: ReturnType<Awaited<ReturnType<typeof proxiedApp>>['as']>, limit: number, first: ListBody<Designer>, from: string) {
      const seen = first.data.map((d) => d.id);
      for (let next: string | null = from; next; ) {
        const page = await get({ q: 'designer', limit, cursor: next });
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        seen.push(...page.body.data.map((d) => d.id));
        next = page.body.meta.next_cursor;
      }
      return seen;
    }

    it('past its share a client\'s own least recently read walk goes on by position; another client\'s walk keeps its snapshot', async () => {
      const { search: own, as } = await proxiedApp();
      const baseline = await openContexts();
      const alice = as('203.0.113.1');
      const bob = as('203.0.113.2');

      // Bob begins a walk and reads its second page: one snapshot, his.
      const bobFirst = await bob({ q: 'designer', limit: 9 });
      const bobSecond = await bob({ q: 'designer', limit: 9, cursor: bobFirst.body.meta.next_cursor! });
      expect(bobSecond.status).toBe(200);
      expect(own.openSnapshotsOf('203.0.113.2')).toBe(1);

      // Alice follows the first cursors of six distinct walks: every one answers, and she never holds more than her share.
      const aliceFirsts: (ListBody<Designer> & ErrorBody)[] = [];
      const aliceSeconds: (ListBody<Designer> & ErrorBody)[] = [];
      for (let i = 0; i < 6; i++) {
        const first = await alice({ q: 'designer', limit: 5 + i });
        const second = await alice({ q: 'designer', limit: 5 + i, cursor: first.body.meta.next_cursor! });
        expect(second.status, JSON.stringify(second.body)).toBe(200);
        aliceFirsts.push(first.body);
        aliceSeconds.push(second.body);
        expect(own.openSnapshotsOf('203.0.113.1')).toBeLessThanOrEqual(SHARE);
      }
      expect(own.openSnapshotsOf('203.0.113.1')).toBe(SHARE);
      expect(own.openSnapshotsOf('203.0.113.2')).toBe(1);
      expect(await openContexts()).toBe(baseline + SHARE + 1);

      // Bob's walk read its own snapshot throughout: every record once, and closed at its end.
      const bobSeen = await walkAll(bob, 9, bobFirst.body, bobFirst.body.meta.next_cursor!);
      expect(new Set(bobSeen).size).toBe(bobSeen.length);
      expect(bobSeen).toHaveLength(bobFirst.body.meta.total);
      expect(own.openSnapshotsOf('203.0.113.2')).toBe(0);

      // Alice's first walk lost its snapshot to her later ones; it goes on by position (nothing changed, so
      // still every record once), and the walks she is reading now were not touched.
      const aliceSeen = [...aliceFirsts[0]!.data.map((d) => d.id)];
      aliceSeen.push(...(await walkAll(alice, 5, aliceSeconds[0]!, aliceSeconds[0]!.meta.next_cursor!)));
      expect(new Set(aliceSeen).size).toBe(aliceSeen.length);
      expect(aliceSeen).toHaveLength(aliceFirsts[0]!.meta.total);
      expect(own.openSnapshotsOf('203.0.113.1')).toBeLessThanOrEqual(SHARE);
      expect(await openContexts()).toBeLessThanOrEqual(baseline + SHARE);
    });

    it('IPv6 addresses of one /56 are one client, as for the rate limit', async () => {
      const { search: own, as } = await proxiedApp();
      for (let i = 0; i < 4; i++) {
        const address = `2001:db8:1:${i}::${i + 1}`;
        const first = await as(address)({ q: 'designer', limit: 4 + i });
        expect((await as(address)({ q: 'designer', limit: 4 + i, cursor: first.body.meta.next_cursor! })).status).toBe(200);
      }
      expect(own.openSnapshotsOf('2001:db8:1::/56')).toBe(SHARE);
      expect(own.openSnapshots()).toBe(SHARE);
    });

    it('the hosted MCP server and the web pages share out snapshots by client too', async () => {
      const { search: own, running, as } = await proxiedApp();
      const call = async (client: string, args: Record<string, unknown>) => {
        const response = await fetch(`${running.baseUrl}/api/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-forwarded-for': client },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_designers', arguments: args } }),
        });
        const body = (await response.json()) as { result?: { isError?: boolean; structuredContent: { next_cursor: string | null } } };
        expect(body.result, JSON.stringify(body)).toBeDefined();
        expect(body.result!.isError, JSON.stringify(body)).toBeUndefined();
        return body.result!.structuredContent;
      };
      for (let i = 0; i < 5; i++) {
        // An agent following the cursor rather than the offset the tool suggests walks a snapshot.
        const first = await call('198.51.100.7', { q: 'designer', limit: 3 + i });
        await call('198.51.100.7', { q: 'designer', limit: 3 + i, cursor: first.next_cursor! });
      }
      expect(own.openSnapshotsOf('198.51.100.7')).toBe(SHARE);
      expect(own.openSnapshots()).toBe(SHARE);

      // The web pages follow the same cursors.
      const page = (params: Record<string, string | number | undefined>) => running.raw(`/${query(params)}`, { 'x-forwarded-for': '198.51.100.8' });
      for (let i = 0; i < 4; i++) {
        const first = await as('198.51.100.8')({ q: 'designer', limit: 4 + i });
        expect((await page({ q: 'designer', limit: 4 + i, cursor: first.body.meta.next_cursor! })).status).toBe(200);
      }
      expect(own.openSnapshotsOf('198.51.100.8')).toBe(SHARE);
      expect(own.openSnapshots()).toBe(2 * SHARE);
    });
  });
});
