import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElasticsearchEngine } from '../../shared/composition/elasticsearch-engine.factory.ts';
import { generateSampleDirectory } from '../../shared/sample/sample-directory.ts';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../../shared/search/elasticsearch/es-index-manager.ts';
import { indexNames } from '../../shared/search/elasticsearch/index-names.ts';
import { waitFor } from '../ingest/support/ingest-harness.ts';
import { freePort } from '../ingest/support/worker-process.ts';
import { requireServices, uniqueName } from '../support/services.ts';

/**
 * CI: 12 s per case, the greedy client on and off by turns of a second. `FAIRNESS_SECONDS=60
 * FAIRNESS_BOUNDS=8,64,256 FAIRNESS_CONNECTIONS=64 npx vitest run test/load/fairness.test.ts` is the long run.
 */
const SECONDS = Number(process.env.FAIRNESS_SECONDS ?? 12);
/** The finest idle quantile the ratio check reads (see the assertion). */
const IDLE_FLOOR_MS = 10;
/**
 * The quantile of the polite client's latency held to a ratio of its idle one. The goal is p99 within 3x,
 * which a 60 s run measures (`FAIRNESS_SECONDS=60 FAIRNESS_RATIO=3`). At CI size a greedy turn yields
 * 140-240 samples, whose p99 is the second- or third-worst: one scheduler stall on two shared cores decides
 * it (measured 1.8x-4.1x locally, once 7.5x in CI with every request served). Its p95 is the eighth- to
 * twelfth-worst, and still tells fair sharing from starvation by a margin on both sides (2 cores, three runs):
 * - with the default share of one search per client: p95 1.9x-2.5x on Elasticsearch, 2.4x-3.2x embedded;
 * - with 4 places per client (`MAX_IN_FLIGHT_PER_CLIENT=4`): p95 6.9x-9.1x on Elasticsearch, 10.7x-11.1x
 *   embedded, and without any share 7.2x and 10.9x at p99 with requests refused.
 */
const QUANTILE = Number(process.env.FAIRNESS_QUANTILE ?? (SECONDS >= 60 ? 0.99 : 0.95));
/**
 * The embedded engine (PGlite) runs one statement at a time and cannot preempt one: the polite request
 * waits behind the greedy client's one admitted search, whose 12 words cost 60-70 ms there against an
 * idle p95 of 13-15 ms, so 5x is where fair sharing sits, not a margin above it. On a slower day of the
 * same two cores (relevance-bench searches taking twice as long) it measured 4.0x-4.9x alone and 4.6x-5.7x
 * inside the full CI run, on this code and on the code before the latest search changes alike. 6x keeps
 * both apart from starvation (10.7x-11.1x). Elasticsearch runs searches side by side.
 */
const RATIO: Record<'embedded' | 'elasticsearch', number> = {
  embedded: Number(process.env.FAIRNESS_RATIO ?? 6),
  elasticsearch: Number(process.env.FAIRNESS_RATIO ?? 4),
};
const QUANTILE_NAME = `p${Math.round(QUANTILE * 100)}`;
const PHASE_MS = 1000;
/** Samples this close after a turn starts belong to neither: the greedy client's last answers are still being sent. */
const SETTLE_MS = 250;
const BOUNDS = (process.env.FAIRNESS_BOUNDS ?? '8,256').split(',').map(Number);
/** More than a client's 16 waiting requests, so that some are refused at once and sent again at once. */
const CONNECTIONS = Number(process.env.FAIRNESS_CONNECTIONS ?? 24);
const POLITE = '/api/v1/designers?limit=1';
const PUBLIC_BASE_URL = 'http://directory.test';

const services = requireServices('elasticsearch');

interface Sample {
  status: number;
  ms: number;
  /** Epoch ms when the request was sent. */
  at: number;
}

/** The nearest-rank quantile of the samples' latencies. */
const quantile = (samples: Sample[], q: number) => {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))]!;
};

/** The polite client: one request at a time from an address of its own, never more than one in flight. */
async function polite(base: string, agent: Agent, keepGoing: () => boolean, pauseMs: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  while (keepGoing()) {
    const at = Date.now();
    const started = performance.now();
    const response = await fetch(`${base}${POLITE}`, { dispatcher: agent });
    await response.arrayBuffer();
    samples.push({ status: response.status, ms: performance.now() - started, at });
    if (pauseMs) await sleep(pauseMs);
  }
  return samples;
}

async function startApi(env: NodeJS.ProcessEnv): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'services/api/main.ts'], {
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(async () => (await globalThis.fetch(`${base}/readyz`).catch(() => null))?.ok === true, { timeoutMs: 90_000, intervalMs: 250, what: 'the API to be ready' });
  return {
    base,
    stop: async () => {
      if (api.exitCode !== null) return;
      const exited = once(api, 'exit');
      api.kill('SIGKILL');
      await exited;
    },
  };
}

/** Starts the greedy client; resolves `start` with its clock's origin, and `done` with its counts by status. */
function runGreedy(base: string): { start: Promise<number>; done: Promise<Record<string, number>> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/load/support/greedy-client.ts', base, String(SECONDS), String(CONNECTIONS), String(PHASE_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let announce: (start: number) => void;
  const start = new Promise<number>((resolve) => (announce = resolve));
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    const first = /^\{"start":(\d+)\}\n/.exec(out);
    if (first) announce(Number(first[1]));
  });
  const done = once(child, 'exit').then(() => JSON.parse(out.split('\n').filter(Boolean).at(-1)!) as Record<string, number>);
  return { start, done };
}

/** Each engine: what the API's environment adds to reach it, prepared once for the engine's cases. */
const ENGINES: { name: string; ratio: number; skip: boolean; prepare(): Promise<{ env: NodeJS.ProcessEnv; dispose(): Promise<void> }> }[] = [
  {
    name: 'embedded (PGlite, Postgres search)',
    ratio: RATIO.embedded,
    skip: false,
    prepare: async () => {
      // The embedded default, loaded with the sample directory (500 designers) on first start.
      const { DATABASE_URL: _d, ELASTICSEARCH_URL: _e, REDIS_URL: _r, SEARCH_BACKEND: _s, ...env } = process.env;
      const dir = await mkdtemp(join(tmpdir(), 'dd-fairness-'));
      return { env: { ...env, DATA_DIR: dir }, dispose: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'Elasticsearch',
    ratio: RATIO.elasticsearch,
    skip: !services,
    prepare: async () => {
      const url = services!.elasticsearch;
      const prefix = uniqueName('fairness');
      const es = createElasticsearchEngine({ ELASTICSEARCH_URL: [url], ES_INDEX_PREFIX: prefix, SEARCH_TIMEOUT_MS: 10_000 });
      await es.prepare();
      await es.close();
      const client = createElasticsearchClient({ url, requestTimeoutMs: 30_000 });
      const names = indexNames(prefix);
      const manager = new ElasticsearchIndexManager(client, names);
      const { designers } = generateSampleDirectory({ publicBaseUrl: PUBLIC_BASE_URL });
      const written = await new ElasticsearchDocumentWriter(client, names).indexDesigners(designers);
      if (written.failed.length) throw new Error(`indexing the sample failed: ${written.failed[0]!.reason}`);
      await manager.refresh();
      const { DATABASE_URL: _d, REDIS_URL: _r, ...env } = process.env;
      const dir = await mkdtemp(join(tmpdir(), 'dd-fairness-'));
      return {
        env: { ...env, DATA_DIR: dir, ELASTICSEARCH_URL: url, ES_INDEX_PREFIX: prefix, SEARCH_BACKEND: 'elasticsearch' },
        dispose: async () => {
          await manager.dropAll();
          await client.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

for (const engine of ENGINES) {
  describe.skipIf(engine.skip)(`fairness on ${engine.name}: a greedy client cannot shut a polite one out`, () => {
    let prepared: Awaited<ReturnType<(typeof ENGINES)[number]['prepare']>>;
    const agent = new Agent({ localAddress: '127.0.0.2', connections: 1 });

    beforeAll(async () => {
      prepared = await engine.prepare();
    }, 120_000);
    afterAll(async () => {
      await agent.close();
      await prepared?.dispose();
    });

    for (const bound of BOUNDS) {
      it(`MAX_IN_FLIGHT_REQUESTS=${bound}: beside ${CONNECTIONS} greedy connections (batches, expensive searches, sent again at once) the polite client is served >= 99%, ${QUANTILE_NAME} <= ${engine.ratio}x idle`, async () => {
        const api = await startApi({ ...prepared.env, MAX_IN_FLIGHT_REQUESTS: String(bound) });
        try {
          // Warm-up (JIT, caches, the engine's first reads), then the polite client throughout while the greedy
          // one works a second and rests a second by turns: the machine running the test is shared, and its
          // background load moves within seconds, so the idle latency is measured in the same seconds as the
          // contended one, between its turns, rather than once before it.
          await polite(api.base, agent, ((n) => () => n-- > 0)(20), 0);
          const greedy = runGreedy(api.base);
          let running = true;
          void greedy.done.finally(() => (running = false));
          const samples = await polite(api.base, agent, () => running, 5);
          const start = await greedy.start;
          const counts = await greedy.done;
          const turn = (s: Sample) => {
            const into = (s.at - start) % (2 * PHASE_MS);
            if (s.at < start || into % PHASE_MS < SETTLE_MS) return 'settling';
            return into < PHASE_MS ? 'greedy' : 'idle';
          };
          const idle = samples.filter((s) => turn(s) === 'idle');
          const contended = samples.filter((s) => turn(s) === 'greedy');
          expect(idle.every((s) => s.status === 200)).toBe(true);
          expect(idle.length).toBeGreaterThan(20);
          const idleAt = quantile(idle, QUANTILE);

          const served = contended.filter((s) => s.status === 200).length / contended.length;
          const contendedAt = quantile(contended, QUANTILE);
          const spread = (of: Sample[]) => [0.5, 0.95, 0.99].map((q) => `p${q * 100} ${quantile(of, q).toFixed(1)}`).join(', ');
          console.log(
            `[fairness] ${engine.name}, in flight ${bound}: polite alone ${idle.length} requests, ${spread(idle)} ms; ` +
              `beside the greedy client ${contended.length} requests, ${(served * 100).toFixed(1)}% served, ${spread(contended)} ms ` +
              `(${QUANTILE_NAME} ${(contendedAt / idleAt).toFixed(2)}x); greedy ${JSON.stringify(counts)}`,
          );
          expect(contended.length).toBeGreaterThan(20);
          expect(served).toBeGreaterThanOrEqual(0.99);
          // The engine's ratio x the idle quantile, read no finer than IDLE_FLOOR_MS: an idle quantile of a few
          // milliseconds is one scheduler slice or GC pause on two shared cores, a resolution the ratio cannot go below.
          expect(contendedAt).toBeLessThanOrEqual(engine.ratio * Math.max(idleAt, IDLE_FLOOR_MS));
          // The greedy client was served its share, without errors.
          expect(counts['200']).toBeGreaterThan(0);
          // Its requests past its share were refused (most of those refusals, held until their Retry-After,
          // reach it after it has given up on them at the end of its turn).
          const metrics = await (await globalThis.fetch(`${api.base}/metrics`)).text();
          expect(Number(/^http_requests_shed_total\{reason="client-share"\} (\d+)/m.exec(metrics)?.[1] ?? 0)).toBeGreaterThan(0);
          expect(Object.keys(counts).every((status) => ['200', '429', '503', 'abandoned'].includes(status))).toBe(true);
        } finally {
          await api.stop();
        }
      }, SECONDS * 1000 + 150_000);
    }
  });
}
