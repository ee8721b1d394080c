import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReindexProgress } from '../../shared/ingest/jobs/maintenance-job.schema.ts';
import { reindex, type ReindexPhase } from '../../shared/ingest/jobs/reindex.job.ts';
import { ingestPorts } from '../../shared/ingest/runtime/ingest-ports.ts';
import type { IngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import { requireServices } from '../support/services.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

class SimulatedCrash extends Error {}

describe.skipIf(!services)('reindex: a full rebuild without downtime and without losing changes', () => {
  let h: IngestHarness;
  let worker: IngestWorker;

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'reindex');
    await h.insertDesigners(600);
    for (let i = 0; i < 15; i += 1) await h.insertOpenRole();
    worker = await h.startWorker();
    await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, { timeoutMs: 60_000, what: 'initial sync' });
  });

  afterAll(async () => {
    await h?.cleanup();
  });

  async function drained(): Promise<void> {
    await waitFor(
      async () => {
        const backlog = await worker.context.changeLog.backlog();
        const c = await worker.context.queues.sync.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return backlog.count === 0 && Object.values(c).every((n) => n === 0);
      },
      { what: 'outbox and queue to drain' },
    );
  }

  async function expectInStep(): Promise<void> {
    await drained();
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
    expect(await h.diffStoreAndIndex('openRoles')).toEqual([]);
  }

  /** Edits, deletes, unpublishes and inserts a few rows, as curators would while a rebuild runs. */
  async function churn(tag: string, order: 'random' | 'id' = 'random'): Promise<void> {
    const { rows } = await h.db.query<{ id: string }>(
      `SELECT id FROM designers WHERE status = 'published' AND opted_in ORDER BY ${order === 'id' ? 'id' : 'random()'} LIMIT 4`,
    );
    await h.updateDesigner(rows[0]!.id, { name: `Renamed during ${tag}` });
    await h.deleteDesigner(rows[1]!.id);
    await h.updateDesigner(rows[2]!.id, { status: 'hidden' });
    await h.updateDesigner(rows[3]!.id, { opted_in: false });
    await h.insertDesigner({ name: `Inserted during ${tag}` });
    await h.insertOpenRole({ title: `Opened during ${tag}` });
  }

  it('rebuilds into a new index, swaps the alias, keeps the previous one, and loses no concurrent change', async () => {
    const before = { designers: await h.manager.currentIndex('designers'), openRoles: await h.manager.currentIndex('openRoles') };
    // With the sync queue paused, only the rebuild writes: the new index must be right on its own,
    // from the stream and the replays of the changes committed after its snapshot.
    await worker.context.queues.sync.pause();
    const progress: ReindexProgress[] = [];
    let midStream: Promise<void> | null = null;
    const result = await reindex(ingestPorts(worker.context), 'all', {
      pageSize: 100,
      progressEveryMs: 0,
      onProgress: (p) => {
        progress.push(p);
        // Rows the stream has already read (lowest ids) change while it reads on.
        if (!midStream && p.kind === 'designers' && p.phase === 'loading' && p.done >= 200) midStream = churn('streaming', 'id');
      },
      // And at every later stage: after the load, between the replay and the swap, after the swap.
      onPhase: async (kind, phase) => {
        if (kind !== 'designers') return;
        if (phase === 'replaying') await midStream;
        if (phase === 'replaying' || phase === 'swapping' || phase === 'catching-up') await churn(phase);
      },
    });
    expect(midStream).not.toBeNull();
    const paused = { designers: await h.diffStoreAndIndex('designers'), openRoles: await h.diffStoreAndIndex('openRoles') };
    await worker.context.queues.sync.resume();
    expect(paused).toEqual({ designers: [], openRoles: [] });

    expect(result.kinds.map((k) => k.kind)).toEqual(['designers', 'openRoles']);
    for (const k of result.kinds) {
      expect(k.previous).toBe(before[k.kind]);
      expect(k.index).not.toBe(before[k.kind]);
      expect(await h.manager.currentIndex(k.kind)).toBe(k.index);
    }
    expect(result.kinds[0]!.replayed).toBeGreaterThanOrEqual(15);
    const loading = progress.filter((p) => p.phase === 'loading' && p.kind === 'designers');
    expect(loading.length).toBeGreaterThan(1);
    expect(loading.at(-1)!.done).toBeGreaterThan(loading[0]!.done);
    expect(progress.at(-1)).toMatchObject({ phase: 'done' });
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);
    expect(progress.at(-1)!.rate).toBeGreaterThan(0);
    await expectInStep();

    // A second rebuild keeps the first one's index for rollback and prunes the original.
    const second = await reindex(ingestPorts(worker.context), 'designers');
    expect(second.kinds[0]!.previous).toBe(result.kinds[0]!.index);
    expect(second.kinds[0]!.pruned).toEqual([before.designers]);
    expect((await h.manager.listVersions('designers')).map((v) => v.index)).toEqual([result.kinds[0]!.index, second.kinds[0]!.index]);
    await expectInStep();
  });

  for (const crashAt of ['loading', 'replaying', 'swapping', 'catching-up'] as ReindexPhase[]) {
    it(`never leaves the alias on a partial index when the rebuild dies at "${crashAt}", and a new run completes it`, async () => {
      const aliasBefore = await h.manager.currentIndex('designers');
      await expect(
        reindex(ingestPorts(worker.context), 'designers', {
          pageSize: 100,
          onPhase: async (_kind, phase) => {
            if (phase === 'loading') await churn(`crash-${crashAt}`);
            if (phase === crashAt) throw new SimulatedCrash(`died at ${crashAt}`);
          },
        }),
      ).rejects.toBeInstanceOf(SimulatedCrash);

      const aliasAfter = await h.manager.currentIndex('designers');
      if (crashAt === 'catching-up') {
        // Died right after the swap: the alias is on the new, fully loaded index.
        expect(aliasAfter).not.toBe(aliasBefore);
      } else {
        // Died before the swap: the alias never moved, and the sync jobs kept the old index current.
        expect(aliasAfter).toBe(aliasBefore);
        await expectInStep();
      }
      expect((await h.allDocs('designers')).size).toBeGreaterThan(500);

      const rerun = await reindex(ingestPorts(worker.context), 'designers');
      expect(await h.manager.currentIndex('designers')).toBe(rerun.kinds[0]!.index);
      // Only the new index and the one it replaced remain: the dead run's index was pruned.
      expect((await h.manager.listVersions('designers')).map((v) => v.index)).toEqual(
        [rerun.kinds[0]!.previous, rerun.kinds[0]!.index].sort((a, b) => Number(a!.split('_v')[1]) - Number(b!.split('_v')[1])),
      );
      await expectInStep();
    });
  }
});
