/**
 * The embedded default's search (PGlite, or a Postgres server with --engine postgres) against the API on
 * Elasticsearch, with the same designers, in the same run; --explain prints EXPLAIN ANALYZE of each
 * scenario's statements, which is how its slow plans were found. Both APIs run as their own processes on the
 * build (`npm start`, the image), so the load generator here shares neither's event loop.
 * --facets asks every search for all four facets as well (the goal holds with facets on).
 * Usage: npm run bench:embedded -- --designers 10000 [--engine pglite|postgres] [--facets] [--explain]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Command } from 'commander';
import pg from 'pg';
import { FACET_NAMES } from '../shared/domain/designer-facets.schema.ts';
import type { DesignerFilters } from '../shared/domain/designer-search.schema.ts';
import { createElasticsearchClient } from '../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../shared/search/elasticsearch/es-index-manager.ts';
import { indexNames } from '../shared/search/elasticsearch/index-names.ts';
import { designerSearchSpec } from '../shared/search/postgres/designer-query.builder.ts';
import { lookUpQueryTerms } from '../shared/search/postgres/query-terms.ts';
import { PostgresSearchRepository } from '../shared/search/postgres/pg-search.repository.ts';
import { countStatement, pageStatement } from '../shared/search/postgres/sql-builder.ts';
import { searchWords } from '../shared/search/postgres/text-search.ts';
import { DesignerReader } from '../shared/store/designer.reader.ts';
import { createPgDb, createPgliteDb, type Db } from '../shared/store/db.ts';
import { importDesignerRecords } from '../shared/store/import/designer-import.ts';
import { migrate } from '../shared/store/migrate.ts';
import { type ApiProcess, buildDist, servingOneLoadGenerator, startApiProcess } from './support/api-process.ts';
import { writeBenchResult } from './support/bench-result.ts';
import { scaleDesigners } from './support/scale-directory.generator.ts';

const options = new Command()
  .option('--designers <n>', 'designers to load', (v) => Number(v), 10_000)
  .option('--engine <engine>', 'pglite or postgres', 'pglite')
  .option('--seconds <n>', 'duration of each run', (v) => Number(v), 10)
  .option('--connections <n>', 'concurrent connections', (v) => Number(v), 8)
  .option('--explain', 'print EXPLAIN ANALYZE of each scenario', false)
  .option('--facets', 'ask every search for all four facets too', false)
  .option('--no-es', 'skip the Elasticsearch comparison')
  .parse()
  .opts<{ designers: number; engine: 'pglite' | 'postgres'; seconds: number; connections: number; explain: boolean; facets: boolean; es: boolean }>();

const PUBLIC = 'http://localhost:3000';
const tag = `bench_embedded_${randomBytes(3).toString('hex')}`;
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const esUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

const FACETS = options.facets ? `&facets=${FACET_NAMES.join(',')}` : '';
type Scenario = { name: string; query: string; filters: DesignerFilters };
const scenarios = ([
  { name: 'designers, no filter', query: 'limit=50', filters: {} },
  { name: 'category + location', query: 'category=brand&location=US&limit=50', filters: { category: 'brand', location: 'US' } },
  { name: 'company prefix', query: 'company=studio&limit=50', filters: { company: 'studio' } },
  { name: 'q, typo + prefix', query: 'q=senor%20product%20desi&limit=50', filters: { q: 'senor product desi' } },
  { name: 'q, one name', query: 'q=lockman&limit=50', filters: { q: 'lockman' } },
] satisfies Scenario[]).map((s): Scenario => ({ ...s, query: `${s.query}${FACETS}` }));

let dir: string | undefined;
let db: Db | undefined;
let pgUrl: string | undefined;
let esDir: string | undefined;
let embedded: ApiProcess | undefined;
let onEs: ApiProcess | undefined;
const es = createElasticsearchClient({ url: esUrl, requestTimeoutMs: 120_000 });
const names = indexNames(`${tag}_`);
const manager = new ElasticsearchIndexManager(es, names);
try {
  if (options.engine === 'pglite') {
    dir = await mkdtemp(join(tmpdir(), `${tag}-`));
    db = await createPgliteDb(dir);
  } else {
    await admin(`CREATE DATABASE "${tag}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${tag}`;
    pgUrl = url.toString();
    db = createPgDb(pgUrl, { max: options.connections });
  }
  await migrate(db);
  let started = Date.now();
  let chunk: { line: number; value: unknown }[] = [];
  let line = 0;
  for (const record of scaleDesigners({ designers: options.designers })) {
    chunk.push({ line: ++line, value: record });
    if (chunk.length === 5000) {
      await importDesignerRecords(db, chunk);
      chunk = [];
    }
  }
  if (chunk.length) await importDesignerRecords(db, chunk);
  console.error(`${options.engine} import: ${options.designers} in ${Date.now() - started} ms = ${Math.round((options.designers * 1000) / (Date.now() - started))} records/s`);

  if (options.es) {
    await manager.ensureIndices();
    const reader = new DesignerReader(db, PUBLIC);
    const writer = new ElasticsearchDocumentWriter(es, names);
    await writer.indexDesigners(reader.streamListed());
    await manager.refresh();
  }

  // The search text the Postgres engine reads: computed once, as the API does before it serves.
  started = Date.now();
  await new PostgresSearchRepository(db, { publicBaseUrl: PUBLIC, timeoutMs: 30_000 }).prepare();
  console.error(`search text for ${options.designers} designers: ${Date.now() - started} ms`);

  if (options.explain) {
    for (const s of scenarios) {
      const spec = designerSearchSpec(s.filters, await lookUpQueryTerms(db, searchWords(s.filters.q ?? '')));
      const page = { limit: 50, offset: 0 };
      const statements = [countStatement(spec), pageStatement(spec, page), ...(spec.top ? [pageStatement(spec, page, { top: true })] : [])];
      for (const statement of statements) {
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
        console.error(`\n--- ${s.name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
  }

  // Each API in its own process on the build, as `npm start` and the image run it: the embedded one opens
  // the same PGlite directory (or database), so this process lets go of it first.
  await db.close();
  db = undefined;
  buildDist();
  const storeEnv: Record<string, string> =
    options.engine === 'pglite' ? { DATA_DIR: dir! } : { DATABASE_URL: pgUrl!, SEARCH_BACKEND: 'postgres' };
  const oneLoadGenerator = servingOneLoadGenerator(options.connections);
  embedded = await startApiProcess({ ...storeEnv, ...oneLoadGenerator, PUBLIC_BASE_URL: PUBLIC });
  console.error(`embedded API ready in ${embedded.readyMs} ms`);
  const listed = await embedded.total();
  if (listed < options.designers * 0.5) throw new Error(`the embedded API serves ${listed} designers, not the ${options.designers} imported`);
  if (options.es) {
    esDir = await mkdtemp(join(tmpdir(), `${tag}-es-`));
    // Its own (sample) store: on Elasticsearch the read path never touches it.
    onEs = await startApiProcess({ DATA_DIR: esDir, ...oneLoadGenerator, PUBLIC_BASE_URL: PUBLIC, ELASTICSEARCH_URL: esUrl, ES_INDEX_PREFIX: `${tag}_`, SEARCH_BACKEND: 'elasticsearch' });
    const onEsListed = await onEs.total();
    if (onEsListed !== listed) throw new Error(`the API on Elasticsearch serves ${onEsListed} designers, the embedded one ${listed}`);
  }

  const run = async (url: string, seconds = options.seconds) => {
    const r = await autocannon({ url, connections: options.connections, duration: seconds, timeout: 60 });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
  };
  const lines = [
    `${options.designers} designers, ${options.engine}, ${options.connections} connections, ${options.seconds} s per run, limit=50${options.facets ? ', all four facets' : ''}`,
    '| scenario | embedded req/s | embedded p50 / p99 ms | API on ES req/s | API on ES p50 / p99 ms | embedded p99 / ES p99 |',
    '|---|---|---|---|---|---|',
  ];
  const results: Record<string, unknown>[] = [];
  for (const s of scenarios) {
    await run(`${embedded.base}/designers?${s.query}`, 2);
    const e = await run(`${embedded.base}/designers?${s.query}`);
    let cells = '– | – | –';
    let apiOnEs: Awaited<ReturnType<typeof run>> | undefined;
    if (onEs) {
      await run(`${onEs.base}/designers?${s.query}`, 2);
      const a = await run(`${onEs.base}/designers?${s.query}`);
      apiOnEs = a;
      cells = `${a.rps.toFixed(0)} | ${a.p50} / ${a.p99} | ${(e.p99 / a.p99).toFixed(1)}`;
    }
    results.push({ scenario: s.name, embedded: e, ...(apiOnEs ? { api_on_es: apiOnEs, p99_ratio: e.p99 / apiOnEs.p99 } : {}) });
    lines.push(`| ${s.name} | ${e.rps.toFixed(0)} | ${e.p50} / ${e.p99}${e.bad ? ` (${e.bad} errors)` : ''} | ${cells} |`);
    console.error(lines.at(-1));
  }
  console.log(`\n${lines.join('\n')}`);
  writeBenchResult('embedded', options, { scenarios: results });
} finally {
  await embedded?.stop();
  await onEs?.stop();
  if (esDir) await rm(esDir, { recursive: true, force: true });
  await db?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  if (options.engine === 'postgres') await admin(`DROP DATABASE IF EXISTS "${tag}" WITH (FORCE)`).catch(() => undefined);
  await manager.dropAll().catch(() => undefined);
  await es.close();
}
