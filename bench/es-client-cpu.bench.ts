/**
 * Where the API's CPU per search goes on the Elasticsearch side of the hop: the same category + location
 * search, in this process, through the search repository (the API's path), the Elasticsearch client with
 * the request built once, the client's transport with the body as a string, and bare undici with
 * JSON.parse, and the repository with the client's options that might save CPU (OpenTelemetry off, a plain
 * JSON.parse serializer). Elasticsearch's own CPU is in its own process and not counted. Prints CPU ms
 * (user + system) and wall ms per request, per round, so run-to-run spread shows.
 * Usage: npm run bench:client [-- --designers 20000 --requests 4000 --rounds 3]   (needs ELASTICSEARCH_URL)
 */
import { randomBytes } from 'node:crypto';
import { Client, Serializer } from '@elastic/elasticsearch';
import { Command } from 'commander';
import { Pool } from 'undici';
import { designerProfile } from '../shared/domain/designer-import.schema.ts';
import type { DesignerFilters } from '../shared/domain/designer-search.schema.ts';
import { buildDesignerSearchRequest } from '../shared/search/elasticsearch/designer-query.translator.ts';
import { createElasticsearchClient } from '../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../shared/search/elasticsearch/es-index-manager.ts';
import { ElasticsearchSearchRepository } from '../shared/search/elasticsearch/es-search.repository.ts';
import { indexNames } from '../shared/search/elasticsearch/index-names.ts';
import { writeBenchResult } from './support/bench-result.ts';
import { scaleDesigners } from './support/scale-directory.generator.ts';

const options = new Command()
  .option('--designers <n>', 'designers to index', (v) => Number(v), 20_000)
  .option('--requests <n>', 'searches per measurement', (v) => Number(v), 4000)
  .option('--connections <n>', 'searches in flight', (v) => Number(v), 8)
  .option('--rounds <n>', 'rounds of every measurement', (v) => Number(v), 3)
  .parse()
  .opts<{ designers: number; requests: number; connections: number; rounds: number }>();

const url = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
const names = indexNames(`bench_client_${randomBytes(3).toString('hex')}_`);
const admin = createElasticsearchClient({ url, requestTimeoutMs: 120_000 });
const manager = new ElasticsearchIndexManager(admin, names);
const filters: DesignerFilters = { category: 'brand', location: 'US' };
const page = { limit: 50, offset: 0 };

class PlainJsonSerializer extends Serializer {
  override deserialize<T = unknown>(json: string): T {
    return JSON.parse(json) as T;
  }
}

/** The client does not pass an openTelemetry option on to its transport, which reads this variable when built. */
function withoutOpenTelemetry(make: () => Client): Client {
  process.env.OTEL_ELASTICSEARCH_ENABLED = 'false';
  try {
    return make();
  } finally {
    delete process.env.OTEL_ELASTICSEARCH_ENABLED;
  }
}

const measurements: { round: number; path: string; cpu_ms: number; wall_ms: number }[] = [];
let currentRound = 0;

async function measure(label: string, search: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 300; i += 1) await search();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (sent < options.requests) {
        sent += 1;
        await search();
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  const ms = (used.user + used.system) / 1000 / options.requests;
  const wall = (performance.now() - started) / options.requests;
  measurements.push({ round: currentRound, path: label, cpu_ms: ms, wall_ms: wall });
  console.error(`| ${label} | ${ms.toFixed(3)} | ${wall.toFixed(3)} |`);
}

try {
  await manager.ensureIndices();
  const writer = new ElasticsearchDocumentWriter(admin, names);
  await writer.indexDesigners(
    (function* () {
      for (const r of scaleDesigners({ designers: options.designers })) {
        yield { designer: designerProfile({ ...r, id: r.id! }, 'http://localhost:3000'), listed_at: r.listed_at!, version: 1 };
      }
    })(),
  );
  await admin.indices.refresh({ index: names.designers });

  const clients = {
    default: new Client({ node: url, maxRetries: 1 }),
    'OpenTelemetry off': withoutOpenTelemetry(() => new Client({ node: url, maxRetries: 1 })),
    'plain JSON.parse': new Client({ node: url, maxRetries: 1, Serializer: PlainJsonSerializer }),
  };
  const request = buildDesignerSearchRequest(filters, page);
  const body = JSON.stringify(request);
  const path = `/${names.designers}/_search`;
  const pool = new Pool(url);
  console.error(`# ${options.designers} designers, ${options.requests} searches (category + location, limit 50), ${options.connections} in flight; CPU and wall ms per search in this process`);
  for (let round = 1; round <= options.rounds; round += 1) {
    currentRound = round;
    console.error(`\nRound ${round}\n| path | CPU ms | wall ms |\n|---|---|---|`);
    for (const [name, client] of Object.entries(clients)) {
      const repository = new ElasticsearchSearchRepository(client, names);
      await measure(`repository, client ${name}`, () => repository.searchDesigners(filters, page));
    }
    await measure('client.search, request built once', () => clients.default.search({ ...request, index: names.designers }));
    await measure('client.transport.request, body a string', () =>
      clients.default.transport.request({ method: 'POST', path, body }, { headers: { 'content-type': 'application/json' } }),
    );
    await measure('undici + JSON.parse', async () => {
      const response = await pool.request({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body });
      return JSON.parse(await response.body.text()) as unknown;
    });
  }
  await Promise.all([...Object.values(clients).map((c) => c.close()), pool.close()]);
  writeBenchResult('es-client-cpu', options, { measurements });
} finally {
  await manager.dropAll();
  await admin.close();
}
