/**
 * Sync latency: from an edit committed in Postgres to the edit being searchable through Elasticsearch,
 * with the real ingest worker process (relay, BullMQ on Redis, sync job) in between. The baseline is the
 * raw engine on the same machine in the same run: a document written straight to Elasticsearch, until
 * it is searchable. Both are polled the same way, so the ratio is the cost of the pipeline.
 * Usage: npm run bench:sync [-- --edits 30]  (needs ELASTICSEARCH_URL, DATABASE_URL, REDIS_URL)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Command } from 'commander';
import pg from 'pg';
import { createElasticsearchClient } from '../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchIndexManager } from '../shared/search/elasticsearch/es-index-manager.ts';
import { indexNames } from '../shared/search/elasticsearch/index-names.ts';
import { writeBenchResult } from './support/bench-result.ts';

const options = new Command()
  .option('--edits <n>', 'edits to time on each path', (v) => Number(v), 30)
  .parse()
  .opts<{ edits: number }>();

const esUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const tag = `bench_sync_${randomBytes(3).toString('hex')}`;
const prefix = `${tag}_`;
const names = indexNames(prefix);
const client = createElasticsearchClient({ url: esUrl, requestTimeoutMs: 30_000 });
const manager = new ElasticsearchIndexManager(client, names);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${tag}"`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${tag}`;
const db = new pg.Client({ connectionString: dbUrl.toString() });

let worker: ChildProcess | undefined;
try {
  worker = spawn(process.execPath, ['--import', 'tsx', 'services/ingest-worker/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      ELASTICSEARCH_URL: esUrl,
      REDIS_URL: redisUrl,
      ES_INDEX_PREFIX: prefix,
      QUEUE_PREFIX: tag,
      WORKER_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The worker migrates the database and creates the indices on start.
  for (let i = 0; !(await client.indices.existsAlias({ name: names.designers })); i++) {
    if (i > 600) throw new Error('the worker did not create the indices within 60 s');
    await sleep(100);
  }
  await db.connect();
  await db.query(
    `INSERT INTO designers (id, slug, name, website, portfolio_preview, category, location)
     VALUES ('bench-1', 'bench-one', 'name 0', 'https://b.example', 'https://b.example/p.jpg', 'brand', 'Remote')`,
  );

  async function visible(id: string, name: string, started: number): Promise<number> {
    for (;;) {
      const response = await client.search({ index: names.designers, query: { term: { id } }, _source: ['designer.name'] });
      const source = response.hits.hits[0]?._source as { designer?: { name?: string } } | undefined;
      if (source?.designer?.name === name) return performance.now() - started;
      if (performance.now() - started > 30_000) throw new Error(`${id} not searchable as "${name}" within 30 s`);
      await sleep(10);
    }
  }

  const pipeline: number[] = [];
  const raw: number[] = [];
  await visible('bench-1', 'name 0', performance.now());
  for (let i = 1; i <= options.edits; i++) {
    let started = performance.now();
    await db.query(`UPDATE designers SET name = $1 WHERE id = 'bench-1'`, [`name ${i}`]);
    pipeline.push(await visible('bench-1', `name ${i}`, started));

    started = performance.now();
    await client.index({
      index: names.designers,
      id: 'raw-1',
      document: { id: 'raw-1', slug: 'raw-one', category: 'brand', listed_at: new Date().toISOString(), name: 'x', titles: [], companies: [], description: '', location: '', designer: { name: `raw ${i}` } },
    });
    raw.push(await visible('raw-1', `raw ${i}`, started));
  }

  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  const row = (label: string, xs: number[]) =>
    `| ${label} | ${pct(xs, 50).toFixed(0)} | ${pct(xs, 95).toFixed(0)} | ${Math.max(...xs).toFixed(0)} |`;
  console.log(`\n${options.edits} edits each, refresh_interval 1s\n`);
  console.log('| path | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|');
  console.log(row('raw ES: index, until searchable', raw));
  console.log(row('pipeline: Postgres commit → outbox → BullMQ → worker → ES, until searchable', pipeline));
  console.log(`\npipeline / raw (p50): ${(pct(pipeline, 50) / pct(raw, 50)).toFixed(2)}`);
  const summary = (xs: number[]) => ({ p50_ms: pct(xs, 50), p95_ms: pct(xs, 95), max_ms: Math.max(...xs) });
  writeBenchResult('sync-latency', options, { raw: summary(raw), pipeline: summary(pipeline), pipeline_over_raw_p50: pct(pipeline, 50) / pct(raw, 50) });
} finally {
  worker?.kill('SIGTERM');
  await new Promise((resolve) => (worker ? worker.once('exit', resolve) : resolve(undefined)));
  await db.end().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS "${tag}" WITH (FORCE)`);
  await admin.end();
  await manager.dropAll();
  await client.close();
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${tag}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
