import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designer, IndexedDesigner } from '../../shared/domain/designer.schema.ts';
import { generateSampleDirectory } from '../../shared/sample/sample-directory.ts';
import { CursorCodec } from '../../shared/search/cursor.codec.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { requireServices } from '../support/services.ts';
import { appDeps, designer, type ErrorBody, type ListBody, PUBLIC_BASE_URL, query, ReadPathFixture, RunningApp } from './read-path.harness.ts';

const services = requireServices('elasticsearch');

/**
 * Two API replicas behind a load balancer without sticky sessions: separate processes as far as the walk can
 * tell (each its own repository and snapshot pool), one index, one cursor secret. CI size by default;
 * `REPLICA_WALK_DESIGNERS=3000 REPLICA_WALK_PAGE=100` walks at the size the problem was first seen at.
 */
const DESIGNERS = Number(process.env.REPLICA_WALK_DESIGNERS ?? 200);
const PAGE = Number(process.env.REPLICA_WALK_PAGE ?? 10);
/** Designers written and deleted between two pages. */
const CHURN = Math.max(2, Math.round(PAGE / 4));
const Q = 'design';
const SECRET = 'replica-walk-test-secret-shared-by-both-replicas';

type Page = ListBody<Designer> & ErrorBody;

describe.skipIf(!services)('a cursor walk alternating two API replicas', () => {
  let fx: ReadPathFixture;
  let replicas: { search: ElasticsearchSearchRepository; app: RunningApp }[];

  beforeAll(async () => {
    fx = await ReadPathFixture.create(services!.elasticsearch, 'replica_walk');
    await fx.load({
      designers: generateSampleDirectory({ publicBaseUrl: PUBLIC_BASE_URL, designers: DESIGNERS, openRoles: 0, seed: 32 }).designers,
    });
    replicas = await Promise.all(
      [0, 1].map(async () => {
        const search = new ElasticsearchSearchRepository(fx.client, fx.names, { cursors: new CursorCodec(SECRET) });
        return { search, app: await RunningApp.start(appDeps(search)) };
      }),
    );
  });

  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.app.close();
    await fx?.dispose();
  });

  /** Search contexts the cluster holds open on this suite's designer index (snapshots included). */
  async function openContexts(): Promise<number> {
    const stats = await fx.client.indices.stats({ index: `${fx.names.designers}*`, metric: 'search' });
    return stats._all.total?.search?.open_contexts ?? 0;
  }

  const get = (replica: number, params: Record<string, string | number | undefined>) =>
    replicas[replica]!.app.get<Page>(`/api/v1/designers${query(params)}`);

  /** Every id matching q now, by offset pages on one replica (no cursor, no snapshot). */
  async function matchingNow(): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let offset = 0; ; offset += 100) {
      const page = await get(0, { q: Q, limit: 100, offset });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      page.body.data.forEach((d) => ids.add(d.id));
      if (!page.body.meta.has_more) return ids;
    }
  }

  let added = 0;
  /** New designers whose every field says "design": they rank above the records the walk has not reached. */
  function newcomers(count: number): IndexedDesigner[] {
    return Array.from({ length: count }, () =>
      designer({
        slug: `design-newcomer-${++added}`,
        name: `Design Studio ${added}`,
        description: 'Design, design and design: product design, brand design, design systems.',
        category: 'product',
      }),
    );
  }

  it('serves every record that existed at its start and survived it exactly once, and leaves no snapshot open', async () => {
    const baseline = await openContexts();
    const atStart = await matchingNow();
    expect(atStart.size).toBeGreaterThan(PAGE * 6);

    const served: string[] = [];
    const deleted = new Set<string>();
    let peak = 0;
    let cursor: string | undefined;
    let pages = 0;
    for (let replica = 0; ; replica = 1 - replica) {
      const page = await get(replica, { q: Q, limit: PAGE, cursor });
      expect(page.status, `page ${pages} on replica ${replica}: ${JSON.stringify(page.body)}`).toBe(200);
      pages++;
      served.push(...page.body.data.map((d) => d.id));
      peak = Math.max(peak, (await openContexts()) - baseline);
      if (!page.body.meta.next_cursor) break;
      // From the second page on, the replica serving a page counts the walk's one snapshot as its own,
      // against its bound and its client's share, whichever replica opened it.
      if (pages > 1) expect(replicas[replica]!.search.openSnapshots(), `page ${pages} on replica ${replica}`).toBe(1);
      cursor = page.body.meta.next_cursor;
      if (pages > atStart.size) throw new Error('the walk did not end');

      // Between pages, as other writers would: new designers that rank first, and deletions both behind the
      // walk (records it served) and ahead of it (records it has yet to reach).
      const servedSoFar = new Set(served);
      const alive = [...atStart].filter((id) => !deleted.has(id));
      const behind = alive.filter((id) => servedSoFar.has(id)).slice(0, CHURN);
      const ahead = alive.filter((id) => !servedSoFar.has(id)).slice(-CHURN);
      const removal = await fx.writer.bulk(
        [...behind, ...ahead].map((id) => ({ op: 'delete' as const, id, version: 1_000 })),
        fx.names.designers,
      );
      expect(removal.failed).toEqual([]);
      [...behind, ...ahead].forEach((id) => deleted.add(id));
      await fx.load({ designers: newcomers(CHURN) });
    }

    const survivors = [...atStart].filter((id) => !deleted.has(id));
    const counts = new Map<string, number>();
    for (const id of served) counts.set(id, (counts.get(id) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    const never = survivors.filter((id) => !counts.has(id));
    expect(pages).toBeGreaterThan(4);
    expect(deleted.size).toBeGreaterThan(0);
    const figures = `${pages} pages, ${atStart.size} matches at the start, ${deleted.size} deleted and ${added} added during the walk`;
    expect({ twice: twice.length, never: never.length }, figures).toEqual({ twice: 0, never: 0 });
    expect(survivors.every((id) => counts.get(id) === 1)).toBe(true);

    // One snapshot for the whole walk, whichever replica served each page, closed by the one that served the last.
    expect(peak, `snapshots open at once during the walk (${figures})`).toBeLessThanOrEqual(1);
    expect(await openContexts(), 'snapshots left open after the walk').toBe(baseline);
    const lastReplica = (pages - 1) % 2;
    expect(replicas[lastReplica]!.search.openSnapshots()).toBe(0);
  });

  it('a snapshot taken in from another replica counts against the client\'s share there: the cluster holds no more than the share', async () => {
    const SHARE = 2;
    const shared = await Promise.all(
      [0, 1].map(async () => {
        const search = new ElasticsearchSearchRepository(fx.client, fx.names, { cursors: new CursorCodec(SECRET), maxOpenSnapshotsPerClient: SHARE });
        return { search, app: await RunningApp.start(appDeps(search)) };
      }),
    );
    const [a, b] = shared as [(typeof shared)[0], (typeof shared)[0]];
    const on = (replica: typeof a, params: Record<string, string | number | undefined>) => replica.app.get<Page>(`/api/v1/designers${query(params)}`);
    try {
      const baseline = await openContexts();
      // Three walks of one client: the second page on B (which opens the snapshot), the third on A (which takes it in).
      const thirds: Page[] = [];
      for (let i = 0; i < 3; i++) {
        const limit = 5 + i;
        const first = await on(a, { q: Q, limit });
        const second = await on(b, { q: Q, limit, cursor: first.body.meta.next_cursor! });
        const third = await on(a, { q: Q, limit, cursor: second.body.meta.next_cursor! });
        expect([second.status, third.status]).toEqual([200, 200]);
        thirds.push(third.body);
      }
      expect(a.search.openSnapshots()).toBe(SHARE);
      expect(b.search.openSnapshots()).toBe(SHARE);
      expect((await openContexts()) - baseline).toBe(SHARE);

      // Each walk still ends (the one whose snapshot was given up goes on by position), and every snapshot closes.
      for (const [i, third] of thirds.entries()) {
        let cursor = third.meta.next_cursor;
        for (let n = 0; cursor; n++) {
          const page = await on(n % 2 ? a : b, { q: Q, limit: 5 + i, cursor });
          expect(page.status, JSON.stringify(page.body)).toBe(200);
          cursor = page.body.meta.next_cursor;
        }
      }
      expect(await openContexts()).toBe(baseline);
    } finally {
      for (const replica of shared) await replica.app.close();
    }
  });

  it('a cursor signed with another secret (a replica configured apart) is a 400 naming the cursor', async () => {
    const stranger = new ElasticsearchSearchRepository(fx.client, fx.names, { cursors: new CursorCodec('a-different-secret-of-another-deployment') });
    const app = await RunningApp.start(appDeps(stranger));
    try {
      const first = await get(0, { q: Q, limit: PAGE });
      const second = await get(1, { q: Q, limit: PAGE, cursor: first.body.meta.next_cursor! });
      expect(second.status).toBe(200);
      const before = await openContexts();
      const refused = await app.get<ErrorBody>(`/api/v1/designers${query({ q: Q, limit: PAGE, cursor: second.body.meta.next_cursor! })}`);
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([{ parameter: 'cursor', message: expect.stringMatching(/not a valid cursor/) }]);
      expect(stranger.openSnapshots()).toBe(0);
      expect(await openContexts()).toBe(before);
      // The walk goes on where the secret is shared.
      expect((await get(0, { q: Q, limit: PAGE, cursor: second.body.meta.next_cursor! })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
