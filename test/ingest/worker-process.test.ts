import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectIngestQueues, type IngestQueues } from '../../shared/ingest/ingest-queues.ts';
import { REINDEX_TEST_PAUSED_MARK } from '../../shared/ingest/reindex-test-pause.ts';
import { ReindexProgressSchema } from '../../shared/ingest/maintenance-job.schema.ts';
import { requireServices } from '../support/services.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');
const ROWS = 8000;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!services)('ingest worker process: kill -9 mid-reindex, restart, graceful SIGTERM', () => {
  let h: IngestHarness;
  let queues: { queues: IngestQueues; close(): Promise<void> };
  let child: ChildProcess | null = null;
  let port: number;
  /** What the running worker process printed on stdout. */
  let output = '';

  /** `npm run worker`, minus npm: one node process running services/ingest-worker/main.ts through tsx. */
  async function startWorkerProcess(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
    const config = h.config();
    const env = {
      ...process.env,
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      ELASTICSEARCH_URL: config.ELASTICSEARCH_URL,
      ES_INDEX_PREFIX: config.ES_INDEX_PREFIX,
      QUEUE_PREFIX: config.QUEUE_PREFIX,
      PUBLIC_BASE_URL: config.PUBLIC_BASE_URL,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      HOST: '127.0.0.1',
      WORKER_PORT: String(port),
      WORKER_CONCURRENCY: '4',
      ...extraEnv,
    };
    const proc = spawn(process.execPath, ['--import', 'tsx', 'services/ingest-worker/main.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    output = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child = proc;
    await waitFor(
      async () => {
        const r = await fetch(`http://127.0.0.1:${port}/healthz`);
        return r.ok;
      },
      { timeoutMs: 60_000, intervalMs: 250, what: 'the worker process to answer /healthz' },
    );
    return proc;
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
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await queues?.close();
    await h?.cleanup();
  });

  it('survives kill -9 in the middle of a rebuild: the alias never moves to the partial index, and after a restart the index equals the store', async () => {
    // The rebuild holds at a third of its rows until the kill, so the kill lands mid-load however fast
    // or slow this machine is today.
    let proc = await startWorkerProcess({ REINDEX_TEST_PAUSE_AT: 'loading@0.33' });
    const original = (await h.manager.currentIndex('designers'))!;

    const jobId = await queues.queues.enqueueReindex('designers');
    // The hook's line: "<mark> loading@0.33 designers <done>/<total>".
    const held = new RegExp(`${REINDEX_TEST_PAUSED_MARK} \\S+ designers (\\d+)/(\\d+)`);
    const match = await waitFor(async () => held.exec(output) ?? undefined, { timeoutMs: 60_000, intervalMs: 20, what: 'the rebuild to hold mid-load' });
    const seen = { done: Number(match[1]), total: Number(match[2]) };
    const job = await queues.queues.getJob(jobId);
    expect(ReindexProgressSchema.parse(job?.progress).phase).toBe('loading');
    // Curators keep editing while it runs.
    const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM designers ORDER BY id LIMIT 3`);
    await h.updateDesigner(rows[0]!.id, { name: 'Edited mid-rebuild' });
    await h.deleteDesigner(rows[1]!.id);
    await h.updateDesigner(rows[2]!.id, { opted_in: false });
    proc.kill('SIGKILL');
    await once(proc, 'exit');
    console.log(`[ingest] killed the worker at ${seen.done}/${seen.total} loaded`);

    // The half-built index exists, but the alias still points at the complete one.
    expect(seen.done).toBeGreaterThan(0);
    expect(seen.done).toBeLessThan(seen.total);
    expect(await h.manager.currentIndex('designers')).toBe(original);
    const partial = (await h.manager.listVersions('designers')).at(-1)!.index;
    expect(partial).not.toBe(original);

    // After a restart BullMQ hands the stalled rebuild to the new process, which runs it again.
    proc = await startWorkerProcess();
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
    const proc = child!;
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
