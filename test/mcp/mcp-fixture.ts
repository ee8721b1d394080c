import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../services/api/app.ts';
import { mcpMounts } from '../../services/api/mcp/mcp.mount.ts';
import { createElasticsearchEngine } from '../../shared/composition/elasticsearch-engine.factory.ts';
import { type Config, loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { generateSampleDirectory, type SampleDirectory } from '../../shared/sample/sample-directory.ts';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../../shared/search/elasticsearch/es-index-manager.ts';
import { indexNames } from '../../shared/search/elasticsearch/index-names.ts';
import { uniqueName } from '../support/services.ts';

export const PUBLIC_BASE_URL = 'http://directory.test';
export const DESIGNER_COUNT = 60;
export const OPEN_ROLE_COUNT = 30;

export interface ApiServer {
  /** http://127.0.0.1:<port>, the REST API's base URL. */
  baseUrl: string;
  mcpUrl: URL;
  port: number;
  close(): Promise<void>;
}

export interface McpFixture extends ApiServer {
  sample: SampleDirectory;
  config: Config;
  /** The REST API's JSON for a path under /api/v1. */
  rest<T = unknown>(path: string): Promise<T>;
}

export { deadPort } from '../support/dead-port.ts';

/** The api app (REST + MCP mount) on an ephemeral port, over the given Elasticsearch and prefix. */
export async function startApi(env: Record<string, string>): Promise<ApiServer & { config: Config }> {
  const config = loadConfig({ PUBLIC_BASE_URL, LOG_LEVEL: 'silent', SEARCH_TIMEOUT_MS: '2000', ...env });
  const logger = createLogger(config.LOG_LEVEL, 'test');
  const engine = createElasticsearchEngine(config);
  const { search } = engine;
  const { app } = createApp({
    search,
    config,
    logger,
    mounts: (directory) => mcpMounts({ runtime: { search, close: async () => {} }, config, logger, directory }),
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    port,
    config,
    mcpUrl: new URL('/api/mcp', baseUrl),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await engine.close();
    },
  };
}

/** Own index prefix, the deterministic sample written through the real document writer, the api listening. */
export async function startMcpFixture(elasticsearchUrl: string): Promise<McpFixture> {
  const prefix = uniqueName('mcp');
  const client = createElasticsearchClient({ url: elasticsearchUrl, requestTimeoutMs: 30_000 });
  const manager = new ElasticsearchIndexManager(client, indexNames(prefix));
  await manager.ensureIndices();
  const sample = generateSampleDirectory({
    publicBaseUrl: PUBLIC_BASE_URL,
    designers: DESIGNER_COUNT,
    openRoles: OPEN_ROLE_COUNT,
    seed: 4242,
  });
  const writer = new ElasticsearchDocumentWriter(client, indexNames(prefix));
  const written = [await writer.indexDesigners(sample.designers), await writer.indexOpenRoles(sample.openRoles)];
  const failed = written.flatMap((r) => r.failed);
  if (failed.length) throw new Error(`fixture indexing failed: ${failed[0]?.reason}`);
  await manager.refresh();

  const api = await startApi({ ELASTICSEARCH_URL: elasticsearchUrl, ES_INDEX_PREFIX: prefix });
  return {
    ...api,
    sample,
    async rest<T>(path: string): Promise<T> {
      const response = await fetch(`${api.baseUrl}/api/v1${path}`);
      return (await response.json()) as T;
    },
    async close() {
      await api.close();
      await manager.dropAll();
      await client.close();
    },
  };
}
