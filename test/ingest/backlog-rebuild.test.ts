import { afterEach, describe, expect, it } from 'vitest';
import { JOB_NAMES } from '../../shared/ingest/jobs/ingest-job-names.ts';
import { type ReindexPhase, reindex } from '../../shared/ingest/jobs/reindex.job.ts';
import { ReindexJobSchema } from '../../shared/ingest/jobs/maintenance-job.schema.ts';
import { ChangeLogRepository } from '../../shared/ingest/outbox/change-log.repository.ts';
import { createIngestWorker, type IngestWorkerOptions } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import { ingestPorts } from '../../shared/ingest/runtime/ingest-ports.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { createJobHandlers } from '../../services/ingest-worker/job-handlers.ts';
import { requireServices } from '../support/services.ts';
import { completedJobs, IngestHarness, TEST_WORKER_OPTIONS, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

/** Small enough to run in seconds: claims of 20 changes, and a backlog of 100 counts as large. */
const OPTIONS: Partial<IngestWorkerOptions> = {
  ...TEST_WORKER_OPTIONS,
  relay: { ...TEST_WORKER_OPTIONS.relay, batchSize: 20, burstCheckMs: 0 },
  rebuildMinChanges: 100,
};

async function unprocessed(h: IngestHarness): Promise<number> {
  const { rows } = await h.db.query<{ n: string }>(`SELECT count(*) AS n FROM change_log WHERE processed_at IS NULL`);
  return Number(rows[0]!.n);
}

/** A worker whose rebuilds stop at `held` (the first time) until released. */
function heldWorker(world: IngestHarness, held: ReindexPhase) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached!: () => void;
  const atPhase = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const config = world.config();
  const worker = createIngestWorker({
    config,
    logger: createLogger(config.LOG_LEVEL, 'backlog-rebuild-test'),
    handlers: (ctx) => ({
      ...createJobHandlers(ctx),
      [JOB_NAMES.reindex]: (job, signal) =>
        reindex(ingestPorts(ctx), ReindexJobSchema.parse(job.data).target, {
          ...(signal ? { signal } : {}),
          onPhase: async (_kind, phase) => {
            if (phase !== held) return;
            reached();
            await gate;
          },
        }),
    }),
    options: OPTIONS,
  });
  return { worker, atPhase, release };
}

describe.skipIf(!services)('a backlog as large as the index goes to one rebuild', () => {
  let h: IngestHarness | undefined;

  afterEach(async () => {
    await h?.cleanup();
    h = undefined;
  });

  it('hands over all of an entity backlog only past the bound, and a failing enqueue marks nothing', async () => {
    h = await IngestHarness.create(services!, 'backlog_handover');
    await h.insertDesigners(50);
    await h.insertOpenRole();
    const changeLog = new ChangeLogRepository(h.db);
    let enqueued = 0;
    const enqueue = async () => {
      enqueued += 1;
    };

    expect(await changeLog.handOverBacklog('designer', 51, enqueue)).toBe(0);
    expect(enqueued).toBe(0);
    expect(await unprocessed(h)).toBe(51);

    await expect(
      changeLog.handOverBacklog('designer', 10, async () => {
        throw new Error('Redis is down');
      }),
    ).rejects.toThrow('Redis is down');
    expect(await unprocessed(h)).toBe(51);

    expect(await changeLog.handOverBacklog('designer', 50, enqueue)).toBe(50);
    expect(enqueued).toBe(1);
    // The open role's change is another kind's backlog: left to the claims.
    const { rows } = await h.db.query<{ entity: string }>(`SELECT entity FROM change_log WHERE processed_at IS NULL`);
    expect(rows.map((r) => r.entity)).toEqual(['open_role']);

    // Held between marking and enqueuing: a change committed meanwhile is not marked, it stays for the
    // claims (and the rebuild, queued after it committed, would see it too).
    await h.insertDesigners(40);
    let resume!: () => void;
    let held!: () => void;
    const isHeld = new Promise<void>((r) => (held = r));
    const handing = changeLog.handOverBacklog('designer', 40, async () => {
      held();
      await new Promise<void>((r) => (resume = r));
    });
    await isHeld;
    const during = await h.insertDesigner({ name: 'Committed During The Hand-over' });
    resume();
    expect(await handing).toBe(40);
    const { rows: left } = await h.db.query<{ entity_id: string }>(`SELECT entity_id FROM change_log WHERE processed_at IS NULL AND entity = 'designer'`);
    expect(left.map((r) => r.entity_id)).toEqual([during]);
    await h.db.query(`UPDATE change_log SET processed_at = now() WHERE processed_at IS NULL AND entity = 'designer'`);

    // Two relays weighing one backlog at once hand it to one rebuild between them.
    await h.insertDesigners(60);
    enqueued = 0;
    const both = await Promise.all([changeLog.handOverBacklog('designer', 30, enqueue), changeLog.handOverBacklog('designer', 30, enqueue)]);
    expect(both.sort((a, b) => a - b)).toEqual([0, 60]);
    expect(enqueued).toBe(1);
  });

  it('a first load (a filled store, an empty index) is synced by one rebuild, and a later burst smaller than the index by the claims', async () => {
    h = await IngestHarness.create(services!, 'backlog_first_load');
    await h.insertDesigners(300, 'First');
    const worker = await h.startWorker({}, OPTIONS);

    await waitFor(async () => (await completedJobs(worker, JOB_NAMES.reindex)) === 1, { what: 'the rebuild', timeoutMs: 60_000 });
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
    expect(await unprocessed(h)).toBe(0);
    // Only the first claim (20 changes, one job per row below the batch threshold) went through row jobs.
    expect(await completedJobs(worker, JOB_NAMES.syncDesigner)).toBeLessThanOrEqual(20);
    expect(await completedJobs(worker, JOB_NAMES.syncBatch)).toBe(0);

    // 150 changes: past the bound of 100, but fewer than the 300 documents the index holds.
    const rowJobsBefore = await completedJobs(worker, JOB_NAMES.syncDesigner);
    await h.insertDesigners(150, 'Later');
    await waitFor(async () => (await h!.diffStoreAndIndex('designers')).length === 0, { what: 'the burst in the index', timeoutMs: 60_000 });
    expect(await completedJobs(worker, JOB_NAMES.reindex)).toBe(1);
    // Claims of 20 are below the batch threshold: one job per row.
    expect((await completedJobs(worker, JOB_NAMES.syncDesigner)) - rowJobsBefore).toBeGreaterThanOrEqual(150);
  });

  // The rebuild is held at each of its steps while the store changes: inserts, edits, deletes, an
  // unpublish and an opt-out, made after the backlog was handed over and so relayed as usual.
  it.each<ReindexPhase>(['loading', 'replaying', 'swapping', 'catching-up'])(
    'changes made while the rebuild is held at %s are in the index once it is done',
    async (held) => {
      h = await IngestHarness.create(services!, `backlog_held_${held.replace('-', '_')}`);
      const world = h;
      await world.insertDesigners(200, 'Held');
      const { worker, atPhase, release } = heldWorker(world, held);
      await worker.start();
      try {
        await atPhase;
        const { rows } = await world.db.query<{ id: string }>(`SELECT id FROM designers ORDER BY id LIMIT 4`);
        const [edited, deleted, unpublished, optedOut] = rows.map((r) => r.id) as [string, string, string, string];
        await world.updateDesigner(edited, { name: 'Edited While Held' });
        await world.deleteDesigner(deleted);
        await world.updateDesigner(unpublished, { status: 'draft' });
        await world.updateDesigner(optedOut, { opted_in: false });
        const inserted = await world.insertDesigner({ name: 'Inserted While Held' });
        release();

        await waitFor(async () => (await completedJobs(worker, JOB_NAMES.reindex)) === 1, { what: 'the rebuild', timeoutMs: 60_000 });
        await waitFor(async () => (await world.diffStoreAndIndex('designers')).length === 0, { what: 'store and index equal', timeoutMs: 30_000 });
        expect((await world.getDoc('designers', edited))?.source).toMatchObject({ designer: { name: 'Edited While Held' } });
        expect(await world.getDoc('designers', deleted)).toBeNull();
        expect(await world.getDoc('designers', unpublished)).toBeNull();
        expect(await world.getDoc('designers', optedOut)).toBeNull();
        expect(await world.getDoc('designers', inserted)).not.toBeNull();
      } finally {
        release();
        await worker.stop(5000);
      }
    },
    90_000,
  );

  it('a hand-over rebuild joins one still waiting, and runs once more after one already running', async () => {
    h = await IngestHarness.create(services!, 'backlog_dedup');
    const { worker, atPhase, release } = heldWorker(h, 'loading');
    try {
      // Not started yet: the first rebuild waits, so a second hand-over joins it.
      const first = await worker.context.queues.enqueueBacklogRebuild('designers');
      expect(await worker.context.queues.enqueueBacklogRebuild('designers')).toBe(first);
      await worker.start();
      await atPhase;
      // Running, its snapshot taken: a hand-over now needs a rebuild of its own, after this one.
      await worker.context.queues.enqueueBacklogRebuild('designers');
      release();
      await waitFor(async () => (await completedJobs(worker, JOB_NAMES.reindex)) === 2, { what: 'two rebuilds', timeoutMs: 60_000 });
    } finally {
      release();
      await worker.stop(5000);
    }
  });
});
