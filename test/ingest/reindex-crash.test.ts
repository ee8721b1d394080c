import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../services/api/app.ts';
import { connectIngestQueues, type IngestQueues } from '../../shared/ingest/runtime/ingest-queues.ts';
import { REINDEX_PAUSE_ENV, REINDEX_PAUSED_MARK } from './support/reindex-pause.ts';
import type { SyncStatus } from '../../shared/ingest/runtime/sync-status.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { requireServices } from '../support/services.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';
import { freePort, startWorkerProcess, type WorkerProcess, workerEnv } from './support/worker-process.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');
const ROWS = 3000;
/** Short lock: a killed worker's rebuild is handed to the next worker within a few seconds. */
const LOCK_MS = '2000';

describe.skipIf(!services)('reindex survives worker crashes: kill -9 at four points, search answers throughout, reindex --wait completes', () => {
  let h: IngestHarness;
  let queues: { queues: IngestQueues; close(): Promise<void> };
  let api: Server;
  let apiUrl: string;
  let port: number;
  const workers: WorkerProcess[] = [];
  const probes = { total: 0, failures: [] as string[] };
  let probing = true;
  let prober: Promise<void>;

  function cliEnv(): NodeJS.ProcessEnv {
    return workerEnv(h.config(), port);
  }

  function cli(...args: string[]): { proc: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'services/cli/main.ts', ...args], { env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const done = once(proc, 'exit').then(([code]) => ({ code: code as number | null, stdout, stderr }));
    return { proc, done };
  }

  async function worker(pauseAt?: string): Promise<WorkerProcess> {
    const w = await startWorkerProcess(
      workerEnv(h.config(), port, { REINDEX_LOCK_MS: LOCK_MS, ...(pauseAt ? { [REINDEX_PAUSE_ENV]: pauseAt } : {}) }),
      pauseAt ? 'paused' : 'source',
    );
    workers.push(w);
    return w;
  }

  /** Search at about 10 Hz for the whole test, through the public API over the alias. */
  async function probe(): Promise<void> {
    const paths = ['/api/v1/designers?limit=1', '/api/v1/designers?q=bulk&limit=5', '/api/v1/designers?category=brand&limit=3'];
    while (probing) {
      const path = paths[probes.total % paths.length]!;
      probes.total += 1;
      try {
        const response = await fetch(`${apiUrl}${path}`);
        const body = (await response.json()) as { meta?: { total?: number } };
        if (response.status !== 200 || !(body.meta?.total && body.meta.total > 0)) probes.failures.push(`${path}: ${response.status} ${JSON.stringify(body)}`);
      } catch (error) {
        probes.failures.push(`${path}: ${String(error)}`);
      }
      await sleep(100);
    }
  }

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'reindex_crash');
    port = await freePort();
    await h.insertDesigners(ROWS);
    // Treat this history as synced: the first rebuild fills the index rather than 3000 row jobs.
    await h.db.query(`UPDATE change_log SET processed_at = now()`);
    await h.manager.ensureIndices();
    queues = connectIngestQueues(services!.redis, h.queuePrefix);
    const { app } = createApp({ search: new ElasticsearchSearchRepository(h.es, h.names), config: h.config(), logger: createLogger('silent', 'test') });
    api = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    probing = false;
    await prober?.catch(() => undefined);
    for (const w of workers) await w.kill9();
    api?.closeAllConnections();
    await new Promise((resolve) => api?.close(resolve));
    await queues?.close();
    await h?.cleanup();
  });

  it('one rebuild is killed at 33% and 73% of its load, just before the alias swap and just after it; it ends completed, store and index equal, no half-built index left', async () => {
    // Fill the index the ordinary way first, so search has something to answer from the start.
    const first = await worker();
    const initial = cli('reindex', 'designers', '--wait');
    expect((await initial.done).code).toBe(0);
    await first.kill9();
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
    const original = (await h.manager.currentIndex('designers'))!;
    prober = probe();

    let w = await worker('loading@0.33');
    const waiting = cli('reindex', 'designers', '--wait');
    const marks: string[] = [];
    marks.push(await w.line(new RegExp(REINDEX_PAUSED_MARK)));
    // Curators keep editing while the rebuild is down.
    const { rows } = await h.db.query<{ id: string }>(`SELECT id FROM designers ORDER BY id LIMIT 3`);
    await h.updateDesigner(rows[0]!.id, { name: 'Edited mid-rebuild' });
    await h.deleteDesigner(rows[1]!.id);
    await h.updateDesigner(rows[2]!.id, { opted_in: false });
    expect(await h.manager.currentIndex('designers')).toBe(original);
    await w.kill9();

    w = await worker('loading@0.73');
    marks.push(await w.line(new RegExp(REINDEX_PAUSED_MARK)));
    // The new run discarded the dead run's half-built index before building its own: one partial only.
    expect(await h.manager.partialVersions('designers')).toHaveLength(1);
    expect(await h.manager.currentIndex('designers')).toBe(original);
    await w.kill9();

    w = await worker('swapping');
    marks.push(await w.line(new RegExp(REINDEX_PAUSED_MARK)));
    expect(await h.manager.currentIndex('designers')).toBe(original);
    // `status` says what is going on: the rebuild is running again after two crashes, building its index.
    const status = cli('status', '--json');
    const shown = await status.done;
    expect(shown.code, shown.stderr).toBe(0);
    const parsed = JSON.parse(shown.stdout) as SyncStatus;
    expect(parsed.reindex.jobs[0]).toMatchObject({ state: 'active', target: 'designers', stalled_count: 2 });
    expect(parsed.reindex.indices.designers).toMatchObject({ alias_on: original, partial_state: 'building' });
    await w.kill9();

    w = await worker('catching-up');
    marks.push(await w.line(new RegExp(REINDEX_PAUSED_MARK)));
    const swapped = await h.manager.currentIndex('designers');
    expect(swapped).not.toBe(original);
    await w.kill9();

    // A crash right after the swap leaves the alias on a complete index; a healthy worker finishes.
    await worker();
    const result = await waitFor(async () => (waiting.proc.exitCode !== null ? waiting.done : undefined), {
      timeoutMs: 120_000,
      intervalMs: 250,
      what: 'reindex --wait to return',
    });
    console.log(`[reindex-crash] paused and killed at: ${marks.join(' | ')}`);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/designers: \d+ documents in .*designers_v\d+/);

    const jobs = await queues.queues.maintenance.getJobs(['completed'], 0, 10);
    const rebuilt = jobs.find((j) => j?.stalledCounter === 4);
    expect(rebuilt, 'the rebuild that was killed four times completed').toBeDefined();

    await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, { timeoutMs: 30_000, what: 'store and index equal' });
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
    expect((await h.allDocs('designers')).size).toBe(ROWS - 2);
    expect(await h.manager.partialVersions('designers')).toEqual([]);
    // The alias and the rollback copy, nothing else.
    expect((await h.manager.listVersions('designers')).length).toBeLessThanOrEqual(2);

    probing = false;
    await prober;
    console.log(`[reindex-crash] ${probes.total} search probes, ${probes.failures.length} not 200`);
    expect(probes.failures).toEqual([]);
    expect(probes.total).toBeGreaterThan(50);
  }, 400_000);
});
