import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMounts, closeAdminMounts } from '../../services/api/admin/admin.mount.ts';
import { createApp } from '../../services/api/app.ts';
import type { Mount } from '../../services/api/mount/mount.ts';
import {
  type AdminJob,
  AdminJobResponseSchema,
  ReindexAcceptedResponseSchema,
  RetryFailedResponseSchema,
} from '../../shared/admin/admin-job.schema.ts';
import { createRuntime, type Runtime } from '../../shared/composition/runtime.factory.ts';
import { type Config, loadConfig } from '../../shared/config/config.schema.ts';
import { ErrorResponseSchema } from '../../shared/domain/envelope.schema.ts';
import { connectIngestQueues } from '../../shared/ingest/runtime/ingest-queues.ts';
import { JOB_NAMES } from '../../shared/ingest/jobs/ingest-job-names.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { IngestHarness, waitFor } from '../ingest/support/ingest-harness.ts';
import { OpenApiValidator } from '../read-path/openapi.validator.ts';
import { requireServices } from '../support/services.ts';

/**
 * The admin job routes answer the same way whichever implementation of the port runs them: the BullMQ
 * queue (real Redis, Elasticsearch, Postgres, and a worker) or the embedded mode (PGlite, search on the
 * store, no Redis). Every job body parses with the one AdminJobSchema and matches the served OpenAPI
 * document.
 */

const TOKEN = 'admin-jobs-test-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const services = requireServices('postgres', 'redis', 'elasticsearch');

interface RunningApi {
  base: string;
  close(): Promise<void>;
}

async function serve(search: SearchPort, config: Config, runtime: Runtime): Promise<RunningApi> {
  const logger = createLogger('silent', 'admin-jobs-test');
  let mounts: Mount[] = [];
  const { app } = createApp({ search, config, logger, mounts: (directory) => (mounts = adminMounts({ runtime, config, logger, directory })) });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await closeAdminMounts(mounts);
    },
  };
}

interface Mode {
  api: RunningApi;
  /** Listed designers the store holds: what a designers rebuild must report. */
  designers: number;
  /** Queue mode: a job id that has failed; the embedded mode has none (nothing fails in the background). */
  failJob?: () => Promise<string>;
  close(): Promise<void>;
}

async function queueMode(): Promise<Mode> {
  const h = await IngestHarness.create(services!, 'admin_jobs');
  try {
    await h.insertDesigners(300);
    await h.startWorker();
    const config = h.config({ ADMIN_TOKEN: TOKEN });
    const search = new ElasticsearchSearchRepository(h.es, h.names);
    const api = await serve(search, config, { search, close: async () => undefined });
    const producer = connectIngestQueues(services!.redis, h.queuePrefix);
    return {
      api,
      designers: 300,
      // A payload the worker refuses at once (UnrecoverableError): a failed job with its reason.
      failJob: async () => (await producer.queues.sync.add(JOB_NAMES.syncDesigner, { not: 'a sync payload' })).id!,
      async close() {
        await api.close();
        await producer.close();
        await h.cleanup();
      },
    };
  } catch (error) {
    await h.cleanup();
    throw error;
  }
}

async function embeddedMode(): Promise<Mode> {
  const dir = await mkdtemp(join(tmpdir(), 'dd-admin-jobs-'));
  const config = loadConfig({ DATA_DIR: join(dir, 'data'), ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'silent' });
  const runtime = await createRuntime(config, createLogger('silent', 'admin-jobs-test'));
  const api = await serve(runtime.search, config, runtime);
  const { rows } = await runtime.db!.query<{ n: number }>(`SELECT count(*)::int AS n FROM designers`);
  return {
    api,
    designers: rows[0]!.n,
    async close() {
      await api.close();
      await runtime.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const modes = [
  ['queue (BullMQ, Redis, Elasticsearch, Postgres)', queueMode, !services],
  ['embedded (PGlite, Postgres search, no Redis)', embeddedMode, false],
] as const;

describe.each(modes)('admin jobs, %s', (_label, start, skip) => {
  let mode: Mode;
  let openapi: OpenApiValidator;
  const url = (path: string) => `${mode.api.base}${path}`;

  beforeAll(async () => {
    if (skip) return;
    mode = await start();
    const served = await fetch(url('/api/v1/openapi.json'));
    openapi = new OpenApiValidator((await served.json()) as ConstructorParameters<typeof OpenApiValidator>[0]);
  });

  afterAll(async () => {
    await mode?.close();
  });

  /** Reads a job: 200, no-store, and the body in the one job schema and the documented shape. */
  async function readJob(path: string): Promise<AdminJob> {
    const response = await fetch(url(path), { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    openapi.check('/api/admin/jobs/{id}', 'get', 200, body);
    return AdminJobResponseSchema.parse(body).data;
  }

  it.skipIf(skip)('guards every job route with the bearer token (401, challenge, documented error body)', async () => {
    for (const [method, path, documented] of [
      ['POST', '/api/admin/reindex', '/api/admin/reindex'],
      ['GET', '/api/admin/jobs/1', '/api/admin/jobs/{id}'],
      ['POST', '/api/admin/retry-failed', '/api/admin/retry-failed'],
    ] as const) {
      for (const headers of [{}, { authorization: 'Bearer not-the-admin-token-at-all' }] as Record<string, string>[]) {
        const response = await fetch(url(path), { method, headers });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer realm="admin"');
        expect(response.headers.get('cache-control')).toBe('no-store');
        const body = await response.json();
        openapi.check(documented, method.toLowerCase(), 401, body);
        ErrorResponseSchema.parse(body);
      }
    }
  });

  it.skipIf(skip)('answers a method a job route does not take with a 405 naming the ones it does', async () => {
    for (const [method, path, allow] of [
      ['GET', '/api/admin/reindex', 'POST, OPTIONS'],
      ['DELETE', '/api/admin/retry-failed', 'POST, OPTIONS'],
      ['POST', '/api/admin/jobs/1', 'GET, HEAD, OPTIONS'],
    ] as const) {
      const response = await fetch(url(path), { method, headers: auth });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(ErrorResponseSchema.parse(await response.json()).error).toBe(`${path} does not take ${method}; it takes ${allow}.`);
    }
    // Without the token the guard answers first: a 405 tells no stranger which operations exist.
    expect((await fetch(url('/api/admin/reindex'))).status).toBe(401);
  });

  it.skipIf(skip)('refuses a bad reindex body with a 400 naming the field', async () => {
    const response = await fetch(url('/api/admin/reindex'), {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'everything' }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    openapi.check('/api/admin/reindex', 'post', 400, body);
    expect(ErrorResponseSchema.parse(body).details).toEqual([{ parameter: 'target', message: expect.any(String) }]);
  });

  it.skipIf(skip)('runs a reindex from 202 to completed: Location, progress and result in the one job shape', async () => {
    const started = await fetch(url('/api/admin/reindex'), {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'designers' }),
    });
    expect(started.status).toBe(202);
    expect(started.headers.get('cache-control')).toBe('no-store');
    const accepted = await started.json();
    openapi.check('/api/admin/reindex', 'post', 202, accepted);
    const { data } = ReindexAcceptedResponseSchema.parse(accepted);
    expect(data.target).toBe('designers');
    const location = started.headers.get('location');
    expect(location).toBe(`/api/admin/jobs/${encodeURIComponent(data.job_id)}`);

    const seen: AdminJob[] = [];
    const job = await waitFor(
      async () => {
        const current = await readJob(location!);
        seen.push(current);
        return current.state === 'completed' || current.state === 'failed' ? current : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 50, what: 'the reindex to finish' },
    );
    for (const view of seen) {
      expect(view).toMatchObject({ id: data.job_id, name: 'reindex', target: 'designers', data: { target: 'designers' } });
    }
    expect(job).toMatchObject({
      state: 'completed',
      failed_reason: null,
      progress: { done: mode.designers, total: mode.designers },
      result: { designers: mode.designers, open_roles: 0 },
      finished_at: expect.any(String),
    });
    expect(Date.parse(job.finished_at!)).toBeGreaterThanOrEqual(Date.parse(job.created_at));
    expect(job.attempts_made).toBeGreaterThanOrEqual(1);
  });

  it.skipIf(skip)('answers 404 with the documented error body for a job it does not know', async () => {
    const response = await fetch(url('/api/admin/jobs/no-such-job'), { headers: auth });
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    openapi.check('/api/admin/jobs/{id}', 'get', 404, body);
    expect(body).toEqual({ success: false, error: 'No job no-such-job.' });
  });

  it.skipIf(skip)('retries failed jobs with the queue; says why not without one (503)', async () => {
    if (!mode.failJob) {
      const response = await fetch(url('/api/admin/retry-failed'), { method: 'POST', headers: auth });
      expect(response.status).toBe(503);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = await response.json();
      openapi.check('/api/admin/retry-failed', 'post', 503, body);
      expect(body).toEqual({ success: false, error: expect.stringMatching(/REDIS_URL/) });
      // So does the dashboard, which is the queue's.
      const board = await fetch(url('/api/admin/queues'), { headers: auth });
      expect(board.status).toBe(503);
      expect(await board.json()).toEqual(body);
      return;
    }
    const id = await mode.failJob();
    const failed = await waitFor(
      async () => {
        const job = await readJob(`/api/admin/jobs/${id}`);
        return job.state === 'failed' ? job : undefined;
      },
      { timeoutMs: 30_000, what: 'the bad job to fail' },
    );
    expect(failed).toMatchObject({ queue: 'sync', name: 'sync-designer', target: null, progress: null, result: null });
    expect(failed.failed_reason).toMatch(/Invalid sync-designer payload/);

    const response = await fetch(url('/api/admin/retry-failed'), { method: 'POST', headers: auth });
    expect(response.status).toBe(200);
    const body = await response.json();
    openapi.check('/api/admin/retry-failed', 'post', 200, body);
    expect(RetryFailedResponseSchema.parse(body).data.retried).toBeGreaterThanOrEqual(1);
    // Moved back to waiting, so it runs (and, its payload unchanged, fails) again.
    await waitFor(async () => (await readJob(`/api/admin/jobs/${id}`)).attempts_made >= 2, { timeoutMs: 30_000, what: 'the retried job to run again' });
  });
});

describe.skipIf(!services)('admin jobs, queue mode with Redis away', () => {
  it('answers 503 with Retry-After within a bounded time on every job route, and the documented body', async () => {
    // A port nothing listens on: Redis refuses.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));

    const h = await IngestHarness.create(services!, 'admin_jobs_away');
    const config = h.config({ ADMIN_TOKEN: TOKEN, REDIS_URL: `redis://127.0.0.1:${port}` });
    const search = new ElasticsearchSearchRepository(h.es, h.names);
    const api = await serve(search, config, { search, close: async () => undefined });
    try {
      const openapi = new OpenApiValidator((await (await fetch(`${api.base}/api/v1/openapi.json`)).json()) as ConstructorParameters<typeof OpenApiValidator>[0]);
      for (const [method, path, documented] of [
        ['POST', '/api/admin/reindex', '/api/admin/reindex'],
        ['GET', '/api/admin/jobs/1', '/api/admin/jobs/{id}'],
        ['POST', '/api/admin/retry-failed', '/api/admin/retry-failed'],
      ] as const) {
        const started = Date.now();
        const response = await fetch(`${api.base}${path}`, { method, headers: auth });
        expect(response.status, `${method} ${path}`).toBe(503);
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        const body = await response.json();
        openapi.check(documented, method.toLowerCase(), 503, body);
        expect(body).toEqual({ success: false, error: 'The job queue is unavailable; try again shortly.' });
      }
    } finally {
      await api.close();
      await h.cleanup();
    }
  });
});
