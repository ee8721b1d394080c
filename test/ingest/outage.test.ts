import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { adminMounts, closeAdminMounts } from '../../services/api/admin/admin.mount.ts';
import type { Mount } from '../../services/api/mount/mount.ts';
import { createApp } from '../../services/api/app.ts';
import { createDirectoryService } from '../../shared/directory/directory-service.ts';
import type { IngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { requireServices } from '../support/services.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');
const ADMIN_TOKEN = 'outage-test-admin-token-0123456789';

describe.skipIf(!services)('ingest: changes survive Redis and Elasticsearch outages', () => {
  let h: IngestHarness;
  let redisProxy: TcpProxy;
  let esProxy: TcpProxy;
  let worker: IngestWorker;
  let server: Server;
  let api: string;
  let mounts: Mount[] = [];

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'outage');
    const redisUrl = new URL(services!.redis);
    const esUrl = new URL(services!.elasticsearch);
    redisProxy = await TcpProxy.start(redisUrl.hostname, Number(redisUrl.port || 6379));
    esProxy = await TcpProxy.start(esUrl.hostname, Number(esUrl.port || 9200));
    const overrides = {
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      ELASTICSEARCH_URL: `http://127.0.0.1:${esProxy.port}`,
    };
    worker = await h.startWorker(overrides);

    // The read API reads Elasticsearch directly; its admin routes use Redis through the proxy.
    const config = h.config({ ...overrides, ELASTICSEARCH_URL: services!.elasticsearch, ADMIN_TOKEN });
    const search = new ElasticsearchSearchRepository(h.es, h.names);
    const logger = createLogger('silent', 'outage-test');
    const { app } = createApp({
      search,
      config,
      logger,
      mounts: () =>
        (mounts = adminMounts({ runtime: { search, close: async () => undefined }, config, logger, directory: createDirectoryService({ search }) })),
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await closeAdminMounts(mounts);
    await h?.cleanup();
    await redisProxy?.close();
    await esProxy?.close();
  });

  const nameOf = async (id: string) => ((await h.getDoc('designers', id))?.source.designer as { name?: string } | undefined)?.name;

  it('keeps changes in the outbox while Redis is away, keeps the API serving, and lands them after', async () => {
    const existing = await h.insertDesigner({ name: 'Before the Redis outage' });
    await waitFor(() => h.getDoc('designers', existing), { what: 'baseline indexed' });

    redisProxy.setMode('refuse');
    onTestFinished(() => {
      if (redisProxy.currentMode !== 'pass') redisProxy.setMode('pass');
    });
    await h.updateDesigner(existing, { name: 'Edited during the Redis outage' });
    const added = await h.insertDesigner({ name: 'Added during the Redis outage' });

    // The relay cannot enqueue, so the changes stay unprocessed in the outbox, not lost.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const backlog = await worker.context.changeLog.backlog();
    expect(backlog.count).toBeGreaterThanOrEqual(2);
    expect(await nameOf(existing)).toBe('Before the Redis outage');

    // The API keeps answering searches; the admin API says the queue is unavailable instead of hanging.
    const search = await fetch(`${api}/api/v1/designers?limit=5`);
    expect(search.status).toBe(200);
    const started = Date.now();
    const admin = await fetch(`${api}/api/admin/jobs/1`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(admin.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);

    redisProxy.setMode('pass');
    await waitFor(async () => (await nameOf(existing)) === 'Edited during the Redis outage', {
      timeoutMs: 30_000,
      what: 'the edit after Redis returned',
    });
    await waitFor(() => h.getDoc('designers', added), { timeoutMs: 30_000, what: 'the insert after Redis returned' });
    // The row's later changes (its roles touch it) may still be on their way to the queue: the outbox drains.
    await waitFor(async () => (await worker.context.changeLog.backlog()).count === 0, { timeoutMs: 30_000, what: 'the outbox to drain' });
    expect((await worker.context.changeLog.backlog()).count).toBe(0);
  });

  it('retries jobs while Elasticsearch is away and lands them after it returns', async () => {
    const id = await h.insertDesigner({ name: 'Before the Elasticsearch outage' });
    await waitFor(() => h.getDoc('designers', id), { what: 'baseline indexed' });

    esProxy.setMode('refuse');
    onTestFinished(() => {
      if (esProxy.currentMode !== 'pass') esProxy.setMode('pass');
    });
    await h.updateDesigner(id, { name: 'Edited during the Elasticsearch outage' });
    const deleted = await h.insertDesigner({ name: 'Deleted during the outage' });
    await h.deleteDesigner(deleted);

    // The job for the edit fails and waits for a retry (delayed), with its reason kept.
    const retrying = await waitFor(
      async () => {
        const delayed = await worker.context.queues.sync.getDelayed();
        return delayed.find((j) => (j.data as { id: string }).id === id && j.attemptsMade >= 1);
      },
      { timeoutMs: 15_000, what: 'a failed attempt waiting for its retry' },
    );
    expect(retrying.failedReason).toBeTruthy();

    esProxy.setMode('pass');
    await waitFor(async () => (await nameOf(id)) === 'Edited during the Elasticsearch outage', {
      timeoutMs: 30_000,
      what: 'the edit after Elasticsearch returned',
    });
    await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, { timeoutMs: 30_000, what: 'store and index equal' });
  });
});
