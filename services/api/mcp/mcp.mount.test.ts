import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../shared/config/config.schema.ts';
import { createLogger } from '../../../shared/logging/logger.ts';
import type { SearchPort } from '../../../shared/search/search.port.ts';
import { createApp } from '../app.ts';
import { nestsDeeperThan } from '../middleware/request-body.ts';
import { mcpMounts } from './mcp.mount.ts';

const search = { isReady: async () => true } as unknown as SearchPort;

describe('the MCP endpoint refuses bodies its SDK cannot read, as JSON-RPC errors without internals', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const logger = createLogger('silent', 'mcp-body-test');
    const { app } = createApp({ search, config, logger, mounts: (directory) => mcpMounts({ runtime: { search, close: async () => undefined }, config, logger, directory }) });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = async (body: string) => {
    const response = await fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' },
      body,
    });
    return { status: response.status, text: await response.text() };
  };

  it('a result nested 10,000 levels deep, alone or in a batch: 400 Invalid request, no stack overflow in the answer', async () => {
    const deepObject = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const body of [`[{"jsonrpc":"2.0","id":1,"result":${deepObject}}]`, `{"jsonrpc":"2.0","id":1,"result":${deepArray}}`, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":${deepObject}}}`]) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.text).not.toMatch(/RangeError|call stack/);
      expect(JSON.parse(answer.text)).toEqual({
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Invalid request: the body nests deeper than 64 levels of arrays and objects.' },
        id: null,
      });
    }
  });

  it('a batch over the SDK transport\'s 100 messages: 400 Invalid request naming the limit', async () => {
    const batch = Array.from({ length: 101 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }));
    const answer = await post(JSON.stringify(batch));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/at most 100 messages; this one holds 101/) } });
  });

  it('reads depth without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(nestsDeeperThan(deep, 64)).toBe(true);
    expect(nestsDeeperThan({ a: [{ b: [1, 2, { c: null }] }] }, 5)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: [1, 2, { c: null }] }] }, 4)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });

  it('does not run the calls of a batch still waiting their turn once the client has hung up', async () => {
    let searches = 0;
    const slow = {
      isReady: async () => true,
      searchDesigners: async () => {
        searches += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return { items: [], total: 0, limit: 10, offset: 0, hasMore: false, nextCursor: null };
      },
    } as unknown as SearchPort;
    const config = loadConfig({ LOG_LEVEL: 'silent', MAX_IN_FLIGHT_PER_CLIENT: '1' });
    const logger = createLogger('silent', 'mcp-hangup-test');
    const { app, close } = createApp({ search: slow, config, logger, mounts: (directory) => mcpMounts({ runtime: { search: slow, close: async () => undefined }, config, logger, directory }) });
    const own = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const batch = Array.from({ length: 20 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'search_designers', arguments: { q: `designer ${i}` } } }));
      const hangUp = new AbortController();
      const sent = fetch(`http://127.0.0.1:${(own.address() as AddressInfo).port}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' },
        body: JSON.stringify(batch),
        signal: hangUp.signal,
      }).catch(() => 'hung up');
      await new Promise((resolve) => setTimeout(resolve, 250));
      hangUp.abort();
      expect(await sent).toBe('hung up');
      const atHangUp = searches;
      await new Promise((resolve) => setTimeout(resolve, 600));
      // One call at a time (the client's share is 1): at most the one running when the client left ends.
      expect(searches - atHangUp).toBeLessThanOrEqual(2);
      expect(atHangUp).toBeLessThan(20);
    } finally {
      await new Promise<void>((resolve) => own.close(() => resolve()));
      await close();
    }
  });
});
