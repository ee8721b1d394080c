import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRE_SCHEDULER_ID } from '../../shared/ingest/runtime/ingest-queues.ts';
import type { IngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import { getSyncStatus } from '../../shared/ingest/runtime/sync-status.ts';
import { OwnRedis } from '../chaos/support/own-redis.ts';
import { requireServices } from '../support/services.ts';
import { runCli } from './support/cli-process.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'elasticsearch');

/** Changes waiting in Redis when it loses its data; REDIS_LOSS_CHANGES=3000 for the full size. */
const CHANGES = Number(process.env.REDIS_LOSS_CHANGES ?? 300);
/** How long store and index may take to agree again after the loss. */
const CONVERGE_MS = 45_000 + CHANGES * 20;

/**
 * A Redis of this test's own, without persistence, loses every queued job twice: by FLUSHALL, and by a
 * kill -9 and restart. The changes waiting in it must still reach the index (ids and versions equal),
 * `status` must count them as unsynced until they do, and the expiry schedule must come back, all without
 * restarting the worker.
 */
describe.skipIf(!services)('ingest: no change lost when Redis loses its data', () => {
  let redis: OwnRedis;
  let h: IngestHarness;
  let worker: IngestWorker;
  let baseline: string[] = [];
  let round = 0;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    h = await IngestHarness.create({ ...services!, redis: redis.url }, 'redis_loss');
    worker = await h.startWorker({}, { queueCheckMs: 500 });
    await h.insertDesigners(3 * CHANGES, 'Baseline');
    await h.insertOpenRole();
    await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, { timeoutMs: CONVERGE_MS, what: 'the baseline indexed' });
    baseline = (await h.db.query<{ id: string }>(`SELECT id FROM designers ORDER BY id`)).rows.map((r) => r.id);
  });

  afterAll(async () => {
    await h?.cleanup();
    await redis?.stop();
  });

  const command = async (run: (client: Redis) => Promise<unknown>) => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      await run(client);
    } finally {
      client.disconnect();
    }
  };
  const flushAll = () => command((client) => client.flushall());

  /** CHANGES changes: half inserts, a third edits and a sixth deletes of the baseline; and one open role. */
  async function makeChanges(): Promise<void> {
    round += 1;
    const edits = Math.floor(CHANGES / 3);
    const deletes = Math.floor(CHANGES / 6);
    const targets = baseline.splice(0, edits + deletes);
    await h.insertDesigners(CHANGES - edits - deletes, `Round ${round}`);
    await h.db.query(`UPDATE designers SET name = name || ' edited' WHERE id = ANY($1::text[])`, [targets.slice(0, edits)]);
    await h.db.query(`DELETE FROM designers WHERE id = ANY($1::text[])`, [targets.slice(edits)]);
    await h.insertOpenRole();
  }

  const nothing = async () => undefined;
  it.each([
    ['FLUSHALL', nothing, flushAll],
    ['a kill -9 and restart without persistence', nothing, () => redis.restartEmpty()],
    // The snapshot holds the marker written before the changes: only the server process tells the loss.
    ['a kill -9 and restart from a snapshot saved before the changes', () => command((client) => client.save()), () => redis.restartFromLastSave()],
  ])('%s, with changes waiting in Redis: every change reaches the index, status stays honest, the schedule comes back', async (how, before, lose) => {
    const queues = worker.context.queues;
    expect(await queues.maintenance.getJobScheduler(EXPIRE_SCHEDULER_ID)).toBeTruthy();

    // The changes are handed to Redis (the outbox has none left to relay) but no job runs.
    await queues.sync.pause();
    await before();
    await makeChanges();
    await waitFor(async () => (await worker.context.changeLog.backlog()).count === 0, { timeoutMs: 30_000, what: 'the changes relayed into Redis' });
    expect(await queues.sync.count()).toBeGreaterThan(0);
    const waiting = await getSyncStatus(worker.context);
    expect(waiting.unsynced_changes.count).toBeGreaterThanOrEqual(CHANGES);

    await lose();
    await queues.sync.resume().catch(() => undefined); // gone with the data anyway

    // Right after the loss, before the worker has noticed: the changes are not in the index, and status says so.
    const lost = await getSyncStatus(worker.context);
    expect(lost.unsynced_changes.count).toBeGreaterThanOrEqual(CHANGES);
    expect(lost.unsynced_changes.oldest_age_seconds).not.toBeNull();

    // While store and index differ, status never reports 0 unsynced changes. (No change is written
    // meanwhile, so an index that differs after a status read differed at that read too.)
    const started = Date.now();
    let samples = 0;
    for (;;) {
      const status = await getSyncStatus(worker.context);
      const diff = await h.diffStoreAndIndex('designers');
      if (diff.length === 0) break;
      samples += 1;
      expect(status.unsynced_changes.count, `status while ${diff.length} documents differ (${diff[0]})`).toBeGreaterThan(0);
      if (Date.now() - started > CONVERGE_MS) throw new Error(`store and index still differ after ${CONVERGE_MS} ms: ${diff.slice(0, 5).join('; ')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(samples).toBeGreaterThan(0);
    console.log(
      `[redis-loss] ${how}: ${lost.unsynced_changes.count} unsynced right after the loss; store and index equal ` +
        `${Date.now() - started} ms later; ${samples} status reads meanwhile, none 0`,
    );
    expect(await h.diffStoreAndIndex('openRoles')).toEqual([]);

    await waitFor(async () => (await getSyncStatus(worker.context)).unsynced_changes.count === 0, { what: 'every change confirmed' });
    await waitFor(() => queues.maintenance.getJobScheduler(EXPIRE_SCHEDULER_ID), { what: 'the expiry schedule back' });
  });

  it('status from the CLI, with no worker to repair the loss yet, counts the lost changes and does not call the index in step', async () => {
    // Edits only: store and index counts stay equal, so only the unsynced changes tell the truth.
    const queues = worker.context.queues;
    await queues.sync.pause();
    const edited = baseline.splice(0, CHANGES);
    await h.db.query(`UPDATE designers SET name = name || ' edited' WHERE id = ANY($1::text[])`, [edited]);
    await waitFor(async () => (await worker.context.changeLog.backlog()).count === 0, { timeoutMs: 30_000, what: 'the edits relayed into Redis' });
    await h.stopWorker(worker);
    await flushAll();

    const status = await runCli(h.config(), ['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/designers\s+store (\d+), index \1 \(counts equal; unsynced changes below\)/);
    expect(status.stdout).not.toMatch(/in step/);
    expect(Number(/Unsynced changes: (\d+)/.exec(status.stdout)?.[1])).toBeGreaterThanOrEqual(CHANGES);

    worker = await h.startWorker({}, { queueCheckMs: 500 });
    await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, { timeoutMs: CONVERGE_MS, what: 'store and index equal' });
  });
});
