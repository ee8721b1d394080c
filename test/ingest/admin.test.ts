import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMounts, closeAdminMounts } from '../../services/api/admin/admin.mount.ts';
import { createApp } from '../../services/api/app.ts';
import type { Mount } from '../../services/api/mount/mount.ts';
import type { Config } from '../../shared/config/config.schema.ts';
import { createDirectoryService } from '../../shared/directory/directory-service.ts';
import { ReindexProgressSchema } from '../../shared/ingest/jobs/maintenance-job.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { requireServices } from '../support/services.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');
const TOKEN = 'admin-test-token-abcdefghijklmnop';

interface RunningApi {
  url: string;
  close(): Promise<void>;
}

describe.skipIf(!services)('admin HTTP: bearer-protected reindex, job status and Bull Board', () => {
  let h: IngestHarness;
  const apis: RunningApi[] = [];

  async function startApi(config: Config): Promise<RunningApi> {
    const search = new ElasticsearchSearchRepository(h.es, h.names);
    const logger = createLogger('silent', 'admin-test');
    let mounts: Mount[] = [];
    const { app } = createApp({
      search,
      config,
      logger,
      mounts: () =>
        (mounts = adminMounts({ runtime: { search, close: async () => undefined }, config, logger, directory: createDirectoryService({ search }) })),
    });
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const api = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      async close() {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await closeAdminMounts(mounts);
      },
    };
    apis.push(api);
    return api;
  }

  const auth = (token = TOKEN) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'admin');
    await h.insertDesigners(1500);
  });

  afterAll(async () => {
    for (const api of apis) await api.close();
    await h?.cleanup();
  });

  it('has no admin routes at all when no ADMIN_TOKEN is configured (404)', async () => {
    const api = await startApi(h.config());
    for (const [method, path] of [
      ['POST', '/api/admin/reindex'],
      ['GET', '/api/admin/jobs/1'],
      ['GET', '/api/admin/queues'],
    ] as const) {
      const response = await fetch(`${api.url}${path}`, { method, headers: auth() });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });

  it('answers 401 without the bearer token or with a wrong one, on every admin route', async () => {
    const api = await startApi(h.config({ ADMIN_TOKEN: TOKEN }));
    for (const headers of [{}, auth('wrong-token-wrong-token-wrong'), { authorization: TOKEN }, auth(`${TOKEN}x`)]) {
      for (const [method, path] of [
        ['POST', '/api/admin/reindex'],
        ['GET', '/api/admin/jobs/1'],
        ['GET', '/api/admin/queues'],
        ['GET', '/api/admin/queues/api/queues'],
      ] as const) {
        const response = await fetch(`${api.url}${path}`, { method, headers });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(await response.json()).toEqual({ success: false, error: expect.any(String) });
      }
    }
  });

  it('answers 503 behind the auth when the server has no queue (no REDIS_URL)', async () => {
    const api = await startApi(h.config({ ADMIN_TOKEN: TOKEN, REDIS_URL: '' }));
    expect((await fetch(`${api.url}/api/admin/reindex`, { method: 'POST' })).status).toBe(401);
    const response = await fetch(`${api.url}/api/admin/reindex`, { method: 'POST', headers: auth() });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toMatch(/REDIS_URL/);
  });

  it('starts a reindex over HTTP that reports progress and completes; validates input; serves Bull Board', async () => {
    await h.startWorker();
    const api = await startApi(h.config({ ADMIN_TOKEN: TOKEN }));

    const bad = await fetch(`${api.url}/api/admin/reindex`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'everything' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: unknown }).details).toEqual([{ parameter: 'target', message: expect.any(String) }]);

    const started = await fetch(`${api.url}/api/admin/reindex`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'designers' }),
    });
    expect(started.status).toBe(202);
    const { data } = (await started.json()) as { data: { job_id: string; target: string } };
    expect(data.target).toBe('designers');
    expect(started.headers.get('location')).toBe(`/api/admin/jobs/${data.job_id}`);

    const seen: unknown[] = [];
    const job = await waitFor(
      async () => {
        const response = await fetch(`${api.url}/api/admin/jobs/${data.job_id}`, { headers: auth() });
        expect(response.status).toBe(200);
        const body = (await response.json()) as { data: { state: string; progress: unknown; result: unknown } };
        seen.push(body.data.progress);
        return body.data.state === 'completed' ? body.data : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 50, what: 'the reindex to complete' },
    );
    const final = ReindexProgressSchema.parse(job.progress);
    expect(final).toMatchObject({ target: 'designers', phase: 'done', done: 1500, total: 1500 });
    expect(final.rate).toBeGreaterThan(0);
    expect(seen.some((p) => ReindexProgressSchema.safeParse(p).success)).toBe(true);
    expect(job.result).toMatchObject({ target: 'designers', kinds: [{ kind: 'designers', indexed: 1500 }] });
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);

    expect((await fetch(`${api.url}/api/admin/jobs/no-such-job`, { headers: auth() })).status).toBe(404);

    const board = await fetch(`${api.url}/api/admin/queues`, { headers: auth() });
    expect(board.status).toBe(200);
    expect(board.headers.get('content-type')).toMatch(/text\/html/);
    const boardApi = await fetch(`${api.url}/api/admin/queues/api/queues`, { headers: auth() });
    expect(boardApi.status).toBe(200);
    const names = ((await boardApi.json()) as { queues: { name: string }[] }).queues.map((q) => q.name).sort();
    expect(names).toEqual(['maintenance', 'sync']);
  });
});
