import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../ingest/support/ingest-harness.ts';
import { freePort } from '../ingest/support/worker-process.ts';
import { npmStartCommand } from '../support/npm-start.ts';
import { mixedRequest } from './support/mixed-traffic.ts';

/**
 * CI: 3,000 requests of warm-up, then 5,000. `SOAK_REQUESTS=50000 npx vitest run test/load/embedded-soak.test.ts`
 * is the full soak (15,000 of warm-up, then 50,000; 15–25 minutes on 2 cores).
 */
const SOAK_REQUESTS = Number(process.env.SOAK_REQUESTS ?? 5000);
/**
 * V8 sizes its old generation from what survives: the API's heap reaches its plateau over the first ~10k
 * requests (RSS 557 MiB after 3k, 694 MiB from 13k to 31k, 670 MiB after 53k). A long soak warms up longer.
 */
const WARMUP_REQUESTS = Number(process.env.SOAK_WARMUP ?? Math.max(3000, Math.round(0.3 * SOAK_REQUESTS)));
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 8);
/** Long enough for V8's memory reducer (it starts 8 s after the allocation rate drops) to have had its say. */
const IDLE_MS = 10_000;
/**
 * How far above its level after the warm-up the API's RSS may settle after the soak: the goal, 10%, once the
 * warm-up reaches the plateau (the full soak: 407 -> 413 MiB). A CI-size warm-up of 3k requests ends below
 * it, so the soak that follows still climbs towards it: the engine's WebAssembly memory, which a first start
 * no longer grows before the API opens the store, is touched over the first thousands of requests while the
 * V8 heap stays level (CI runs: 304 -> 405 MiB with the heap at 86 -> 66 MiB; 397 -> 399). CI holds a
 * growth of 128 MiB, and the budget below holds the level.
 */
const RSS_TOLERANCE = Number(process.env.SOAK_RSS_TOLERANCE ?? (WARMUP_REQUESTS >= 10_000 ? 0.1 : 0));
const RSS_GROWTH_MIB = WARMUP_REQUESTS >= 10_000 || process.env.SOAK_RSS_TOLERANCE ? 0 : 128;
/** What the soak lets RSS grow by from `warm` (MiB), and how the test's name says it. */
const allowedGrowth = (warm: number) => Math.max(warm * RSS_TOLERANCE, RSS_GROWTH_MIB);
const ALLOWED = RSS_GROWTH_MIB > 0 ? `${RSS_GROWTH_MIB} MiB` : `${RSS_TOLERANCE * 100}%`;
/**
 * What the API may hold at any sample from the end of the warm-up on: the steady RSS RELIABILITY.md states
 * (about 400 MiB on the sample directory, 423 at the peak of the full soak) and a margin. A level that stays flat but high (V8 heaps sized from
 * the machine's memory, the engine's default buffer pool) is memory the API does not give back too.
 */
const RSS_BUDGET_MIB = Number(process.env.SOAK_RSS_BUDGET_MIB ?? 512);
const MiB = 2 ** 20;

describe('embedded memory: the API on PGlite serves a long mixed load and its RSS settles where it was after the warm-up', () => {
  let dir: string;
  let api: ChildProcess;
  let base: string;
  let stderr = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-soak-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The embedded default (PGlite + Postgres search, the sample directory): no shared service involved.
    const { DATABASE_URL: _d, ELASTICSEARCH_URL: _e, REDIS_URL: _r, SEARCH_BACKEND: _s, LOG_LEVEL: _l, ...env } = process.env;
    const start = await npmStartCommand();
    api = spawn(process.execPath, start.args, {
      env: { ...env, ...start.env, DATA_DIR: dir, HOST: '127.0.0.1', PORT: String(port) },
      // Access logs at the default level are part of what runs; their lines go nowhere.
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    api.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    await waitFor(async () => (await fetch(`${base}/readyz`).catch(() => undefined))?.ok === true, {
      timeoutMs: 120_000,
      intervalMs: 250,
      what: 'the embedded API to be ready',
    });
  }, 150_000);

  afterAll(async () => {
    if (api && api.exitCode === null) {
      const exited = once(api, 'exit');
      api.kill('SIGKILL');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  async function memory(): Promise<{ rss: number; heapUsed: number; heapTotal: number }> {
    const text = await (await fetch(`${base}/metrics`)).text();
    const gauge = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1]) / MiB;
    return { rss: gauge('process_resident_memory_bytes'), heapUsed: gauge('nodejs_heap_size_used_bytes'), heapTotal: gauge('nodejs_heap_size_total_bytes') };
  }

  /** Sends requests [from, to) on CONNECTIONS keep-alive connections; counts answers by status. */
  async function send(from: number, to: number, statuses: Map<number, number>, failures: string[], progress: (sent: number) => void): Promise<void> {
    let next = from;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < to) {
          const request = mixedRequest(next++);
          progress(next);
          const response = await fetch(`${base}${request.path}`, {
            method: request.method,
            ...(request.headers ? { headers: request.headers } : {}),
            ...(request.body !== undefined ? { body: request.body } : {}),
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500 && failures.length < 10) failures.push(`${response.status} ${request.method} ${request.path.slice(0, 200)}`);
        }
      }),
    );
  }

  it(`after ${WARMUP_REQUESTS} requests of warm-up, ${SOAK_REQUESTS} more leave the RSS within ${ALLOWED} of its level after the warm-up, and never above ${RSS_BUDGET_MIB} MiB`, async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const started = Date.now();
    // RSS every 2 s, tagged with how many requests had been sent.
    const samples: Array<{ sent: number; rss: number }> = [];
    let sent = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push({ sent, rss: (await memory()).rss });
        await sleep(2000);
      }
    })();
    const progress = (count: number) => (sent = count);
    await send(0, WARMUP_REQUESTS, statuses, failures, progress);
    await sleep(IDLE_MS);
    const warm = await memory();
    // The warm level is the top of V8's saw-tooth over the last third of the warm-up and the idle after it:
    // one sample right after a full collection would read a heap's slack as growth later.
    const warmLevel = Math.max(warm.rss, ...samples.filter((s) => s.sent >= (WARMUP_REQUESTS * 2) / 3).map((s) => s.rss));
    const soakFrom = samples.length;
    await send(WARMUP_REQUESTS, WARMUP_REQUESTS + SOAK_REQUESTS, statuses, failures, progress);
    await sleep(IDLE_MS);
    sampling = false;
    await sampler;
    const after = await memory();

    const figures = {
      requests: WARMUP_REQUESTS + SOAK_REQUESTS,
      seconds: Math.round((Date.now() - started) / 1000),
      statuses: Object.fromEntries(statuses),
      warmRssMiB: Math.round(warmLevel),
      peakRssMiB: Math.round(Math.max(warmLevel, after.rss, ...samples.slice(soakFrom).map((s) => s.rss))),
      afterRssMiB: Math.round(after.rss),
      heapMiB: { warm: [Math.round(warm.heapUsed), Math.round(warm.heapTotal)], after: [Math.round(after.heapUsed), Math.round(after.heapTotal)] },
    };
    console.info(`embedded soak: ${JSON.stringify(figures)}`);
    expect(api.exitCode, stderr).toBeNull();
    expect(failures, 'every answer is below 500').toEqual([]);
    expect(after.rss, `RSS after the soak (MiB) against ${warmLevel.toFixed(0)} MiB after the warm-up`).toBeLessThanOrEqual(warmLevel + allowedGrowth(warmLevel));
    expect(figures.peakRssMiB, 'the highest RSS sampled (MiB) from the end of the warm-up on').toBeLessThanOrEqual(RSS_BUDGET_MIB);
  }, 3_600_000);
});
