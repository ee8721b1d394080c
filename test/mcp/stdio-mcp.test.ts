import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServices, uniqueName } from '../support/services.ts';
import { deadPort, type McpFixture, startApi, startMcpFixture } from './mcp-fixture.ts';
import { callTool, defineToolContract } from './tool-contract.ts';

const services = requireServices('elasticsearch');

/** The project's Node 24 (the npm package `node`), not whatever `node` the machine has. */
const NODE = resolve('node_modules/.bin/node');
const BIN = resolve('bin/designer-directory-mcp.mjs');

function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  delete env.DIRECTORY_API_URL;
  return { ...env, LOG_LEVEL: 'info', ...extra };
}

async function connectStdio(args: string[], env: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: NODE, args: [BIN, ...args], env: childEnv(env), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'stdio-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe.skipIf(!services)('local MCP server over stdio (bin/designer-directory-mcp.mjs, backed by REST)', () => {
  let fixture: McpFixture;
  let client: Client;
  let stderr: () => string;

  beforeAll(async () => {
    fixture = await startMcpFixture(services!.elasticsearch);
    ({ client, stderr } = await connectStdio(['--base-url', fixture.baseUrl]));
  });

  afterAll(async () => {
    await client?.close();
    await fixture?.close();
  });

  describe('tool contract (SDK Client over stdio)', () => {
    defineToolContract({ client: () => client, fixture: () => fixture });
  });

  it('logs to stderr, never to stdout', () => {
    expect(stderr()).toContain('mcp stdio server ready');
    expect(stderr()).toContain(`${fixture.baseUrl}/api/v1`);
  });

  it('writes only JSON-RPC messages to stdout, even for failing calls, and exits when stdin closes', async () => {
    const child = spawn(NODE, [BIN], { env: childEnv({ DIRECTORY_API_URL: `${fixture.baseUrl}/api/v1/` }) });
    let stdout = '';
    let stderrText = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderrText += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_designers', arguments: { limit: 2 } } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get_designer', arguments: { slug: 'nobody-here' } } },
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'list_open_roles', arguments: { remote: 'maybe' } } },
    ];
    for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
    await expect.poll(() => stdout.split('\n').filter(Boolean).length, { timeout: 20_000 }).toBe(5);
    child.stdin.end();
    expect(await exited).toBe(0);

    const lines = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { jsonrpc: string; id: number; result: Record<string, unknown> });
    expect(lines.map((l) => l.jsonrpc)).toEqual(['2.0', '2.0', '2.0', '2.0', '2.0']);
    expect(lines.map((l) => l.id).sort()).toEqual([1, 2, 3, 4, 5]);
    const byId = new Map(lines.map((l) => [l.id, l.result]));
    expect((byId.get(3)!.structuredContent as { results: unknown[] }).results).toHaveLength(2);
    expect(byId.get(4)!.isError).toBe(true);
    expect(byId.get(5)!.isError).toBe(true);
    expect(stderrText).toContain('mcp stdio server ready');
  });

  it('an unreachable API comes back as isError suggesting a retry', async () => {
    const down = await connectStdio(['--base-url', `http://127.0.0.1:${await deadPort()}`]);
    try {
      const result = await callTool(down.client, 'search_designers', { q: 'ana' });
      expect(result.isError).toBe(true);
      expect(result.text).toContain('temporarily unavailable');
      expect(result.text).toContain('did not answer');
      expect(result.text).toContain('Retry the same search_designers call in about 5 seconds');
    } finally {
      await down.client.close();
    }
  });

  it('an API whose search engine is down (503) comes back as isError suggesting a retry', async () => {
    const api = await startApi({
      ELASTICSEARCH_URL: `http://127.0.0.1:${await deadPort()}`,
      ES_INDEX_PREFIX: uniqueName('mcp_down'),
    });
    const down = await connectStdio([], { DIRECTORY_API_URL: api.baseUrl });
    try {
      for (const [name, args] of [
        ['search_designers', {}],
        ['get_designer', { slug: 'ana-lopez' }],
        ['list_open_roles', { remote: true }],
      ] as const) {
        const result = await callTool(down.client, name, args);
        expect(result.isError).toBe(true);
        expect(result.text).toContain('answered 503');
        expect(result.text).toContain(`Retry the same ${name} call in about 5 seconds`);
      }
    } finally {
      await down.client.close();
      await api.close();
    }
  });

  it('refuses a base URL that is not http(s), on stderr, before speaking the protocol', async () => {
    const child = spawn(NODE, [BIN, '--base-url', 'ftp://example.org'], { env: childEnv() });
    let stdout = '';
    let stderrText = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderrText += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.on('exit', (c) => done(c)));
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderrText).toContain('must be an http(s) URL');
  });
});
