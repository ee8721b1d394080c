import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../services/api/app.ts';
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

describe.skipIf(!services)('traffic controls: per-client rate limit (shared through Redis), request ids, /metrics', () => {
  const running: { server: Server; app: App }[] = [];
  const prefix = uniqueName('ratelimit').replace(/_+$/, '');

  async function start(env: Record<string, string>): Promise<string> {
    const config = loadConfig({ LOG_LEVEL: 'silent', QUEUE_PREFIX: prefix, ...env });
    const app = createApp({ search, config, logger: createLogger('silent', 'traffic-test') });
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
    const redis = new Redis(services!.redis);
    const keys = await redis.keys(`${prefix}:ratelimit:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
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
