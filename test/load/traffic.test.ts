import type { Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { Agent, fetch as fetchFrom } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../services/api/app.ts';
import { mcpMounts } from '../../services/api/mcp/mcp.mount.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';
import { requireServices, uniqueName } from '../support/services.ts';

const services = requireServices('redis');

/** A search port answering at once: these tests are about what happens around the routes. */
const search = {
  isReady: async () => true,
  searchDesigners: async () => ({ items: [], total: 0, limit: 10, offset: 0, hasMore: false, nextCursor: null }),
  searchOpenRoles: async () => ({ items: [], total: 0, limit: 10, offset: 0, hasMore: false, nextCursor: null }),
  getDesignerBySlug: async () => null,
} as unknown as SearchPort;

/** A search port that answers after ms: an asynchronous engine (Elasticsearch) under load. */
function slowSearch(ms: number): SearchPort {
  const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
  return { ...search, searchDesigners: () => later({ items: [], total: 0, limit: 10, offset: 0, hasMore: false, nextCursor: null }) } as SearchPort;
}

/** A search port that holds the event loop for ms: the embedded engine computing on the API's thread. */
function blockingSearch(ms: number): SearchPort {
  return {
    ...search,
    searchDesigners: async () => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // busy: nothing else on this thread runs meanwhile
      }
      return { items: [], total: 0, limit: 10, offset: 0, hasMore: false, nextCursor: null };
    },
  } as SearchPort;
}

/**
 * n GET requests whose bytes all sit in the server's sockets before it reads the first: connections are
 * opened first, then every request is written in one go (fetch would write them across loop turns).
 */
async function simultaneous(base: string, path: string, n: number): Promise<{ status: number; headers: Record<string, string>; body: string }[]> {
  const { hostname, port } = new URL(base);
  const sockets: Socket[] = [];
  for (let i = 0; i < n; i += 1) {
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    sockets.push(socket);
  }
  const replies = sockets.map(async (socket) => {
    let raw = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (raw += chunk));
    await once(socket, 'end');
    const [head, body = ''] = raw.split('\r\n\r\n');
    const [statusLine, ...lines] = head!.split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  });
  for (const socket of sockets) socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
  return Promise.all(replies);
}

/** Other clients: loopback addresses of their own (all of 127.0.0.0/8 reaches a server on 127.0.0.1). */
const clients = new Map<string, Agent>();
function from(address: string) {
  if (!clients.has(address)) clients.set(address, new Agent({ localAddress: address }));
  const dispatcher = clients.get(address)!;
  return (url: string, init: Parameters<typeof fetchFrom>[1] = {}) => fetchFrom(url, { ...init, dispatcher });
}

describe.skipIf(!services)('traffic controls: load shedding, per-client rate limit (shared through Redis), request ids, /metrics', () => {
  const running: { server: Server; app: App }[] = [];
  const prefix = uniqueName('ratelimit').replace(/_+$/, '');

  async function start(env: Record<string, string>, port: SearchPort = search): Promise<string> {
    const config = loadConfig({ LOG_LEVEL: 'silent', QUEUE_PREFIX: prefix, ...env });
    const logger = createLogger('silent', 'traffic-test');
    const app = createApp({
      search: port,
      config,
      logger,
      mounts: (directory) => mcpMounts({ runtime: { search: port, close: async () => undefined }, config, logger, directory }),
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    running.push({ server, app });
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  afterAll(async () => {
    for (const { server, app } of running) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    }
    for (const agent of clients.values()) await agent.close();
    const redis = new Redis(services!.redis);
    const keys = await redis.keys(`${prefix}:ratelimit:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  const expectShed = async (response: Response) => {
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ success: false, error: expect.stringMatching(/busy/) });
  };

  it('sheds requests past MAX_IN_FLIGHT_REQUESTS at once with 503 + Retry-After (an asynchronous engine)', async () => {
    // One client may hold the whole bound here: this is the global bound at work, not a client's share.
    const base = await start({ MAX_IN_FLIGHT_REQUESTS: '4', MAX_IN_FLIGHT_PER_CLIENT: '4' }, slowSearch(300));
    const started = performance.now();
    const responses = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/api/v1/designers`)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 503)).toHaveLength(16);
    for (const r of responses.filter((r) => r.status === 503)) await expectShed(r);
    expect(performance.now() - started).toBeLessThan(3000);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/http_requests_shed_total\{reason="in-flight"\} 16/);
  });

  it('sheds requests read after the event loop was held past MAX_EVENT_LOOP_DELAY_MS (an engine on the API thread)', async () => {
    const base = await start({ MAX_EVENT_LOOP_DELAY_MS: '100' }, blockingSearch(400));
    const responses = await simultaneous(base, '/api/v1/designers', 10);
    const shed = responses.filter((r) => r.status === 503);
    expect(responses.map((r) => r.status).every((s) => s === 200 || s === 503)).toBe(true);
    // The first request read holds the loop 400 ms; those read after it in the same turn are refused (the
    // kernel may hand the server a few sockets a turn later, which then find the loop free again).
    expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(shed.length).toBeGreaterThanOrEqual(5);
    for (const r of shed) {
      expect(r.headers['retry-after']).toBe('1');
      expect(JSON.parse(r.body)).toEqual({ success: false, error: expect.stringMatching(/busy/) });
    }
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/http_requests_shed_total\{reason="loop-delay"\} [1-9]/);
  });

  it('is off by default: no RateLimit headers, no 429', async () => {
    const base = await start({});
    for (let i = 0; i < 30; i += 1) {
      const response = await fetch(`${base}/api/v1/designers`);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit')).toBeNull();
    }
  });

  it('when set, counts per client across API replicas through Redis: standard headers, then 429 with Retry-After and our JSON error', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '5', REDIS_URL: services!.redis };
    const [a, b] = [await start(env), await start(env)];
    const statuses: number[] = [];
    for (const base of [a, b, a, b, a]) {
      const response = await fetch(`${base}/api/v1/designers`);
      statuses.push(response.status);
      expect(response.headers.get('ratelimit-policy')).toMatch(/q=5; w=60/);
      expect(response.headers.get('ratelimit')).toMatch(/r=\d+; t=\d+/);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await fetch(`${b}/api/v1/designers`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ success: false, error: expect.stringMatching(/at most 5 a minute/) });
    // Health and metrics are outside /api: never limited.
    expect((await fetch(`${b}/healthz`)).status).toBe(200);
    const metrics = await (await fetch(`${b}/metrics`)).text();
    expect(metrics).toMatch(/http_requests_shed_total\{reason="rate-limit"\} 1/);
  });

  /** A JSON-RPC batch of n search_designers calls to the hosted MCP server. */
  const mcpBatch = (base: string, n: number) =>
    fetch(`${base}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' },
      body: JSON.stringify(
        Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'search_designers', arguments: { q: `designer ${i}` } } })),
      ),
    });

  it('counts each message of an MCP batch as a request against the rate limit', async () => {
    const base = await start({ RATE_LIMIT_PER_MINUTE: '5', REDIS_URL: services!.redis, QUEUE_PREFIX: `${prefix}-batch` });
    const first = await mcpBatch(base, 3);
    expect(first.status).toBe(200);
    expect(await first.json()).toHaveLength(3);
    expect(first.headers.get('ratelimit')).toMatch(/r=2;/);
    // Three more messages with two left: refused whole, as a request over the limit is.
    const second = await mcpBatch(base, 3);
    expect(second.status).toBe(429);
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    // Worded as JSON-RPC, as every answer of the MCP endpoint is.
    expect(await second.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/at most 5 a minute/) }, id: null });
    expect((await fetch(`${base}/api/v1/designers`)).status).toBe(429);
    // A single message refused before the MCP endpoint is reached: the same status and JSON-RPC body.
    const single = await mcpBatch(base, 1);
    expect(single.status).toBe(429);
    expect(Number(single.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await single.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/at most 5 a minute/) }, id: null });
  });

  it('holds each message of an MCP batch in flight, so a batch cannot run past MAX_IN_FLIGHT_REQUESTS', async () => {
    const base = await start({ MAX_IN_FLIGHT_REQUESTS: '4', MAX_IN_FLIGHT_PER_CLIENT: '4' }, slowSearch(400));
    const batch = mcpBatch(base, 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The batch holds three of four places: one request more fits, the next does not, nor does a second batch.
    const [one, two, otherBatch] = await Promise.all([fetch(`${base}/api/v1/designers`), fetch(`${base}/api/v1/designers`), mcpBatch(base, 2)]);
    expect([one.status, two.status].sort()).toEqual([200, 503]);
    expect(otherBatch.status).toBe(503);
    expect(otherBatch.headers.get('retry-after')).toBe('1');
    expect(await otherBatch.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/busy/) }, id: null });
    expect((await batch).status).toBe(200);
    // A batch larger than the whole bound is served once it runs alone, not refused forever.
    const large = await mcpBatch(base, 6);
    expect(large.status).toBe(200);
    expect(await large.json()).toHaveLength(6);
  });

  it('gives each client its share: past MAX_IN_FLIGHT_PER_CLIENT its requests wait for its own, past 16 waiting 429 + Retry-After (sent when that time is over); another client is served at once', async () => {
    const base = await start({ MAX_IN_FLIGHT_REQUESTS: '8', MAX_IN_FLIGHT_PER_CLIENT: '2' }, slowSearch(100));
    const [greedy, polite] = [from('127.0.0.1'), from('127.0.0.2')];
    const order: string[] = [];
    // 2 served, 16 waiting their turn, 3 refused.
    const sentAt = performance.now();
    const refusedAfterMs: number[] = [];
    const many = Promise.all(
      Array.from({ length: 21 }, async () => {
        const response = await greedy(`${base}/api/v1/designers`);
        if (response.status === 200) order.push('greedy');
        if (response.status === 429) refusedAfterMs.push(performance.now() - sentAt);
        return response;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const served = await polite(`${base}/api/v1/designers`);
    order.push('polite');
    expect(served.status).toBe(200);
    const responses = await many;
    expect(responses.filter((r) => r.status === 200)).toHaveLength(18);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    // A refusal is sent once its Retry-After is over, so a client asking again at once cannot spin on it.
    expect(Math.min(...refusedAfterMs)).toBeGreaterThanOrEqual(990);
    for (const r of refused) {
      expect(r.headers.get('retry-after')).toBe('1');
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(await r.json()).toEqual({ success: false, error: expect.stringMatching(/Too many requests at once from this client \(at most 2;/) });
    }
    // The polite client did not queue behind the greedy one's 16 waiting requests.
    expect(order.indexOf('polite')).toBeLessThan(order.length - 8);
    expect(await (await fetch(`${base}/metrics`)).text()).toMatch(/http_requests_shed_total\{reason="client-share"\} 3/);
  });

  it('refuses with 429 a request that waited 2 s for its client to finish another', async () => {
    const base = await start({ MAX_IN_FLIGHT_REQUESTS: '8', MAX_IN_FLIGHT_PER_CLIENT: '1' }, slowSearch(3000));
    const first = fetch(`${base}/api/v1/designers`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await fetch(`${base}/api/v1/designers`);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect((await first).status).toBe(200);
  });

  it('keeps the last places of the bound for clients holding nothing: the heaviest client is refused first', async () => {
    const base = await start({ MAX_IN_FLIGHT_REQUESTS: '4', MAX_IN_FLIGHT_PER_CLIENT: '2' }, slowSearch(600));
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const [a, b, c, d] = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'].map(from) as [ReturnType<typeof from>, ReturnType<typeof from>, ReturnType<typeof from>, ReturnType<typeof from>];
    // a takes its bound, 2 of 4; the other 2 are the reserve.
    const held = [a(`${base}/api/v1/designers`), a(`${base}/api/v1/designers`)];
    await wait(100);
    const cFirst = c(`${base}/api/v1/designers`);
    await wait(50);
    // c holds one, and one more would take the last place: not given to a client already served (it waits
    // for c's own first request instead).
    const cSecond = c(`${base}/api/v1/designers`);
    await wait(50);
    // b holds nothing: served with the last place.
    const bFirst = b(`${base}/api/v1/designers`);
    await wait(50);
    // Full: only now is a client holding nothing refused, with the overload's 503.
    const dFirst = await d(`${base}/api/v1/designers`);
    expect(dFirst.status).toBe(503);
    expect((await Promise.all([...held, cFirst, bFirst, cSecond])).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('refuses an MCP batch over the batch limit with a JSON-RPC 400 before charging it, whatever else is in flight', async () => {
    const base = await start({ MAX_IN_FLIGHT_REQUESTS: '8', MAX_IN_FLIGHT_PER_CLIENT: '2' }, slowSearch(400));
    const alone = await mcpBatch(base, 101);
    expect(alone.status).toBe(400);
    expect(await alone.json()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringMatching(/at most 100 messages; this one holds 101/) }, id: null });
    // The same client at its bound: still the 400, never a 429 or 503 by timing.
    const busy = [fetch(`${base}/api/v1/designers`), fetch(`${base}/api/v1/designers`)];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const meanwhile = await mcpBatch(base, 256);
    expect(meanwhile.status).toBe(400);
    expect((await Promise.all(busy)).map((r) => r.status)).toEqual([200, 200]);
    // A batch at the limit is served.
    expect(await (await mcpBatch(await start({ MAX_IN_FLIGHT_REQUESTS: '8', MAX_IN_FLIGHT_PER_CLIENT: '2' }), 100)).json()).toHaveLength(100);
  });

  it("counts an MCP batch as its messages against the client's share; one larger than the share is served when the client holds nothing else", async () => {
    const base = await start({ MAX_IN_FLIGHT_REQUESTS: '8', MAX_IN_FLIGHT_PER_CLIENT: '2' }, slowSearch(300));
    const one = fetch(`${base}/api/v1/designers`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await mcpBatch(base, 2);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/at most 2;/) }, id: null });
    expect((await one).status).toBe(200);
    const large = await mcpBatch(base, 5);
    expect(large.status).toBe(200);
    expect(await large.json()).toHaveLength(5);
  });

  it('guards the pages and sitemaps that search, with HTML answers; static files are never limited', async () => {
    const base = await start({ RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: services!.redis, QUEUE_PREFIX: `${prefix}-pages` });
    for (const path of ['/', '/open-roles', '/sitemap.xml']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toMatch(/q=3; w=60/);
    }
    for (const path of ['/?q=brand', '/designer/anyone', '/sitemaps/designers.xml']) {
      const limited = await fetch(`${base}${path}`);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.headers.get('content-type')).toMatch(/text\/html/);
      expect(await limited.text()).toMatch(/<h1>Too many requests<\/h1>[\s\S]*wait a minute/);
    }
    for (const path of ['/assets/site.css', '/robots.txt', '/llms.txt', '/docs']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit')).toBeNull();
    }
    // The pages share the client's count with the API.
    expect((await fetch(`${base}/api/v1/designers`)).status).toBe(429);
  });

  it('sheds pages past MAX_IN_FLIGHT_REQUESTS with an HTML 503', async () => {
    const base = await start({ MAX_IN_FLIGHT_REQUESTS: '2', MAX_IN_FLIGHT_PER_CLIENT: '2' }, slowSearch(300));
    const responses = await Promise.all(Array.from({ length: 6 }, () => fetch(`${base}/?q=brand`)));
    const shed = responses.filter((r) => r.status === 503);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(2);
    expect(shed).toHaveLength(4);
    for (const r of shed) {
      expect(r.headers.get('retry-after')).toBe('1');
      expect(await r.text()).toMatch(/<h1>The directory is busy<\/h1>[\s\S]*try again in a few seconds/);
    }
  });

  it('gives every response a request id (keeping a sane incoming one) and counts requests by route in /metrics', async () => {
    const base = await start({});
    const own = await fetch(`${base}/api/v1/designers`);
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${base}/api/v1/designers`, { headers: { 'x-request-id': 'trace-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-abc.123');
    const replaced = await fetch(`${base}/api/v1/designers`, { headers: { 'x-request-id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await fetch(`${base}/api/v1/designers/nobody`);

    const response = await fetch(`${base}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/designers",status="200"\} 3/);
    expect(text).toMatch(/http_request_duration_seconds_bucket/);
    expect(text).toMatch(/process_resident_memory_bytes \d+/);
  });
});
