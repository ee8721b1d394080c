/**
 * The pipeline at scale, each figure against the raw engine in the same run:
 *   import (CLI, NDJSON file) · initial sync through the worker vs raw helpers.bulk · reindex vs raw bulk ·
 *   worker peak RSS · freshness at a sustained write rate vs raw Elasticsearch · read path: API vs raw
 *   _search, the embedded Postgres search engine, and a naive ILIKE server · search features: facets and
 *   highlights against the same search without them, the Postgres engine with facets against Elasticsearch
 *   with them, type-ahead's latency · open search contexts after.
 * Usage: npm run bench -- --designers 100000  (needs ELASTICSEARCH_URL, DATABASE_URL, REDIS_URL)
 *        npm run bench -- --designers 100000 --busy  (the initial sync and the reindex with every core kept busy)
 * Everything it creates (database, indices, queue keys, temp file) carries one tag and is removed after.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { Command } from 'commander';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createApp } from '../services/api/app.ts';
import { designerProfile } from '../shared/domain/designer-import.schema.ts';
import type { IndexedDesigner } from '../shared/domain/designer.schema.ts';
import { FACET_NAMES } from '../shared/domain/designer-facets.schema.ts';
import type { DesignerFilters } from '../shared/domain/designer-search.schema.ts';
import { IngestQueues } from '../shared/ingest/runtime/ingest-queues.ts';
import { createRedisConnection } from '../shared/ingest/runtime/redis-connection.factory.ts';
import { createLogger } from '../shared/logging/logger.ts';
import { buildDesignerSearchRequest } from '../shared/search/elasticsearch/designer-query.translator.ts';
import { createElasticsearchClient } from '../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../shared/search/elasticsearch/es-index-manager.ts';
import { indexNames } from '../shared/search/elasticsearch/index-names.ts';
import { PostgresSearchRepository } from '../shared/search/postgres/pg-search.repository.ts';
import { createPgDb } from '../shared/store/db.ts';
import { type ApiProcess, buildDist, servingOneLoadGenerator, startApiProcess, stopChild } from './support/api-process.ts';
import { startNaiveIlikeServer } from './support/naive-ilike.server.ts';
import { type PassThroughProcess, startPassThroughProcess } from './support/pass-through.process.ts';
import { cpuPerRequest, localElasticsearchPid, ownCores } from './support/process-cpu.ts';
import { writeBenchResult } from './support/bench-result.ts';
import { scaleDesigners } from './support/scale-directory.generator.ts';

/** The V8 flags of `npm run worker` (the worker image's CMD has the same; infra/docker-compose.test.ts checks it). */
function workerNodeFlags(): string {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.worker!;
  return (/node ((?:--\S+ )*)dist\//.exec(script)?.[1] ?? '').trim();
}

const options = new Command()
  .option('--designers <n>', 'designers to generate and load', (v) => Number(v), 100_000)
  .option('--seconds <n>', 'duration of each read run', (v) => Number(v), 10)
  .option('--connections <n>', 'concurrent connections of the read runs', (v) => Number(v), 8)
  .option('--write-rate <n>', 'edits per second of the freshness run', (v) => Number(v), 100)
  .option('--write-seconds <n>', 'duration of the freshness run', (v) => Number(v), 20)
  .option('--worker-node-flags <flags>', "the worker's V8 flags (default: those of `npm run worker`, as in its image)", workerNodeFlags())
  .option('--import-node-flags <flags>', "the CLI import's V8 flags, e.g. '--max-old-space-size=256' to show the heap it needs (default: none)", '')
  .option('--skip <phases>', 'comma-separated phases to skip: reads,embedded,ilike,freshness,reindex,features', '')
  .option(
    '--busy [burners]',
    'keep the machine busy during the initial sync and the reindex: this many processes each burning a core in a loop (default: one per core)',
    (v) => Number(v),
  )
  .option('--own-cores', 'read path once more with Elasticsearch pinned to the last core and the API and load generator to the others (taskset, local Elasticsearch)')
  .parse()
  .opts<{
    designers: number;
    seconds: number;
    connections: number;
    writeRate: number;
    writeSeconds: number;
    workerNodeFlags: string;
    importNodeFlags: string;
    skip: string;
    busy?: number | true;
    ownCores?: boolean;
  }>();
const burnerCount = options.busy === undefined ? 0 : options.busy === true ? availableParallelism() : options.busy;
const skip = new Set(options.skip.split(',').filter(Boolean));

const esUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const N = options.designers;
const tag = `bench_scale_${randomBytes(3).toString('hex')}`;
const PUBLIC = 'http://localhost:3000';
const names = indexNames(`${tag}_`);
const rawNames = indexNames(`${tag}_raw_`);
const es = createElasticsearchClient({ url: esUrl, requestTimeoutMs: 120_000 });
const manager = new ElasticsearchIndexManager(es, names);
const rawManager = new ElasticsearchIndexManager(es, rawNames);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${tag}`;
const file = join(tmpdir(), `${tag}.ndjson`);

const report: string[] = [];
/** The headline figures as data, for bench/results/; the report keeps every table as printed. */
const figures: Record<string, unknown> = {};
const say = (line: string) => {
  report.push(line);
  console.error(line);
};
const rate = (n: number, ms: number) => Math.round((n * 1000) / ms);

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Resident set size of a process, from /proc (Linux), in MiB. */
async function rssMiB(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every 250 ms; peak() since the last reset(). */
function rssSampler(pid: number) {
  let peak = 0;
  let last = 0;
  const timer = setInterval(async () => {
    const v = await rssMiB(pid);
    if (v !== null) {
      last = v;
      peak = Math.max(peak, v);
    }
  }, 250);
  return {
    peak: () => peak,
    last: () => last,
    reset: () => (peak = last),
    stop: () => clearInterval(timer),
  };
}

function node(args: string[], env: Record<string, string>, stdio: 'inherit' | 'ignore' = 'inherit', flags: string[] = []): ChildProcess {
  return spawn(process.execPath, [...flags, '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', stdio, 'inherit'] });
}

async function exitOf(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code ?? 1;
}

/**
 * Waits until the bench's indices have had no merge running for three polls a second apart: merges after a
 * sync or reindex take Elasticsearch CPU that would otherwise fall on whichever read run is going, and the
 * read runs compare CPU per request. Returns the ms waited, -1 past the timeout.
 */
async function mergesSettled(timeoutMs = 600_000): Promise<number> {
  const started = Date.now();
  for (let quiet = 0; Date.now() - started < timeoutMs; await sleep(1000)) {
    const stats = await es.indices.stats({ index: `${tag}_*`, metric: 'merge' });
    quiet = (stats._all.total?.merges?.current ?? 0) === 0 ? quiet + 1 : 0;
    if (quiet >= 3) return Date.now() - started;
  }
  return -1;
}

/** What searches see now: no forced refresh, which every half second would add work the raw bulk never does. */
async function searchable(index: string): Promise<number> {
  // An index the worker has just created answers "no shard available" until its shard starts.
  return es.count({ index }).then((r) => r.count, () => 0);
}

const toIndexed = (r: ReturnType<typeof scaleDesigners> extends Generator<infer T> ? T : never, version: number): IndexedDesigner => {
  return { designer: designerProfile({ ...r, id: r.id! }, PUBLIC), listed_at: r.listed_at!, version };
};

/** Processes that each keep a core busy until stopped: the busy machine a worker meets beside others. */
function startBurners(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}
let burners: ChildProcess[] = [];
const stopBurners = () => {
  for (const burner of burners) burner.kill('SIGKILL');
  burners = [];
};
const busyNote = () => (burnerCount > 0 ? ` (${burnerCount} core burner${burnerCount === 1 ? '' : 's'} running)` : '');

let worker: ChildProcess | undefined;
let apiProcess: ApiProcess | undefined;
let hopProcess: PassThroughProcess | undefined;
let sampler: ReturnType<typeof rssSampler> | undefined;
try {
  say(`# scale bench: ${N} designers (tag ${tag}), worker node flags '${options.workerNodeFlags}', import node flags '${options.importNodeFlags}'`);

  // ---- 0. a deterministic NDJSON file, as a curator would import it ----
  let t = Date.now();
  const out = createWriteStream(file);
  for (const record of scaleDesigners({ designers: N })) {
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  say(`generate: ${N} records in ${Date.now() - t} ms`);

  // ---- 1. raw helpers.bulk of the same documents (no Postgres, no queue): the engine's own rate ----
  await rawManager.ensureIndices();
  // The helper's own defaults (5 MB requests, 5 in flight): the engine's rate with no bound on what is held.
  const rawWriter = new ElasticsearchDocumentWriter(es, rawNames, { flushBytes: 5_000_000, concurrency: 5, retries: 3, retryWaitMs: 5000 });
  // Under the same load as the sync it is compared with.
  burners = startBurners(burnerCount);
  t = Date.now();
  const raw = await rawWriter.indexDesigners((function* () {
    for (const r of scaleDesigners({ designers: N })) yield toIndexed(r, 1);
  })());
  const rawMs = Date.now() - t;
  stopBurners();
  if (raw.failed.length) throw new Error(`raw bulk failed: ${raw.failed[0]!.reason}`);
  figures.raw_bulk = { docs: raw.applied, ms: rawMs };
  say(`raw bulk${busyNote()}: ${raw.applied} docs in ${rawMs} ms = ${rate(raw.applied, rawMs)} docs/s`);

  // ---- 2. CLI import into a fresh database ----
  await adminQuery(`CREATE DATABASE "${tag}"`);
  // The store of a deployment on Elasticsearch, whatever the caller's environment: without ELASTICSEARCH_URL the
  // CLI would take the Postgres search engine and compute its search text inside the timed import.
  const storeEnv = { DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'warn', PUBLIC_BASE_URL: PUBLIC, ELASTICSEARCH_URL: esUrl, SEARCH_BACKEND: 'elasticsearch' };
  await exitOf(node(['services/cli/main.ts', 'migrate'], storeEnv, 'ignore'));
  t = Date.now();
  const importer = node(['services/cli/main.ts', 'import', file], storeEnv, 'ignore', options.importNodeFlags.split(' ').filter(Boolean));
  const importRss = rssSampler(importer.pid!);
  const importCode = await exitOf(importer);
  const importMs = Date.now() - t;
  importRss.stop();
  if (importCode !== 0) throw new Error(`import exited with ${importCode}`);
  figures.cli_import = { records: N, ms: importMs, peak_rss_mib: Math.round(importRss.peak()) };
  say(`CLI import: ${N} records in ${importMs} ms = ${rate(N, importMs)} records/s (peak RSS ${importRss.peak().toFixed(0)} MiB)`);

  // ---- 3. initial sync: the worker drains the outbox the import filled ----
  // The worker as its image runs it: the build in dist/, on plain node (infra/ingest-worker.Dockerfile).
  buildDist();
  burners = startBurners(burnerCount);
  t = Date.now();
  worker = spawn(
    process.execPath,
    [...options.workerNodeFlags.split(' ').filter(Boolean), 'dist/services/ingest-worker/main.js'],
    {
      env: { ...process.env, ...storeEnv, ELASTICSEARCH_URL: esUrl, REDIS_URL: redisUrl, ES_INDEX_PREFIX: `${tag}_`, QUEUE_PREFIX: tag, WORKER_PORT: '0' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  sampler = rssSampler(worker.pid!);
  for (;;) {
    await sleep(500);
    if ((await es.indices.existsAlias({ name: names.designers })) && (await searchable(names.designers)) >= N) break;
    if (worker.exitCode !== null) throw new Error('the worker died');
  }
  const syncMs = Date.now() - t;
  figures.initial_sync = { ms: syncMs, vs_raw_bulk: rawMs / syncMs, worker_peak_rss_mib: Math.round(sampler.peak()) };
  say(
    `initial sync${busyNote()} (worker start → all ${N} searchable): ${syncMs} ms = ${rate(N, syncMs)} docs/s; vs raw bulk ${(rawMs / syncMs).toFixed(2)}×; worker peak RSS ${sampler.peak().toFixed(0)} MiB`,
  );
  await sleep(3000);

  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });

  // ---- 4. reindex through the worker ----
  if (!skip.has('reindex')) {
    const connection = createRedisConnection(redisUrl, 'producer');
    const queues = new IngestQueues(connection, tag);
    sampler.reset();
    const before = sampler.last();
    t = Date.now();
    const id = await queues.enqueueReindex('designers');
    for (;;) {
      await sleep(250);
      const job = await queues.getJob(id);
      if (job?.state === 'completed') break;
      if (job?.state === 'failed') throw new Error(`reindex failed: ${job.failed_reason}`);
    }
    const reindexMs = Date.now() - t;
    const peak = sampler.peak();
    await sleep(10_000);
    figures.reindex = { ms: reindexMs, vs_raw_bulk: rawMs / reindexMs, worker_rss_mib: { before: Math.round(before), peak: Math.round(peak), after_10_s: Math.round(sampler.last()) } };
    say(
      `reindex${busyNote()}: ${reindexMs} ms = ${rate(N, reindexMs)} docs/s; raw bulk / reindex time ${(rawMs / reindexMs).toFixed(2)}×; worker RSS before ${before.toFixed(0)}, peak ${peak.toFixed(0)}, 10 s after ${sampler.last().toFixed(0)} MiB`,
    );
    await queues.close();
    connection.disconnect();
  }

  // The burners were for the worker's memory and its load rate; latencies and read runs are measured on a quiet machine.
  stopBurners();

  // ---- 5. freshness at a sustained write rate, against raw Elasticsearch at the same rate ----
  if (!skip.has('freshness')) {
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM designers ORDER BY id LIMIT 5000`);
    const ids = rows.map((r) => r.id);
    const measure = async (write: (id: string, k: number) => Promise<number>, index: string) => {
      const pending = new Map<string, { version: number; at: number }>();
      const latencies: number[] = [];
      let writing = true;
      const poller = (async () => {
        while (writing || pending.size > 0) {
          await sleep(50);
          if (pending.size === 0) continue;
          const response = await es.search({
            index,
            query: { ids: { values: [...pending.keys()] } },
            size: pending.size,
            version: true,
            _source: false,
          });
          const now = Date.now();
          for (const hit of response.hits.hits) {
            const p = pending.get(hit._id!);
            if (p && (hit._version ?? 0) >= p.version) {
              latencies.push(now - p.at);
              pending.delete(hit._id!);
            }
          }
        }
      })();
      const total = options.writeRate * options.writeSeconds;
      const start = Date.now();
      for (let k = 0; k < total; k++) {
        const due = start + (k * 1000) / options.writeRate;
        if (due > Date.now()) await sleep(due - Date.now());
        const id = ids[k % ids.length]!;
        if (pending.has(id)) continue;
        const at = Date.now();
        const version = await write(id, k);
        pending.set(id, { version, at });
      }
      writing = false;
      await Promise.race([poller, sleep(30_000)]);
      latencies.sort((a, b) => a - b);
      const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
      return { n: latencies.length, lost: pending.size, p50: q(0.5), p99: q(0.99) };
    };
    const pipeline = await measure(async (id, k) => {
      const { rows: v } = await pool.query<{ version: string }>(`UPDATE designers SET name = $2 WHERE id = $1 RETURNING version`, [
        id,
        `Fresh Name ${k}`,
      ]);
      return Number(v[0]!.version);
    }, names.designers);
    let rawVersion = 10;
    const rawFresh = await measure(async (id) => {
      const version = ++rawVersion;
      await es.index({ index: rawNames.designers, id, version, version_type: 'external', document: { id, name: `Fresh ${version}` } });
      return version;
    }, rawNames.designers);
    figures.freshness = { writes_per_s: options.writeRate, seconds: options.writeSeconds, pipeline, raw: rawFresh, p99_ratio: pipeline.p99 / rawFresh.p99 };
    say(
      `freshness at ${options.writeRate} writes/s for ${options.writeSeconds} s: pipeline p50 ${pipeline.p50} / p99 ${pipeline.p99} ms (${pipeline.n} seen, ${pipeline.lost} lost); raw ES p50 ${rawFresh.p50} / p99 ${rawFresh.p99} ms; p99 ratio ${(pipeline.p99 / rawFresh.p99).toFixed(2)}`,
    );
  }
  sampler.stop();
  figures.worker_rss_mib = { end: Math.round(sampler.last()), peak: Math.round(sampler.peak()) };
  say(`worker RSS at the end: ${sampler.last().toFixed(0)} MiB (peak over the run ${sampler.peak().toFixed(0)} MiB)`);

  // ---- 6. read path ----
  if (!skip.has('reads')) {
    const waited = await mergesSettled();
    say(waited < 0 ? 'merges still running after 10 min; the read runs share the cores with them' : `waited ${waited} ms for the indices' merges to finish`);
    // The raw index got freshness writes with partial documents; the read runs use the synced alias.
    // The API as its image runs it (bench/support/api-process.ts).
    const api = await startApiProcess({
      ...storeEnv,
      LOG_LEVEL: 'info',
      ...servingOneLoadGenerator(options.connections),
      ELASTICSEARCH_URL: esUrl,
      REDIS_URL: redisUrl,
      ES_INDEX_PREFIX: `${tag}_`,
      QUEUE_PREFIX: tag,
      SEARCH_BACKEND: 'elasticsearch',
    });
    apiProcess = api;
    const apiBase = api.base;
    if ((await api.total()) !== N) throw new Error(`the API process serves ${await api.total()} designers, not ${N}`);

    const pgDb = createPgDb(dbUrl.toString(), { max: options.connections });
    const pgSearch = new PostgresSearchRepository(pgDb, { publicBaseUrl: PUBLIC, timeoutMs: 30_000 });
    if (!skip.has('embedded')) {
      // As the API does at start-up: the database was filled with the search-text queue off (Elasticsearch).
      const started = performance.now();
      await pgSearch.prepare();
      say(`Postgres search text for ${N} designers (switching a filled store to the Postgres engine): ${Math.round(performance.now() - started)} ms`);
    }
    const embeddedServer = createApp({
      search: pgSearch,
      config: { PUBLIC_BASE_URL: PUBLIC, CACHE_MAX_AGE_SECONDS: 60 },
      logger: createLogger('silent', 'bench'),
    }).app.listen(0, '127.0.0.1');
    await once(embeddedServer, 'listening');
    const embeddedBase = `http://127.0.0.1:${(embeddedServer.address() as AddressInfo).port}/api/v1`;
    const ilike = await startNaiveIlikeServer(dbUrl.toString());
    // The least any hop can cost: the same body to the same index, the bytes sent back unread.
    const hop = await startPassThroughProcess(`${esUrl}/${names.designers}/_search`);
    hopProcess = hop;

    const run = async (url: string, init: { method?: string; body?: string } = {}, seconds = options.seconds, connections = options.connections) => {
      const result = await autocannon({
        url,
        method: (init.method ?? 'GET') as 'GET' | 'POST',
        ...(init.body ? { body: init.body, headers: { 'content-type': 'application/json' } } : {}),
        connections,
        duration: seconds,
        timeout: 30,
      });
      return {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        bad: result.non2xx + result.errors + result.timeouts,
        requests: result.requests.total,
      };
    };
    // CPU per request of Elasticsearch and of the API process: what the ratio is made of (null: ES not local).
    const esPid = localElasticsearchPid(esUrl);
    const apiPid = api.proc.pid;
    const ms = (v: number | null | undefined) => (v === null || v === undefined ? '–' : v.toFixed(2));
    const cpuOf = (p: Record<string, number | null>) => `ES ${ms(p.es)} / API ${ms(p.api)}`;
    const hopCpuOf = (p: Record<string, number | null>) => `ES ${ms(p.es)} / hop ${ms(p.hop)}`;
    const ratio = (r: { rps: number; bad: number }, rawRps: number) => `${(r.rps / rawRps).toFixed(2)}${r.bad ? ` (${r.bad} errors)` : ''}`;
    const cpuLines: string[] = [];
    const fmt = (r: { rps: number; p50: number; p99: number; bad: number }) =>
      `${r.rps.toFixed(0)}, ${r.p50} / ${r.p99}${r.bad ? ` (${r.bad} errors)` : ''}`;
    const scenarios: { name: string; query: string; filters: DesignerFilters }[] = [
      { name: 'designers, no filter', query: 'limit=50', filters: {} },
      { name: 'category + location', query: 'category=brand&location=US&limit=50', filters: { category: 'brand', location: 'US' } },
      { name: 'company prefix', query: 'company=studio&limit=50', filters: { company: 'studio' } },
      { name: 'q, typo + prefix', query: 'q=senor%20product%20desi&limit=50', filters: { q: 'senor product desi' } },
    ];
    /**
     * Warm-ups, then raw _search, the API's GET, the bare hop's POST and raw _search again for one scenario,
     * each with the CPU per request of Elasticsearch and of the process in front of it. Elasticsearch grows
     * cheaper per request as a scenario runs on (its caches and compiled code warm up), which would favour
     * whatever runs later: the hops are compared with the mean of a raw run before and one after them.
     */
    const rawAndApi = async (s: (typeof scenarios)[number]) => {
      const body = JSON.stringify(buildDesignerSearchRequest(s.filters, { limit: 50, offset: 0 }));
      const rawUrl = `${esUrl}/${names.designers}/_search`;
      const apiUrl = `${apiBase}/designers?${s.query}`;
      await run(rawUrl, { method: 'POST', body }, 2);
      await run(apiUrl, {}, 2);
      await run(hop.url, { method: 'POST', body }, 2);
      const before = await cpuPerRequest({ es: esPid }, () => run(rawUrl, { method: 'POST', body }));
      const viaApi = await cpuPerRequest({ es: esPid, api: apiPid }, () => run(apiUrl));
      const viaHop = await cpuPerRequest({ es: esPid, hop: hop.proc.pid }, () => run(hop.url, { method: 'POST', body }));
      const after = await cpuPerRequest({ es: esPid }, () => run(rawUrl, { method: 'POST', body }));
      const n = before.result.requests + after.result.requests;
      const [esBefore, esAfter] = [before.perRequest.es ?? null, after.perRequest.es ?? null];
      const esRaw = esBefore === null || esAfter === null ? null : (esBefore * before.result.requests + esAfter * after.result.requests) / n;
      const rawRps = (before.result.rps + after.result.rps) / 2;
      return {
        raw: `${fmt(before.result)}; ${fmt(after.result)}`,
        rawEs: esRaw,
        apiRatio: ratio(viaApi.result, rawRps),
        hopRatio: ratio(viaHop.result, rawRps),
        api: viaApi.result,
        apiCpu: viaApi.perRequest,
        hopCpu: viaHop.perRequest,
      };
    };
    say('');
    say(`read path, ${options.connections} connections, ${options.seconds} s per run, limit=50 (req/s, p50 / p99 ms)`);
    say('| scenario | raw ES, run before; run after | API on ES | API / raw | bare hop / raw | embedded (Postgres search engine) | naive ILIKE server |');
    say('|---|---|---|---|---|---|---|');
    for (const s of scenarios) {
      const { raw, rawEs, api: apiRun, apiCpu, apiRatio, hopRatio, hopCpu } = await rawAndApi(s);
      cpuLines.push(`| ${s.name} | ES ${ms(rawEs)} | ${cpuOf(apiCpu)} | ${hopCpuOf(hopCpu)} |`);
      const embedded = skip.has('embedded') ? null : await run(`${embeddedBase}/designers?${s.query}`);
      const naive = skip.has('ilike') ? null : await run(`${ilike.base}/designers?${s.query.replace('q=senor%20product%20desi', 'q=product%20desi')}`);
      say(
        `| ${s.name} | ${raw} | ${fmt(apiRun)} | ${apiRatio} | ${hopRatio} | ${embedded ? `${fmt(embedded)} (p99 ${(embedded.p99 / apiRun.p99).toFixed(1)}× API on ES)` : 'skipped'} | ${naive ? fmt(naive) : 'skipped'} |`,
      );
    }
    say('');
    say('CPU ms per request of each process in those runs (user + system, /proc):');
    say('| scenario | raw ES runs | API run | bare hop run |');
    say('|---|---|---|---|');
    for (const line of cpuLines) say(line);

    if (options.ownCores) {
      // API replicas on their own cores: the hop's CPU no longer comes out of Elasticsearch's.
      if (!esPid || !apiPid) throw new Error('--own-cores needs a local Elasticsearch and the API process');
      const undo = ownCores(esPid, [apiPid, hop.proc.pid!, process.pid]);
      try {
        say('');
        say(`read path with Elasticsearch on its own core, the API and the load generator on the others, ${options.connections} connections (req/s, p50 / p99 ms):`);
        say('| scenario | raw ES, run before; run after | API on ES | API / raw | bare hop / raw | CPU ms per request: ES in the raw runs; ES / API in the API run; ES / hop in the hop run |');
        say('|---|---|---|---|---|---|');
        for (const s of scenarios) {
          const { raw, rawEs, api: apiRun, apiCpu, apiRatio, hopRatio, hopCpu } = await rawAndApi(s);
          say(`| ${s.name} | ${raw} | ${fmt(apiRun)} | ${apiRatio} | ${hopRatio} | ${ms(rawEs)}; ${cpuOf(apiCpu)}; ${hopCpuOf(hopCpu)} |`);
        }
      } finally {
        undo();
      }
    }

    if (!skip.has('features')) {
      // Search features in the same run, each against the same search without it: facets and highlights on the
      // API on Elasticsearch (one connection: the cost of one request), the Postgres search engine with facets
      // against the API on Elasticsearch with them, and type-ahead's latency.
      const FACETS = `facets=${FACET_NAMES.join(',')}`;
      const features: Record<string, unknown>[] = [];
      say('');
      say(`search features, ${options.seconds} s per run (req/s, p50 / p99 ms)`);
      say(`| scenario | API on ES, 1 connection | with ${FACETS}&highlight=true | cost (plain / with throughput) | Postgres search engine with facets, ${options.connections} connections | API on ES with facets | p99 ratio |`);
      say('|---|---|---|---|---|---|---|');
      for (const s of scenarios) {
        const plainUrl = `${apiBase}/designers?${s.query}`;
        const extrasUrl = `${plainUrl}&${FACETS}&highlight=true`;
        await run(plainUrl, {}, 2, 1);
        await run(extrasUrl, {}, 2, 1);
        const plain = await run(plainUrl, {}, options.seconds, 1);
        const extras = await run(extrasUrl, {}, options.seconds, 1);
        const cost = plain.rps / extras.rps;
        const esFacets = await run(`${plainUrl}&${FACETS}`);
        const pgFacets = skip.has('embedded') ? null : await run(`${embeddedBase}/designers?${s.query}&${FACETS}`);
        const p99Ratio = pgFacets ? pgFacets.p99 / esFacets.p99 : null;
        features.push({ scenario: s.name, plain, extras, cost, es_facets: esFacets, pg_facets: pgFacets, pg_over_es_p99: p99Ratio });
        say(`| ${s.name} | ${fmt(plain)} | ${fmt(extras)} | ${cost.toFixed(2)}× | ${pgFacets ? fmt(pgFacets) : 'skipped'} | ${fmt(esFacets)} | ${p99Ratio === null ? '–' : `${p99Ratio.toFixed(1)}×`} |`);
      }
      const suggestions: Record<string, unknown>[] = [];
      for (const q of ['s', 'product des']) {
        const url = `${apiBase}/suggest?q=${encodeURIComponent(q)}`;
        await run(url, {}, 2, 1);
        const result = await run(url, {}, options.seconds, 1);
        suggestions.push({ q, ...result });
        say(`type-ahead "${q}", 1 connection: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps.toFixed(0)} req/s${result.bad ? ` (${result.bad} errors)` : ''}`);
      }
      figures.search_features = { facets_highlights: features, suggest: suggestions };
    }

    // Cursor walks: many q searches, some followed for a page and abandoned. Open contexts stay bounded.
    // As many at once as the read runs' connections; a search the API refuses (503 past its search
    // timeout) is counted, not followed.
    const statuses = new Map<number, number>();
    const fetchCounted = async (url: string) => {
      const response = await fetch(url);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      return response.ok ? ((await response.json()) as { meta: { next_cursor: string | null } }) : null;
    };
    for (let i = 0; i < 200; i += options.connections) {
      await Promise.all(
        Array.from({ length: Math.min(options.connections, 200 - i) }, async (_, j) => {
          const first = await fetchCounted(`${apiBase}/designers?q=designer&limit=20`);
          if ((i + j) % 10 === 0 && first?.meta.next_cursor) await fetchCounted(`${apiBase}/designers?q=designer&limit=20&cursor=${first.meta.next_cursor}`);
        }),
      );
    }
    const stats = await es.indices.stats({ index: `${tag}_*`, metric: 'search' });
    figures.open_search_contexts = { after_read_runs_and_200_q_walks: stats._all.total?.search?.open_contexts ?? 0, statuses: Object.fromEntries(statuses) };
    say(
      `open search contexts on the bench's indices after the read runs and 200 q searches (every tenth followed one page and abandoned; statuses ${JSON.stringify(Object.fromEntries(statuses))}): ${stats._all.total?.search?.open_contexts ?? 0} (bound: ES_MAX_OPEN_PITS=500 per API process)`,
    );

    await api.stop();
    embeddedServer.closeAllConnections();
    embeddedServer.close();
    await ilike.close();
    await hop.stop();
    await pgDb.close();
  }
  await pool.end();
} finally {
  stopBurners();
  sampler?.stop();
  await apiProcess?.stop();
  await hopProcess?.stop();
  if (worker) await stopChild(worker, 15_000);
  await manager.dropAll().catch(() => undefined);
  await rawManager.dropAll().catch(() => undefined);
  await es.close();
  await adminQuery(`DROP DATABASE IF EXISTS "${tag}" WITH (FORCE)`).catch(() => undefined);
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${tag}:*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
  await rm(file, { force: true });
  console.log(`\n${report.join('\n')}`);
}
writeBenchResult('scale', options, { designers: N, ...figures, report });
