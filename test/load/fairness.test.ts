import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElasticsearchEngine } from '../../shared/composition/search-engine.factory.ts';
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
/** The finest idle p99 the ratio check reads (see the assertion). */
const IDLE_P99_FLOOR_MS = 10;
/**
 * The goal is 3x; FAIRNESS_P99_RATIO=3 with FAIRNESS_SECONDS=60 checks it. At CI size a turn's p99 is the
 * second- or third-worst of 160-400 samples, and each engine is held to what it can show there:
 * - Elasticsearch runs searches side by side: measured 1.2x-2.9x; CI holds 4x.
 * - The embedded engine (PGlite) runs one statement at a time, and cannot preempt one: the polite request
 *   waits behind the greedy client's one admitted search, whose 12 words cost 60-70 ms there since synonyms
 *   and word forms (two statements: its top rows, then every match), against an idle p99 of 17-21 ms.
 *   Measured 1.0x-5.4x with every request served; CI holds 7x. That still fails the starvation this guards
 *   against: with 4 places per client the polite p99 was 9-10x on both engines, and without the
 *   per-client share 10.9x (embedded) and 7.2x (Elasticsearch), with requests refused.
 */
const P99_RATIO: Record<'embedded' | 'elasticsearch', number> = {
  embedded: Number(process.env.FAIRNESS_P99_RATIO ?? 7),
  elasticsearch: Number(process.env.FAIRNESS_P99_RATIO ?? 4),
};
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

const p99 = (samples: Sample[]) => {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
};

const median = (samples: Sample[]) => samples.map((s) => s.ms).sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

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
    ratio: P99_RATIO.embedded,
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
    ratio: P99_RATIO.elasticsearch,
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
      it(`MAX_IN_FLIGHT_REQUESTS=${bound}: beside ${CONNECTIONS} greedy connections (batches, expensive searches, sent again at once) the polite client is served >= 99%, p99 <= ${engine.ratio}x idle`, async () => {
        const api = await startApi({ ...prepared.env, MAX_IN_FLIGHT_REQUESTS: String(bound) });
        try {
          // Warm-up (JIT, caches, the engine's first reads), then the polite client throughout while the greedy
          // one works a second and rests a second by turns: the machine running the test is shared, and its
          // background load moves within seconds, so the idle p99 is measured in the same seconds as the
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
          const idleP99 = p99(idle);

          const served = contended.filter((s) => s.status === 200).length / contended.length;
          const contendedP99 = p99(contended);
          console.log(
            `[fairness] ${engine.name}, in flight ${bound}: polite alone ${idle.length} requests, p50 ${median(idle).toFixed(1)} ms, p99 ${idleP99.toFixed(1)} ms; ` +
              `beside the greedy client ${contended.length} requests, ${(served * 100).toFixed(1)}% served, p50 ${median(contended).toFixed(1)} ms, ` +
              `p99 ${contendedP99.toFixed(1)} ms (${(contendedP99 / idleP99).toFixed(2)}x); greedy ${JSON.stringify(counts)}`,
          );
          expect(contended.length).toBeGreaterThan(20);
          expect(served).toBeGreaterThanOrEqual(0.99);
          // The engine's ratio x the idle p99, read no finer than IDLE_P99_FLOOR_MS: an idle p99 of a few milliseconds is one
          // scheduler slice or GC pause on two shared cores, a resolution the ratio cannot go below.
          expect(contendedP99).toBeLessThanOrEqual(engine.ratio * Math.max(idleP99, IDLE_P99_FLOOR_MS));
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
