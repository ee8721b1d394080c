import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../services/api/app.ts';
import { mcpMounts } from '../../services/api/mcp/mcp.mount.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';

export interface ListeningApi {
  /** http://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

/** The API app (REST, pages and the MCP mount) over a search engine, on an ephemeral local port. */
export async function listenApi(search: SearchPort, env: Record<string, string> = {}): Promise<ListeningApi> {
  const config = loadConfig({ LOG_LEVEL: 'silent', MCP_ALLOWED_HOSTS: '127.0.0.1', ...env });
  const logger = createLogger('silent', 'test');
  const { app } = createApp({
    search,
    config,
    logger,
    mounts: (directory) => mcpMounts({ runtime: { search, close: async () => undefined }, config, logger, directory }),
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A JSON-RPC tools/call over the MCP endpoint, its answer parsed (a JSON body or one server-sent event). */
export async function callToolOver<T = { result: { isError?: boolean; content: { text: string }[] } }>(
  base: string,
  name: string,
  args: Record<string, unknown>,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const text = await response.text();
  const json = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? text);
  return { status: response.status, body: JSON.parse(json) as T };
}
