import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElasticsearchEngine } from '../../shared/composition/elasticsearch-engine.factory.ts';
import type { SearchEngine } from '../../shared/composition/search-engine.ts';
import { reindex } from '../../shared/ingest/jobs/reindex.job.ts';
import { ingestPorts } from '../../shared/ingest/runtime/ingest-ports.ts';
import type { IngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import type { IndexKind } from '../../shared/search/elasticsearch/index-names.ts';
import { IngestHarness, waitFor } from '../ingest/support/ingest-harness.ts';
import { requireServices } from '../support/services.ts';
import { OwnElasticsearchCluster } from './support/own-es-cluster.ts';

// Starting three nodes takes a minute or two on two cores, so the suite runs in a CI step of its own
// (ES_CLUSTER_TESTS=1 npx vitest run test/cluster). Asked to run, it fails when it cannot: a cluster
// that does not form, or Postgres or Redis missing, is a failure, never a skip.
const enabled = process.env.ES_CLUSTER_TESTS === '1';
if (!enabled) console.warn('[skip] test/cluster: set ES_CLUSTER_TESTS=1 to start a three-node Elasticsearch cluster of its own');
const DESIGNERS = Number(process.env.NODE_LOSS_DESIGNERS ?? 1000);
/** Seconds of load around each kill (a quarter before it, the rest after). */
const SECONDS = Number(process.env.NODE_LOSS_SECONDS ?? 20);
/** Nodes killed one after the other, each restarted (by services-up.sh, under load) before the next kill. */
const KILLS = Number(process.env.NODE_LOSS_KILLS ?? 1);
const SEARCHERS = 2;

/**
 * Losing any one node of a three-node cluster whose indices have one replica loses no search and no
 * write. The cluster is the suite's own (infra/services-up.sh with ES_NODES=3 on free ports); the
 * project's indices are made by its own worker and reindex with ES_INDEX_REPLICAS=1; the worker and the
 * search engine are given the three nodes as ELASTICSEARCH_URL. While curators write the store (the
 * worker syncs it) and searchers read through the search engine, the node holding the designers
 * primary is killed with SIGKILL (with NODE_LOSS_KILLS > 1, restarted and the next primary's node killed,
 * over and over). Every search must succeed, and once the pipeline drains, the store and the index must be
 * equal (ids, versions, documents). Searches get 10 s rather than the default 3 s: the machine's two cores
 * are shared with the three nodes, the worker and other suites, and a slow answer is not what is tested.
 */
describe.skipIf(!enabled)('node loss in a three-node cluster with one replica', () => {
  const services = requireServices('postgres', 'redis');
  let cluster: OwnElasticsearchCluster | undefined;
  let h: IngestHarness | undefined;
  let worker: IngestWorker;
  let engine: SearchEngine | undefined;

  beforeAll(async () => {
    if (!services) throw new Error('ES_CLUSTER_TESTS=1 needs Postgres and Redis (DATABASE_URL, REDIS_URL)');
    const started = Date.now();
    cluster = await OwnElasticsearchCluster.start(3);
    console.log(`[node-loss] three nodes formed in ${Math.round((Date.now() - started) / 1000)} s on ports ${cluster.httpPort}-${cluster.httpPort + 2}`);
    h = await IngestHarness.create({ ...services, elasticsearch: cluster.urls.join(',') }, 'node_loss');
    await h.insertDesigners(DESIGNERS);
    for (let i = 0; i < 20; i += 1) await h.insertOpenRole();
    worker = await h.startWorker({ ES_INDEX_REPLICAS: '1' });
    await waitFor(async () => (await h!.diffStoreAndIndex('designers')).length === 0, { timeoutMs: 120_000, what: 'initial sync' });
    // The live indices as a reindex leaves them: loaded without replicas, given one back, swapped in green.
    await reindex(ingestPorts(worker.context), 'all', { pageSize: 500 });
    engine = createElasticsearchEngine(h.config({ ES_INDEX_REPLICAS: '1', SEARCH_TIMEOUT_MS: '10000' }));
  }, 420_000);

  afterAll(async () => {
    await engine?.close();
    await h?.cleanup();
    await cluster?.stop();
  }, 180_000);

  async function shardCopies(kind: IndexKind): Promise<{ prirep: string; node: string; state: string }[]> {
    const index = (await h!.manager.currentIndex(kind))!;
    const rows = await h!.es.cat.shards({ index, format: 'json', h: 'prirep,node,state' });
    return rows.map((r) => ({ prirep: String(r.prirep), node: String(r.node), state: String(r.state) }));
  }

  it('kill -9 of the node holding the designers primary: 0 failed searches, 0 lost writes', async () => {
    const { rows } = await h!.db.query<{ id: string }>(`SELECT id FROM designers ORDER BY id LIMIT 200`);
    const ids = rows.map((r) => r.id);
    const stats = { searches: 0, afterKill: 0, failures: [] as string[], inserts: 0, updates: 0, deletes: 0 };
    const killed: string[] = [];
    let killedAt = 0;
    let running = true;

    const search = (i: number, n: number) =>
      i % 3 === 0
        ? engine!.search.searchDesigners({ q: 'designs things' }, { limit: 20, offset: 0 })
        : i % 3 === 1
          ? engine!.search.searchDesigners({ category: 'brand' }, { limit: 20, offset: 40 })
          : engine!.search.findDesigner({ id: ids[(i * 7 + n) % ids.length]! });
    // Each kind of search on each node once before counting: the first ones on a cold node of a starved
    // machine took over 10 s, which is no part of a node's loss.
    for (let i = 0; i < 9 * 2; i += 1) await search(i, 0).catch(() => undefined);

    const searcher = async (n: number) => {
      for (let i = 0; running; i += 1) {
        try {
          await search(i, n);
          stats.searches += 1;
          if (killedAt) stats.afterKill += 1;
        } catch (error) {
          const cause = (error as Error).cause as Error | undefined;
          const when = killedAt ? `${Date.now() - killedAt} ms after a kill` : 'before the first kill';
          stats.failures.push(`${when}: ${(error as Error).message} (${cause?.name}: ${cause?.message?.slice(0, 200)})`);
        }
      }
    };

    const curator = async () => {
      for (let i = 0; running; i += 1) {
        const pick = i % 5;
        if (pick < 2) {
          ids.push(await h!.insertDesigner({ name: `Cluster designer ${i}` }));
          stats.inserts += 1;
        } else if (pick < 4) {
          await h!.updateDesigner(ids[(i * 13) % ids.length]!, { name: `Renamed ${i}` });
          stats.updates += 1;
        } else {
          const [id] = ids.splice((i * 17) % ids.length, 1);
          await h!.deleteDesigner(id!);
          stats.deletes += 1;
        }
        await sleep(25);
      }
    };

    const load = Promise.all([...Array.from({ length: SEARCHERS }, (_, n) => searcher(n)), curator()]);
    try {
      for (let k = 0; k < KILLS; k += 1) {
        if (k > 0) await cluster!.up();
        const designersIndex = (await h!.manager.currentIndex('designers'))!;
        // A restarted node takes shards back: the primary is picked once nothing moves any more.
        const health = await h!.es.cluster.health({
          index: designersIndex,
          wait_for_status: 'green',
          wait_for_no_relocating_shards: true,
          wait_for_no_initializing_shards: true,
          timeout: '180s',
        });
        expect(health).toMatchObject({ status: 'green', timed_out: false });
        const copies = await shardCopies('designers');
        expect(copies.map((c) => c.prirep).sort()).toEqual(['p', 'r']);
        const primaryNode = copies.find((c) => c.prirep === 'p')!.node;
        const victim = [0, 1, 2].find((i) => cluster!.nodeName(i) === primaryNode);
        expect(victim, `the primary's node ${primaryNode} is one of this cluster's`).toBeDefined();
        await sleep((SECONDS * 1000) / 4);
        await cluster!.kill9(victim!);
        killedAt = Date.now();
        killed.push(primaryNode);
        const searchesBefore = stats.afterKill;
        const writesBefore = stats.inserts + stats.updates + stats.deletes;
        await sleep((SECONDS * 1000 * 3) / 4);
        // However slow the shared machine, the loss is tested under some load.
        await waitFor(async () => stats.afterKill - searchesBefore >= 30 && stats.inserts + stats.updates + stats.deletes - writesBefore >= 30, {
          timeoutMs: 120_000,
          what: '30 searches and 30 writes after the kill',
        });
      }
    } finally {
      running = false;
      await load;
    }

    // The pipeline drains into the two nodes left, then the store and the index are compared.
    await waitFor(
      async () => {
        const backlog = await worker.context.changeLog.backlog();
        const counts = await worker.context.queues.sync.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return backlog.count === 0 && Object.values(counts).every((c) => c === 0);
      },
      { timeoutMs: 120_000, what: 'outbox and queue to drain' },
    );
    const designerDiff = await h!.diffStoreAndIndex('designers');
    const roleDiff = await h!.diffStoreAndIndex('openRoles');
    const after = await shardCopies('designers');
    console.log(
      `[node-loss] killed ${killed.join(', ')} (each the designers primary's node); ${stats.searches} searches (${stats.afterKill} after the first kill), ` +
        `${stats.failures.length} failed; ${stats.inserts} inserts, ${stats.updates} updates, ${stats.deletes} deletes; ` +
        `${designerDiff.length + roleDiff.length} store/index differences; designers copies now ${JSON.stringify(after)}`,
    );

    expect(stats.failures).toEqual([]);
    expect(designerDiff).toEqual([]);
    expect(roleDiff).toEqual([]);
    expect(killed).toHaveLength(KILLS);
    // The replica on a surviving node was promoted.
    expect(after.some((c) => c.prirep === 'p' && c.state === 'STARTED' && c.node !== killed.at(-1))).toBe(true);
  }, 300_000 + KILLS * 240_000);
});
