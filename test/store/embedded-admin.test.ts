import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMounts } from '../../services/api/admin/admin.mount.ts';
import { createApp } from '../../services/api/app.ts';
import { createRuntime, type Runtime } from '../../shared/composition/runtime.factory.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';

const TOKEN = 'embedded-admin-token-0123';

describe('admin routes on the embedded default (PGlite, Postgres search, no Redis)', () => {
  let dir: string;
  let runtime: Runtime;
  let server: Server;
  let base: string;
  const auth = { authorization: `Bearer ${TOKEN}` };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-embedded-admin-'));
    const config = loadConfig({ DATA_DIR: join(dir, 'data'), ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'silent' });
    const logger = createLogger('silent', 'test');
    runtime = await createRuntime(config, logger);
    const { app } = createApp({
      search: runtime.search,
      config,
      logger,
      mounts: (directory) => adminMounts({ runtime, config, logger, directory }),
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await runtime?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const names = async (q: string) =>
    ((await (await fetch(`${base}/api/v1/designers?q=${encodeURIComponent(q)}`)).json()) as { data: { slug: string }[] }).data.map(
      (d) => d.slug,
    );

  it('needs the bearer token', async () => {
    expect((await fetch(`${base}/api/admin/reindex`, { method: 'POST' })).status).toBe(401);
  });

  it('a row changed by hand-written SQL is searchable at once; a reindex recomputes search text damaged behind the store, reported as a completed job', async () => {
    const { rows } = await runtime.db!.query<{ id: string; slug: string }>(`SELECT id, slug FROM designers ORDER BY id LIMIT 1`);
    const { id, slug } = rows[0]!;
    await runtime.db!.query(`UPDATE designers SET name = 'Zebulon Quixotic' WHERE id = $1`, [id]);
    expect(await names('zebulon quixotic')).toEqual([slug]);
    // The search text itself, damaged by hand (the row unchanged, so nothing is queued): only a reindex mends it.
    await runtime.db!.query(`UPDATE designer_search SET text_tsv = '' WHERE designer_id = $1`, [id]);
    expect(await names('zebulon quixotic')).toEqual([]);

    const started = await fetch(`${base}/api/admin/reindex`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'designers' }),
    });
    expect(started.status).toBe(202);
    const { data } = (await started.json()) as { data: { job_id: string; target: string } };
    expect(data.target).toBe('designers');

    const job = (await (await fetch(`${base}/api/admin/jobs/${data.job_id}`, { headers: auth })).json()) as {
      data: { state: string; progress: { done: number; total: number }; result: { designers: number; open_roles: number } };
    };
    expect(job.data.state).toBe('completed');
    expect(job.data.result).toEqual({ designers: 500, open_roles: 0 });
    expect(job.data.progress).toEqual({ done: 500, total: 500 });
    expect(await names('zebulon quixotic')).toEqual([slug]);
  });

  it('rejects a bad target with a 400 naming it, and an unknown job with a 404', async () => {
    const bad = await fetch(`${base}/api/admin/reindex`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'everything' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: { parameter: string }[] }).details[0]?.parameter).toBe('target');
    expect((await fetch(`${base}/api/admin/jobs/nope`, { headers: auth })).status).toBe(404);
  });

  it('queue-only routes say the queue is not configured', async () => {
    const response = await fetch(`${base}/api/admin/retry-failed`, { method: 'POST', headers: auth });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toMatch(/REDIS_URL/);
  });
});
