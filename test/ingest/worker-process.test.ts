import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectIngestQueues, type IngestQueues } from '../../shared/ingest/runtime/ingest-queues.ts';
import { REINDEX_PAUSE_ENV, REINDEX_PAUSED_MARK } from './support/reindex-pause.ts';
import { ReindexProgressSchema } from '../../shared/ingest/jobs/maintenance-job.schema.ts';
import { requireServices } from '../support/services.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';
import { freePort, startWorkerProcess, WORKER_ENTRY, type WorkerProcess, workerEnv } from './support/worker-process.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');
const ROWS = 8000;

describe.skipIf(!services)('ingest worker process: kill -9 mid-reindex, restart, graceful SIGTERM', () => {
  let h: IngestHarness;
  let queues: { queues: IngestQueues; close(): Promise<void> };
  let child: WorkerProcess | null = null;
  let port: number;

  /** `npm run worker`, minus npm (see support/worker-process.ts); the latest one stays in `child`. */
  async function startWorker(extra: Record<string, string> = {}, entry: keyof typeof WORKER_ENTRY = 'source'): Promise<WorkerProcess> {
    child = await startWorkerProcess(workerEnv(h.config(), port, { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn', ...extra }), entry);
    return child;
  }

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'process');
    port = await freePort();
    await h.insertDesigners(ROWS);
    for (let i = 0; i < 10; i += 1) await h.insertOpenRole();
    // Treat this history as already relayed: the rebuild below, not 8000 row jobs, fills the index.
    await h.db.query(`UPDATE change_log SET processed_at = now()`);
    await h.manager.ensureIndices();
    queues = connectIngestQueues(services!.redis, h.queuePrefix);
  });

  afterAll(async () => {
    if (child && child.proc.exitCode === null) child.proc.kill('SIGKILL');
    await queues?.close();
    await h?.cleanup();
  });

  it('survives kill -9 in the middle of a rebuild: the alias never moves to the partial index, and after a restart the index equals the store', async () => {
    // The rebuild holds at a third of its rows until the kill, so the kill lands mid-load however fast
    // or slow this machine is today.
    let worker = await startWorker({ [REINDEX_PAUSE_ENV]: 'loading@0.33' }, 'paused');
    const original = (await h.manager.currentIndex('designers'))!;

    const jobId = await queues.queues.enqueueReindex('designers');
    // The hook's line: "<mark> loading@0.33 designers <done>/<total>".
    const held = new RegExp(`${REINDEX_PAUSED_MARK} \\S+ designers (\\d+)/(\\d+)`);
    const match = held.exec(await worker.line(held))!;
    const seen = { done: Number(match[1]), total: Number(match[2]) };
    const job = await queues.queues.getJob(jobId);
    expect(ReindexProgressSchema.parse(job?.progress).phase).toBe('loading');
    // Curators keep editing while it runs.
    const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM designers ORDER BY id LIMIT 3`);
    await h.updateDesigner(rows[0]!.id, { name: 'Edited mid-rebuild' });
    await h.deleteDesigner(rows[1]!.id);
    await h.updateDesigner(rows[2]!.id, { opted_in: false });
    await worker.kill9();
    console.log(`[ingest] killed the worker at ${seen.done}/${seen.total} loaded`);

    // The half-built index exists, but the alias still points at the complete one.
    expect(seen.done).toBeGreaterThan(0);
    expect(seen.done).toBeLessThan(seen.total);
    expect(await h.manager.currentIndex('designers')).toBe(original);
    const partial = (await h.manager.listVersions('designers')).at(-1)!.index;
    expect(partial).not.toBe(original);

    // After a restart BullMQ hands the stalled rebuild to the new process, which runs it again.
    worker = await startWorker();
    const done = await waitFor(
      async () => {
        const job = await queues.queues.getJob(jobId);
        if (job?.state === 'failed') throw new Error(`rebuild failed: ${job.failed_reason}`);
        return job?.state === 'completed' ? job : undefined;
      },
      { timeoutMs: 90_000, intervalMs: 250, what: 'the rebuild to complete after the restart' },
    );
    const result = done.result as { kinds: { index: string; previous: string; discarded: string[] }[] };
    expect(result.kinds[0]!.previous).toBe(original);
    expect(result.kinds[0]!.discarded).toEqual([partial]);
    expect(await h.manager.currentIndex('designers')).toBe(result.kinds[0]!.index);

    await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, { timeoutMs: 30_000, what: 'store and index equal' });
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
    expect((await h.allDocs('designers')).size).toBe(ROWS - 2);
  });

  it('serves health and Prometheus metrics, and stops gracefully on SIGTERM within its bound', async () => {
    const { proc } = child!;
    const health = await fetch(`http://127.0.0.1:${port}/readyz`);
    const body = await health.clone().text();
    expect(health.status, body).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', checks: { postgres: true, redis: true, elasticsearch: true } });
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toMatch(/ingest_jobs_total\{queue="maintenance",name="reindex",outcome="completed"\} 1/);
    expect(metrics).toMatch(/process_cpu_seconds_total/);

    const started = Date.now();
    proc.kill('SIGTERM');
    const [code] = (await once(proc, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
