import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleDesigners } from '../../bench/support/scale-directory.generator.ts';
import { JOB_NAMES } from '../../shared/ingest/jobs/ingest-job-names.ts';
import { connectIngestQueues, type IngestQueues } from '../../shared/ingest/runtime/ingest-queues.ts';
import { DEFAULT_REBUILD_MIN_CHANGES } from '../../shared/ingest/runtime/backlog-rebuild.policy.ts';
import { REINDEX_PAUSE_ENV, REINDEX_PAUSED_MARK } from './support/reindex-pause.ts';
import type { SyncStatus } from '../../shared/ingest/runtime/sync-status.ts';
import { importDesignerRecords } from '../../shared/store/import/designer-import.ts';
import { requireServices } from '../support/services.ts';
import { SlowBulkProxy } from '../support/slow-bulk-proxy.ts';
import { runCli } from './support/cli-process.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';
import { freePort, startWorkerProcess, type WorkerProcess, workerEnv, workerNodeFlags } from './support/worker-process.ts';

/**
 * A first sync (a store filled while the worker runs, so the load goes to one backlog rebuild) through an
 * Elasticsearch that takes its bulk requests one at a time, each held BULK_DELAY_MS, on a machine kept
 * busy by a core burner. The worker is the build `npm run worker` runs, with half its heap cap. Whatever
 * the engine's speed, the documents between the keyset reader and the bulk writer stay within their
 * bounds: the reader waits for the writer instead of the heap filling up.
 *
 * Full size (the 20,000 designers and two burners):
 *   BOUNDED_MEMORY_DESIGNERS=20000 BOUNDED_MEMORY_BURNERS=2 npx vitest run test/ingest/bounded-memory.test.ts
 */
const services = requireServices('postgres', 'redis', 'elasticsearch');
const DESIGNERS = Number(process.env.BOUNDED_MEMORY_DESIGNERS ?? 12_000);
const BURNERS = Number(process.env.BOUNDED_MEMORY_BURNERS ?? 1);
/** Enough that what the relay's first claim leaves is still a backlog for one rebuild (DEFAULT_REBUILD_MIN_CHANGES). */
const KILLED_DESIGNERS = DEFAULT_REBUILD_MIN_CHANGES + 2_000;
const BULK_DELAY_MS = 300;
/**
 * The worker's heap cap in this suite: half of `npm run worker`'s 128 MiB. V8 enforces it, so a worker that
 * finishes held no more than this live at any moment (a sampled peak would also count garbage not yet
 * collected, which V8 lets grow towards the cap).
 */
const HEAP_CAP_MIB = 64;

/** `npm run worker`'s V8 flags with the heap cap of this suite. */
function cappedNodeFlags(): string[] {
  return [...workerNodeFlags().filter((f) => !f.startsWith('--max-old-space-size=')), `--max-old-space-size=${HEAP_CAP_MIB}`];
}

const run = promisify(execFile);

/** A child that keeps one core busy until killed. */
function coreBurner(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples the worker's heap in use (its Prometheus default metrics) and RSS until stopped. */
function memorySampler(port: number, pid: number) {
  const peak = { heapMiB: 0, settledMiB: 0, rssMiB: 0, samples: 0, startHeapMiB: 0 };
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      try {
        const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        const used = Number(/^nodejs_heap_size_used_bytes (\d+)/m.exec(metrics)?.[1] ?? 0) / 2 ** 20;
        const young = Number(/^nodejs_heap_space_size_used_bytes\{space="new"\} (\d+)/m.exec(metrics)?.[1] ?? 0) / 2 ** 20;
        if (peak.samples === 0) peak.startHeapMiB = used - young;
        peak.heapMiB = Math.max(peak.heapMiB, used);
        peak.settledMiB = Math.max(peak.settledMiB, used - young);
        peak.rssMiB = Math.max(peak.rssMiB, await rssMiB(pid));
        peak.samples += 1;
      } catch {
        // The worker is busy or gone; the assertions say which.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    peak,
    async stop() {
      sampling = false;
      await loop;
    },
  };
}

async function importGenerated(h: IngestHarness, designers: number): Promise<void> {
  const records = function* () {
    let line = 0;
    for (const value of scaleDesigners({ designers })) yield { line: ++line, value };
  };
  const result = await importDesignerRecords(h.db, records);
  expect(result.inserted).toBe(designers);
}

describe.skipIf(!services)('ingest worker memory: bounded by design, whatever the speed of Elasticsearch', () => {
  let h: IngestHarness;
  let proxy: SlowBulkProxy;
  let queues: { queues: IngestQueues; close(): Promise<void> };
  let worker: WorkerProcess | null = null;
  const burners: ChildProcess[] = [];

  beforeAll(async () => {
    await run('npm', ['run', '-s', 'build'], { timeout: 120_000 });
    h = await IngestHarness.create(services!, 'bounded_memory');
    proxy = await SlowBulkProxy.start(services!.elasticsearch, BULK_DELAY_MS);
    queues = connectIngestQueues(services!.redis, h.queuePrefix);
  });

  afterAll(async () => {
    for (const burner of burners) burner.kill('SIGKILL');
    await worker?.kill9();
    await queues?.close();
    await proxy?.close();
    await h?.cleanup();
  });

  const completedRebuilds = async () =>
    (await queues.queues.maintenance.getJobs(['completed'], 0, 10)).filter((j) => j?.name === JOB_NAMES.reindex);

  it(`a first sync of ${DESIGNERS} designers through a slow Elasticsearch, cores busy: one rebuild within a ${HEAP_CAP_MIB} MiB heap, store and index equal`, async () => {
    const port = await freePort();
    const env = workerEnv(h.config({ ELASTICSEARCH_URL: proxy.url }), port, { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn' });
    worker = await startWorkerProcess(env, 'compiled', cappedNodeFlags());
    await waitFor(async () => (await h.manager.currentIndex('designers')) !== null, { what: 'the worker to create the indices' });
    const sampler = memorySampler(port, worker.proc.pid!);
    for (let i = 0; i < BURNERS; i += 1) burners.push(coreBurner());

    // A worker that dies (out of memory) fails the test at once, not when the wait runs out.
    const died = once(worker.proc, 'exit').then(([code, signal]) => {
      throw new Error(`the worker exited (code ${String(code)}, signal ${String(signal)}) during the sync`);
    });
    died.catch(() => undefined);
    const started = Date.now();
    await importGenerated(h, DESIGNERS);
    await Promise.race([
      died,
      // Searchable from the alias swap on; the rebuild completes after its catch-up replay.
      waitFor(async () => (await h.manager.countDocuments('designers')) === DESIGNERS && (await completedRebuilds()).length > 0, {
        timeoutMs: 600_000,
        intervalMs: 500,
        what: `${DESIGNERS} designers searchable and the rebuild completed`,
      }),
    ]);
    const elapsed = Date.now() - started;
    for (const burner of burners.splice(0)) burner.kill('SIGKILL');
    await sampler.stop();
    const { peak } = sampler;
    console.log(
      `[bounded-memory] ${DESIGNERS} designers, ${BURNERS} core burner(s), bulk held ${BULK_DELAY_MS} ms one at a time: synced in ${elapsed} ms; ` +
        `worker heap outside the young generation ${peak.startHeapMiB.toFixed(1)} MiB at the start, peak ${peak.settledMiB.toFixed(1)} MiB; ` +
        `heap in use at its peak ${peak.heapMiB.toFixed(1)} MiB, peak RSS ${peak.rssMiB.toFixed(0)} MiB (${peak.samples} samples); ` +
        `${proxy.stats.bulks} bulk requests, at most ${proxy.stats.mostWaiting} waiting at once`,
    );

    expect(worker.proc.exitCode, 'the worker is alive').toBeNull();
    expect(worker.proc.signalCode).toBeNull();
    // The load went to one rebuild (the backlog hand-over), not to batch jobs.
    expect(await completedRebuilds()).toHaveLength(1);
    // The engine was the bottleneck: bulk requests queued at the proxy, so memory was put to the test.
    expect(proxy.stats.mostWaiting).toBeGreaterThan(1);
    expect(peak.samples).toBeGreaterThan(10);
    expect(peak.heapMiB).toBeLessThanOrEqual(HEAP_CAP_MIB);
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
  }, 900_000);

  it('a first-sync rebuild whose worker is killed mid-load: status says no worker runs it, and the next worker start rebuilds from a new snapshot to store and index equal', async () => {
    const world = await IngestHarness.create(services!, 'bounded_memory_kill');
    const worldQueues = connectIngestQueues(services!.redis, world.queuePrefix);
    const started: WorkerProcess[] = [];
    const port = await freePort();
    // The first worker is the crash tests' entry (the sources, stopping mid-load); the restart is the build that ships.
    const start = async (extra: Record<string, string> = {}) => {
      const env = workerEnv(world.config(), port, { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn', REINDEX_LOCK_MS: '2000', ...extra });
      const child = await startWorkerProcess(env, REINDEX_PAUSE_ENV in extra ? 'paused' : 'compiled', workerNodeFlags());
      started.push(child);
      return child;
    };
    try {
      const first = await start({ [REINDEX_PAUSE_ENV]: 'loading@0.33' });
      await waitFor(async () => (await world.manager.currentIndex('designers')) !== null, { what: 'the worker to create the indices' });
      const original = await world.manager.currentIndex('designers');
      await importGenerated(world, KILLED_DESIGNERS);
      await first.line(new RegExp(`${REINDEX_PAUSED_MARK} \\S+ designers`));
      await first.kill9();

      // Once its lock has lapsed, nobody holds the rebuild; status says so, and why, before any worker runs.
      const lost = await waitFor(
        async () => {
          const { stdout, code } = await runCli(world.config(), ['status', '--json']);
          if (code !== 0) return undefined;
          const job = (JSON.parse(stdout) as SyncStatus).reindex.jobs[0];
          return job?.worker === 'lost' ? job : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 500, what: 'status to show the rebuild without a worker' },
      );
      expect(lost).toMatchObject({ state: 'active', target: 'designers' });
      const text = await runCli(world.config(), ['status']);
      expect(text.stdout).toMatch(/no worker is running it: the worker that ran it stopped without finishing \(crashed, killed or out of memory\)/);
      expect(await world.manager.currentIndex('designers')).toBe(original);

      await start();
      const done = await waitFor(
        async () => {
          const job = await worldQueues.queues.getJob(lost.id);
          if (job?.state === 'failed') throw new Error(`the rebuild failed: ${job.failed_reason}`);
          return job?.state === 'completed' ? job : undefined;
        },
        { timeoutMs: 300_000, intervalMs: 500, what: 'the rebuild to complete after the restart' },
      );
      expect(done.stalled_count).toBe(1);
      const result = done.result as { kinds: { discarded: string[]; indexed: number }[] };
      expect(result.kinds[0]!.discarded).toHaveLength(1);
      expect(result.kinds[0]!.indexed).toBe(KILLED_DESIGNERS);
      expect(await world.diffStoreAndIndex('designers')).toEqual([]);
      expect(await world.manager.partialVersions('designers')).toEqual([]);
      const status = JSON.parse((await runCli(world.config(), ['status', '--json'])).stdout) as SyncStatus;
      expect(status.counts.designers).toEqual({ store: KILLED_DESIGNERS, index: KILLED_DESIGNERS });
      expect(status.reindex.jobs.every((j) => j.worker !== 'lost')).toBe(true);
    } finally {
      for (const w of started) await w.kill9();
      await worldQueues.close();
      await world.cleanup();
    }
  }, 600_000);
});
