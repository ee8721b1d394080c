/**
 * Read-path benchmark: the API (validation, translation, mapping, JSON envelope, ETag) against the raw
 * Elasticsearch _search with the very same request body, on the same machine in the same run.
 * Usage: ELASTICSEARCH_URL=http://127.0.0.1:9200 npm run bench [-- --seconds 10 --connections 8]
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Command } from 'commander';
import { createApp } from '../services/api/app.ts';
import type { DesignerFilters } from '../shared/domain/designer-search.schema.ts';
import type { OpenRoleFilters } from '../shared/domain/open-role-search.schema.ts';
import { createLogger } from '../shared/logging/logger.ts';
import { generateSampleDirectory } from '../shared/sample/sample-directory.ts';
import { buildDesignerSearchRequest } from '../shared/search/elasticsearch/designer-query.translator.ts';
import { createElasticsearchClient } from '../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../shared/search/elasticsearch/es-index.manager.ts';
import { ElasticsearchSearchRepository } from '../shared/search/elasticsearch/es-search.repository.ts';
import { indexNames } from '../shared/search/elasticsearch/index-names.ts';
import { buildOpenRoleSearchRequest } from '../shared/search/elasticsearch/open-role-query.translator.ts';
import { writeBenchResult } from './support/bench-result.ts';

const options = new Command()
  .option('--seconds <n>', 'duration of each run', (v) => Number(v), 10)
  .option('--connections <n>', 'concurrent connections', (v) => Number(v), 8)
  .option('--designers <n>', 'designers to index', (v) => Number(v), 5000)
  .parse()
  .opts<{ seconds: number; connections: number; designers: number }>();

const esUrl = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
const client = createElasticsearchClient({ url: esUrl, requestTimeoutMs: 30_000 });
const names = indexNames('bench_');
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
const scenarios: Scenario[] = [
  designer('designers, no filter', 'limit=50', {}),
  designer('category + location', 'category=brand&location=US&limit=50', { category: 'brand', location: 'US' }),
  designer('company prefix', 'company=studio&limit=50', { company: 'studio' }),
  designer('q, typo + prefix', 'q=senor%20product%20desi&limit=50', { q: 'senor product desi' }),
  openRole('open roles, remote', 'remote=true&limit=50', { remote: true }),
];

async function run(url: string, init: { method?: string; body?: string } = {}, seconds = options.seconds) {
  const result = await autocannon({
    url,
    method: (init.method ?? 'GET') as 'GET' | 'POST',
    ...(init.body ? { body: init.body, headers: { 'content-type': 'application/json' } } : {}),
    connections: options.connections,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const rows: string[] = [];
const results: Record<string, unknown>[] = [];
for (const s of scenarios) {
  // Warm both paths (JIT, caches, connection pools) so the measured runs compare steady states.
  await run(`${esUrl}/${s.index}/_search`, { method: 'POST', body: JSON.stringify(s.body) }, 2);
  await run(`${apiBase}${s.path}`, {}, 2);
  const raw = await run(`${esUrl}/${s.index}/_search`, { method: 'POST', body: JSON.stringify(s.body) });
  const api = await run(`${apiBase}${s.path}`);
  results.push({ scenario: s.name, raw, api, api_over_raw: api.rps / raw.rps });
  rows.push(
    `| ${s.name} | ${raw.rps.toFixed(0)} | ${raw.p50} / ${raw.p99} | ${api.rps.toFixed(0)} | ${api.p50} / ${api.p99} | ${(api.rps / raw.rps).toFixed(2)} |`,
  );
  console.error(rows.at(-1));
}

console.log(`\n${options.designers} designers, ${options.connections} connections, ${options.seconds} s per run, limit=50\n`);
console.log('| scenario | raw ES req/s | raw ES p50 / p99 ms | API req/s | API p50 / p99 ms | API / raw throughput |');
console.log('|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
writeBenchResult('search', options, { scenarios: results });

server.close();
await manager.dropAll();
await client.close();
