/**
 * Read-path benchmark: the API (validation, translation, mapping, JSON envelope, ETag) against the raw
 * Elasticsearch _search with the very same request body, on the same machine in the same run.
 * Usage: ELASTICSEARCH_URL=http://127.0.0.1:9200 npm run bench:read [-- --seconds 10 --connections 8]
 * `--only suggest` runs the scenarios whose name holds the text; `--prefix` names the indices.
 * Also measures facets + highlights against the same API search without them, as ratios of one run
 * (--facets-only: that part alone).
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Command } from 'commander';
import { createApp } from '../services/api/app.ts';
import { FACET_NAMES } from '../shared/domain/designer-facets.schema.ts';
import type { DesignerFilters } from '../shared/domain/designer-search.schema.ts';
import type { OpenRoleFilters } from '../shared/domain/open-role-search.schema.ts';
import { createLogger } from '../shared/logging/logger.ts';
import { generateSampleDirectory } from '../shared/sample/sample-directory.ts';
import { buildDesignerSearchRequest } from '../shared/search/elasticsearch/designer-query.translator.ts';
import { createElasticsearchClient } from '../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../shared/search/elasticsearch/es-index-manager.ts';
import { ElasticsearchSearchRepository } from '../shared/search/elasticsearch/es-search.repository.ts';
import { indexNames } from '../shared/search/elasticsearch/index-names.ts';
import { buildOpenRoleSearchRequest } from '../shared/search/elasticsearch/open-role-query.translator.ts';
import { buildSuggestRequest } from '../shared/search/elasticsearch/suggest-query.translator.ts';
import { writeBenchResult } from './support/bench-result.ts';

const options = new Command()
  .option('--seconds <n>', 'duration of each run', (v) => Number(v), 10)
  .option('--connections <n>', 'concurrent connections', (v) => Number(v), 8)
  .option('--designers <n>', 'designers to index', (v) => Number(v), 5000)
  .option('--only <text>', 'run only the scenarios whose name holds this text')
  // A prefix of this run's own by default: two runs on one cluster must not drop each other's indices.
  .option('--prefix <prefix>', 'index name prefix', `bench_${process.pid}_`)
  .option('--raw-uncached', 'send the raw requests with request_cache=false: the engine\'s own cost, not the shard cache\'s')
  .option('--facets-only', 'measure only facets + highlights against the same search without them')
  .parse()
  .opts<{ seconds: number; connections: number; designers: number; only?: string; prefix: string; rawUncached?: boolean; facetsOnly?: boolean }>();

const esUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
const client = createElasticsearchClient({ url: esUrl, requestTimeoutMs: 30_000 });
const names = indexNames(options.prefix);
const manager = new ElasticsearchIndexManager(client, names);

await manager.dropAll();
await manager.ensureIndices();
const sample = generateSampleDirectory({
  publicBaseUrl: 'http://localhost:3000',
  designers: options.designers,
  openRoles: 400,
});
const writer = new ElasticsearchDocumentWriter(client, names);
await writer.indexDesigners(sample.designers);
await writer.indexOpenRoles(sample.openRoles);
await manager.refresh();

const { app } = createApp({
  search: new ElasticsearchSearchRepository(client, names),
  config: { PUBLIC_BASE_URL: 'http://localhost:3000', CACHE_MAX_AGE_SECONDS: 60 },
  logger: createLogger('silent', 'bench'),
});
const server = app.listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;

const now = new Date();
type Scenario = { name: string; path: string; index: string; body: object };
const designer = (name: string, query: string, filters: DesignerFilters): Scenario => ({
  name,
  path: `/designers?${query}`,
  index: names.designers,
  body: buildDesignerSearchRequest(filters, { limit: 50, offset: 0 }),
});
const openRole = (name: string, query: string, filters: OpenRoleFilters): Scenario => ({
  name,
  path: `/open-roles?${query}`,
  index: names.openRoles,
  body: buildOpenRoleSearchRequest(filters, { limit: 50, offset: 0 }, now),
});
const suggest = (name: string, q: string, word: string): Scenario => ({
  name,
  path: `/suggest?q=${encodeURIComponent(q)}`,
  index: names.designers,
  body: buildSuggestRequest(word, 8),
});
const allScenarios: Scenario[] = [
  designer('designers, no filter', 'limit=50', {}),
  designer('category + location', 'category=brand&location=US&limit=50', { category: 'brand', location: 'US' }),
  designer('company prefix', 'company=studio&limit=50', { company: 'studio' }),
  designer('q, typo + prefix', 'q=senor%20product%20desi&limit=50', { q: 'senor product desi' }),
  openRole('open roles, remote', 'remote=true&limit=50', { remote: true }),
  // Type-ahead: one letter (the widest prefix) and three letters after a first word.
  suggest('suggest, one letter', 's', 's'),
  suggest('suggest, three letters', 'product des', 'des'),
];
/** Writes (each followed by a refresh) before each timed type-ahead request, per side. */
const AFTER_WRITE_ROUNDS = 20;
const scenarios = options.only ? allScenarios.filter((s) => s.name.includes(options.only!)) : allScenarios;

async function run(url: string, init: { method?: string; body?: string } = {}, seconds = options.seconds, allowNon2xx = false) {
  const result = await autocannon({
    url,
    method: (init.method ?? 'GET') as 'GET' | 'POST',
    ...(init.body ? { body: init.body, headers: { 'content-type': 'application/json' } } : {}),
    connections: options.connections,
    duration: seconds,
  });
  if ((result.non2xx > 0 && !allowNon2xx) || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

// The indices go whatever happens: a failed run must not leave its indices on a shared cluster.
try {
  const rows: string[] = [];
  const results: Record<string, unknown>[] = [];
  for (const s of options.facetsOnly ? [] : scenarios) {
    // Warm both paths (JIT, caches, connection pools) so the measured runs compare steady states.
    const rawUrl = `${esUrl}/${s.index}/_search${options.rawUncached ? '?request_cache=false' : ''}`;
    await run(rawUrl, { method: 'POST', body: JSON.stringify(s.body) }, 2);
    await run(`${apiBase}${s.path}`, {}, 2);
    const raw = await run(rawUrl, { method: 'POST', body: JSON.stringify(s.body) });
    const api = await run(`${apiBase}${s.path}`);
    results.push({ scenario: s.name, raw, api, api_over_raw: api.rps / raw.rps });
    rows.push(
      `| ${s.name} | ${raw.rps.toFixed(0)} | ${raw.p50} / ${raw.p99} | ${api.rps.toFixed(0)} | ${api.p50} / ${api.p99} | ${(api.rps / raw.rps).toFixed(2)} |`,
    );
    console.error(rows.at(-1));
  }

  // Facets (all four) and highlights against the very same API search without them, alternated per scenario.
  const EXTRAS = `facets=${FACET_NAMES.join(',')}&highlight=true`;
  const facetRows: string[] = [];
  const facetResults: Record<string, unknown>[] = [];
  // Designer searches only: type-ahead takes neither facets nor highlights (it answers them with a 400).
  for (const s of scenarios.filter((x) => x.path.startsWith('/designers?'))) {
    const withExtras = `${s.path}&${EXTRAS}`;
    // A request shed under load (503) is counted in the row rather than ending the run: the machine is shared.
    await run(`${apiBase}${s.path}`, {}, 2, true);
    await run(`${apiBase}${withExtras}`, {}, 2, true);
    const plain = await run(`${apiBase}${s.path}`, {}, options.seconds, true);
    const extras = await run(`${apiBase}${withExtras}`, {}, options.seconds, true);
    const ratio = { p50: extras.p50 / Math.max(plain.p50, 1), throughput: plain.rps / extras.rps };
    facetResults.push({ scenario: s.name, plain, extras, ratio });
    facetRows.push(
      `| ${s.name} | ${plain.rps.toFixed(0)} | ${plain.p50} / ${plain.p99} | ${extras.rps.toFixed(0)} | ${extras.p50} / ${extras.p99} | ${ratio.throughput.toFixed(2)}× | ${plain.non2xx} / ${extras.non2xx} |`,
    );
    console.error(facetRows.at(-1));
  }

  // Type-ahead right after a write: each refresh that brings a write empties Elasticsearch's request cache, so
  // the raw engine counts afresh; the API serves one or two letters from its own cache (short-prefix-cache.ts).
  const afterWrite: Record<string, unknown>[] = [];
  // Each write a newer version than the last, so the engine takes it.
  let written = 0;
  for (const s of options.facetsOnly ? [] : scenarios.filter((x) => x.path.startsWith('/suggest?'))) {
    const raw: number[] = [];
    const api: number[] = [];
    for (let i = 0; i < AFTER_WRITE_ROUNDS; i++) {
      for (const [side, times] of [['raw', raw], ['api', api]] as const) {
        const d = sample.designers[i % sample.designers.length]!;
        await writer.indexDesigners([{ ...d, version: d.version + ++written }]);
        await manager.refresh();
        const started = performance.now();
        if (side === 'raw') await client.search({ index: s.index, ...(s.body as object) });
        else await (await fetch(`${apiBase}${s.path}`)).text();
        times.push(performance.now() - started);
      }
    }
    const p50 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    afterWrite.push({ scenario: s.name, raw_p50_ms: p50(raw), api_p50_ms: p50(api), api_over_raw: p50(api) / p50(raw) });
    console.error(`${s.name}, right after a write: raw p50 ${p50(raw).toFixed(1)} ms, API p50 ${p50(api).toFixed(1)} ms`);
  }

  console.log(`\n${options.designers} designers, ${options.connections} connections, ${options.seconds} s per run, limit=50\n`);
  if (rows.length > 0) {
    console.log('| scenario | raw ES req/s | raw ES p50 / p99 ms | API req/s | API p50 / p99 ms | API / raw throughput |');
    console.log('|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log('');
  }
  console.log(`| scenario | API req/s | API p50 / p99 ms | with ${EXTRAS}: req/s | p50 / p99 ms | cost (plain / with throughput) | non-2xx plain / with |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const row of facetRows) console.log(row);
  if (afterWrite.length > 0) {
    console.log(`\n| type-ahead right after a write (${AFTER_WRITE_ROUNDS} writes each) | raw ES p50 ms | API p50 ms | API / raw |`);
    console.log('|---|---|---|---|');
    for (const r of afterWrite) console.log(`| ${String(r.scenario)} | ${(r.raw_p50_ms as number).toFixed(1)} | ${(r.api_p50_ms as number).toFixed(1)} | ${(r.api_over_raw as number).toFixed(2)} |`);
  }
  writeBenchResult('search', options, { scenarios: results, facets_highlights: facetResults, suggest_after_write: afterWrite });
} finally {
  server.close();
  await manager.dropAll();
  await client.close();
}
