import type { Client } from '@elastic/elasticsearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { indexNames } from '../../shared/search/elasticsearch/index-names.ts';
import { requireServices } from '../support/services.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';
import { CAST } from './designer-cast.ts';
import { OpenApiValidator } from './openapi.validator.ts';
import { appDeps, type ErrorBody, type ListBody, openRole, ReadPathFixture, RunningApp } from './read-path.harness.ts';
import { deadPort } from '../support/dead-port.ts';

const services = requireServices('elasticsearch');

const READ_PATHS = [
  ['/api/v1/designers?q=ana', '/designers'],
  ['/api/v1/designers?category=brand&limit=1', '/designers'],
  ['/api/v1/designers/ana-muller', '/designers/{slug}'],
  ['/api/v1/open-roles?remote=true', '/open-roles'],
] as const;

describe.skipIf(!services)('503 when Elasticsearch is unreachable or slow', () => {
  let fx: ReadPathFixture;
  let openapi: OpenApiValidator;

  beforeAll(async () => {
    fx = await ReadPathFixture.create(services!.elasticsearch, 'backend_unavailable');
    await fx.load({ designers: CAST, openRoles: [openRole({ id: 'r-1', remote: true })] });
    openapi = new OpenApiValidator((await fx.app.get('/api/v1/openapi.json')).body as ConstructorParameters<typeof OpenApiValidator>[0]);
  });

  afterAll(async () => {
    await fx?.dispose();
  });

  async function expect503(app: RunningApp) {
    for (const [path, documented] of READ_PATHS) {
      const started = Date.now();
      const response = await app.get<ErrorBody>(path);
      expect(response.status, path).toBe(503);
      expect(Date.now() - started, `${path} answers within a generous bound`).toBeLessThan(15_000);
      expect(response.headers.get('retry-after'), path).toMatch(/^\d+$/);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      openapi.check(documented, 'get', 503, response.body);
      expect(response.body).toEqual({ success: false, error: expect.stringMatching(/unavailable/) });
      expect(JSON.stringify(response.body)).not.toMatch(/ECONNREFUSED|Timeout|stack|127\.0\.0\.1|at /);
    }
  }

  describe('pointed at a dead port', () => {
    let client: Client;
    let app: RunningApp;

    beforeAll(async () => {
      client = createElasticsearchClient({ url: `http://127.0.0.1:${await deadPort()}`, requestTimeoutMs: 2000 });
      app = await RunningApp.start(appDeps(new ElasticsearchSearchRepository(client, fx.names)));
    });

    afterAll(async () => {
      await app?.close();
      await client?.close();
    });

    it('every read answers 503 with Retry-After and the error body', async () => {
      await expect503(app);
    });

    it('readiness says not ready', async () => {
      const response = await app.get<{ status: string }>('/readyz');
      expect(response.status).toBe(503);
    });

    it('bad input is still a 400, not a 503: parameters are checked before the engine is asked', async () => {
      expect((await app.get('/api/v1/designers?limit=x')).status).toBe(400);
    });
  });

  describe('behind a proxy that stops answering or refuses', () => {
    let proxy: TcpProxy;
    let client: Client;
    let app: RunningApp;

    beforeAll(async () => {
      const target = new URL(services!.elasticsearch);
      proxy = await TcpProxy.start(target.hostname, Number(target.port || 9200));
      client = createElasticsearchClient({ url: proxy.url, requestTimeoutMs: 400 });
      app = await RunningApp.start(appDeps(new ElasticsearchSearchRepository(client, fx.names)));
    });

    afterAll(async () => {
      await app?.close();
      await client?.close();
      await proxy?.close();
    });

    it('answers normally while the proxy passes traffic', async () => {
      proxy.setMode('pass');
      const response = await app.get<ListBody<unknown>>('/api/v1/designers?category=brand');
      expect(response.status).toBe(200);
      expect(response.body.meta.total).toBe(3);
    });

    it('a slow engine (no answer within the request timeout) gives 503, not a hang', async () => {
      proxy.setMode('blackhole');
      await expect503(app);
    });

    it('a engine that refuses connections gives 503', async () => {
      proxy.setMode('refuse');
      await expect503(app);
    });

    it('recovers once the engine answers again', async () => {
      proxy.setMode('pass');
      let status = 0;
      // The client may keep the node marked dead briefly; it must come back without a restart.
      for (let i = 0; i < 40 && status !== 200; i++) {
        status = (await app.get('/api/v1/designers?limit=1')).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
      expect((await app.get('/api/v1/designers/ana-muller')).status).toBe(200);
    });
  });

  describe('indices that do not exist yet', () => {
    it('answer 503, not 500', async () => {
      const client = createElasticsearchClient({ url: services!.elasticsearch, requestTimeoutMs: 5000 });
      const app = await RunningApp.start(appDeps(new ElasticsearchSearchRepository(client, indexNames('t_never_created_'))));
      try {
        const response = await app.get<ErrorBody>('/api/v1/designers');
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      } finally {
        await app.close();
        await client.close();
      }
    });
  });
});
