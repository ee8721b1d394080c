import { gzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServices } from '../support/services.ts';
import { type McpFixture, startMcpFixture } from './mcp-fixture.ts';
import { callTool } from './tool-contract.ts';

const services = requireServices('elasticsearch');

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } },
};

interface JsonRpcError {
  jsonrpc: string;
  id: number | string | null;
  error: { code: number; message: string };
}

function post(url: URL, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });
}

/** What a client that sent something broken must never see: a 500, an internal error, a zod dump, a stack. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/Internal error|"code":\s*"invalid_type"|at .+\.(ts|js):\d+|node_modules/);
}

describe.skipIf(!services)('hosted MCP server: hostile requests get client errors, never internal ones', () => {
  let fixture: McpFixture;
  let client: Client;

  beforeAll(async () => {
    fixture = await startMcpFixture(services!.elasticsearch);
    client = new Client({ name: 'hostile-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(fixture.mcpUrl));
  });

  afterAll(async () => {
    await client?.close();
    await fixture?.close();
  });

  it.each([
    ['an unsupported charset', { 'content-type': 'application/json; charset=latin1' }, JSON.stringify(INITIALIZE), 415],
    ['an unknown Content-Encoding', { 'content-encoding': 'bogus' }, JSON.stringify(INITIALIZE), 415],
    ['a gzip header on a plain body', { 'content-encoding': 'gzip' }, JSON.stringify(INITIALIZE), 400],
  ] as const)('%s is a 4xx JSON-RPC error', async (_name, headers, body, status) => {
    const response = await post(fixture.mcpUrl, body, headers);
    const text = await response.text();
    expect(response.status).toBe(status);
    expect(JSON.parse(text)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expectNoInternals(text);
  });

  it('a gzip body that really is gzip is read', async () => {
    const response = await post(fixture.mcpUrl, new Uint8Array(gzipSync(JSON.stringify(INITIALIZE))), { 'content-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 1, result: { serverInfo: expect.any(Object) } });
  });

  it.each([
    ['tools/call with a number for the tool name', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 5 } }, /params\.name/],
    ['tools/call without params', { jsonrpc: '2.0', id: 7, method: 'tools/call' }, /params/],
    ['initialize with a number for clientInfo', { ...INITIALIZE, id: 7, params: { ...INITIALIZE.params, clientInfo: 3 } }, /clientInfo/],
    ['initialize without protocolVersion', { ...INITIALIZE, id: 7, params: { capabilities: {}, clientInfo: INITIALIZE.params.clientInfo } }, /protocolVersion/],
  ])('%s is -32602 Invalid params, naming the field', async (_name, message, field) => {
    const response = await post(fixture.mcpUrl, JSON.stringify(message), { 'mcp-protocol-version': '2025-06-18' });
    const text = await response.text();
    const body = JSON.parse(text) as JsonRpcError;
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602 } });
    expect(body.error.message).toMatch(/^Invalid params for /);
    expect(body.error.message).toMatch(field);
    expectNoInternals(text);
  });

  it('get_designer with a NUL id is an isError result naming the argument, not an internal error', async () => {
    const result = await callTool(client, 'get_designer', { id: '\u0000' });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/id: must not contain control characters/);
    expect(result.text).not.toMatch(/internal error/i);
  });

  it('search_designers with a tampered cursor is an isError result about the cursor', async () => {
    const tampered = Buffer.from(JSON.stringify({ v: 1, k: 'designers', h: 'x', o: 0, sa: [true, 'x'] })).toString('base64url');
    const result = await callTool(client, 'search_designers', { cursor: tampered });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/cursor/);
    expect(result.text).not.toMatch(/internal error/i);
  });
});
