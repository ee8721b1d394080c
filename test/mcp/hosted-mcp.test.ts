import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServices, uniqueName } from '../support/services.ts';
import type { ApiIndexResponse } from '../../shared/domain/api-index.schema.ts';
import { type ApiServer, deadPort, type McpFixture, PUBLIC_BASE_URL, startApi, startMcpFixture } from './mcp-fixture.ts';
import { callTool, defineToolContract } from './tool-contract.ts';

const services = requireServices('elasticsearch');

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } },
};

function post(url: URL, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function connect(url: URL): Promise<Client> {
  const client = new Client({ name: 'hosted-mcp-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

/** fetch will not send a Host header of our choosing; node:http will. */
function postWithHost(url: URL, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(INITIALIZE));
  });
}

describe.skipIf(!services)('hosted MCP server at /api/mcp (Streamable HTTP)', () => {
  let fixture: McpFixture;
  let client: Client;

  beforeAll(async () => {
    fixture = await startMcpFixture(services!.elasticsearch);
    client = await connect(fixture.mcpUrl);
  });

  afterAll(async () => {
    await client?.close();
    await fixture?.close();
  });

  describe('tool contract (SDK Client over Streamable HTTP)', () => {
    defineToolContract({ client: () => client, fixture: () => fixture });
  });

  it('negotiates the latest protocol with the SDK client and accepts 2025-06-18', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'designer-directory' });
    expect(client.getInstructions()).toContain('search_designers');
    const response = await post(fixture.mcpUrl, INITIALIZE);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { result: { protocolVersion: string; capabilities: object } };
    expect(body.result.protocolVersion).toBe('2025-06-18');
    expect(body.result.capabilities).toHaveProperty('tools');
  });

  it('the REST API index names this endpoint, and the address it gives answers an MCP client', async () => {
    const index = (await (await fetch(`${fixture.baseUrl}/api/v1/`)).json()) as ApiIndexResponse;
    const mcp = index.data.links.filter((link) => link.rel === 'mcp');
    expect(mcp).toEqual([{ rel: 'mcp', href: `${PUBLIC_BASE_URL}/api/mcp`, title: expect.stringContaining('MCP') }]);
    const named = await connect(new URL(new URL(mcp[0]!.href).pathname, fixture.baseUrl));
    try {
      expect(named.getServerVersion()?.name).toBe(client.getServerVersion()?.name);
    } finally {
      await named.close();
    }
  });

  it('is stateless: no session id, and a bare tools/call is answered without a prior initialize', async () => {
    const init = await post(fixture.mcpUrl, INITIALIZE);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    await init.body?.cancel();
    const response = await post(
      fixture.mcpUrl,
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search_designers', arguments: { limit: 2 } } },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: number; result: { structuredContent: { results: unknown[] } } };
    expect(body.id).toBe(7);
    expect(body.result.structuredContent.results).toHaveLength(2);
  });

  it('sends its answers unencoded even to a client that accepts gzip: they may be event streams', async () => {
    const response = await post(
      fixture.mcpUrl,
      { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'search_designers', arguments: { limit: 50 } } },
      { 'mcp-protocol-version': '2025-06-18', 'accept-encoding': 'gzip' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(((await response.json()) as { id: number }).id).toBe(8);
  });

  it('answers GET and DELETE with 405', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(fixture.mcpUrl, { method, headers: { accept: 'application/json, text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      const body = (await response.json()) as { jsonrpc: string; error: { message: string } };
      expect(body.jsonrpc).toBe('2.0');
      expect(body.error.message).toContain('Method not allowed');
    }
  });

  it('rejects a foreign Origin with 403 and accepts its own origins and requests without Origin', async () => {
    const foreign = await post(fixture.mcpUrl, INITIALIZE, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toContain('https://evil.example');
    const otherPort = await post(fixture.mcpUrl, INITIALIZE, { origin: `http://localhost:${fixture.port + 1}` });
    expect(otherPort.status).toBe(403);
    await otherPort.body?.cancel();
    const opaque = await post(fixture.mcpUrl, INITIALIZE, { origin: 'null' });
    expect(opaque.status).toBe(403);
    await opaque.body?.cancel();

    for (const origin of [`http://localhost:${fixture.port}`, `http://127.0.0.1:${fixture.port}`, 'http://directory.test']) {
      const allowed = await post(fixture.mcpUrl, INITIALIZE, { origin });
      expect(allowed.status).toBe(200);
      await allowed.body?.cancel();
    }
  });

  it('rejects a foreign Host with 403 (DNS rebinding)', async () => {
    const foreign = await postWithHost(fixture.mcpUrl, `evil.example:${fixture.port}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('Invalid Host');
    const publicHost = await postWithHost(fixture.mcpUrl, 'directory.test');
    expect(publicHost.status).toBe(200);
  });

  it('honours MCP_ALLOWED_ORIGINS and MCP_ALLOWED_HOSTS', async () => {
    const api = await startApi({
      ELASTICSEARCH_URL: services!.elasticsearch,
      ES_INDEX_PREFIX: fixture.config.ES_INDEX_PREFIX,
      MCP_ALLOWED_ORIGINS: 'https://app.example',
      MCP_ALLOWED_HOSTS: '127.0.0.1, mcp.example:443',
    });
    try {
      expect((await post(api.mcpUrl, INITIALIZE, { origin: 'https://app.example' })).status).toBe(200);
      expect((await post(api.mcpUrl, INITIALIZE, { origin: `http://localhost:${api.port}` })).status).toBe(403);
      expect((await postWithHost(api.mcpUrl, 'mcp.example')).status).toBe(200);
      expect((await postWithHost(api.mcpUrl, 'directory.test')).status).toBe(403);
    } finally {
      await api.close();
    }
  });

  it('answers a body that is not JSON with a JSON-RPC parse error', async () => {
    const response = await post(fixture.mcpUrl, '{"jsonrpc":');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('an unavailable search engine comes back as isError suggesting a retry', async () => {
    const api: ApiServer = await startApi({
      ELASTICSEARCH_URL: `http://127.0.0.1:${await deadPort()}`,
      ES_INDEX_PREFIX: uniqueName('mcp_down'),
    });
    const down = await connect(api.mcpUrl);
    try {
      for (const [name, args] of [
        ['search_designers', { category: 'brand' }],
        ['get_designer', { slug: 'ana-lopez' }],
        ['list_open_roles', {}],
      ] as const) {
        const result = await callTool(down, name, args);
        expect(result.isError).toBe(true);
        expect(result.text).toContain('temporarily unavailable');
        expect(result.text).toContain(`Retry the same ${name} call in about 5 seconds`);
      }
    } finally {
      await down.close();
      await api.close();
    }
  });
});
