import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../services/api/app.ts';
import { mcpMounts } from '../../services/api/mcp/mcp.mount.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';
import type { ContractEngine, LoadedEngine } from './engines.ts';
import { PUBLIC_BASE_URL } from './fixtures.ts';

export interface ContractApi {
  /** http://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

/**
 * The API with its MCP mount over `search`, as the contract suites call it over HTTP: on a free local port,
 * no caching, silent logs, its clock read from `now` at each request (a suite may move it).
 */
export async function startContractApi(search: SearchPort, now: () => Date): Promise<ContractApi> {
  const config = loadConfig({ PUBLIC_BASE_URL, CACHE_MAX_AGE_SECONDS: '0', LOG_LEVEL: 'silent' });
  const logger = createLogger('silent', 'contract');
  const { app } = createApp({
    search,
    config,
    logger,
    now,
    mounts: (directory) => mcpMounts({ runtime: { search, close: async () => {} }, config, logger, directory }),
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An engine of the contract suites, loaded with the fixtures and served over HTTP for one suite. */
export interface ServedEngine {
  /** http://127.0.0.1:<port> of the API over it. */
  readonly base: string;
  readonly loaded: LoadedEngine;
}

/**
 * Loads `engine` with the fixtures and starts the API over it before the suite's tests (unless the engine is
 * unavailable), and stops both after; call inside the suite's describe.
 */
export function serveContractEngine(engine: ContractEngine, now: () => Date): ServedEngine {
  let loaded: LoadedEngine | undefined;
  let api: ContractApi | undefined;
  beforeAll(async () => {
    if (engine.unavailable()) return;
    loaded = await engine.load();
    api = await startContractApi(loaded.search, now);
  });
  afterAll(async () => {
    await api?.close();
    await loaded?.close();
  });
  return {
    get base() {
      return api!.base;
    },
    get loaded() {
      return loaded!;
    },
  };
}

/** A hosted MCP client of the served engine (Streamable HTTP), connected before the suite's tests and closed after them. */
export function hostedMcpClient(served: ServedEngine): () => Client {
  let client: Client | undefined;
  beforeAll(async () => {
    client = new Client({ name: 'contract', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', served.base)));
  });
  afterAll(async () => {
    await client?.close();
  });
  return () => client!;
}
