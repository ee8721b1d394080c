import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServices } from '../support/services.ts';
import { IngestHarness, waitFor } from '../ingest/support/ingest-harness.ts';
import { freePort, startWorkerProcess, type WorkerProcess, workerEnv } from '../ingest/support/worker-process.ts';

const run = promisify(execFile);
const services = requireServices('postgres', 'redis', 'elasticsearch');

/** What the images ship (infra/*.Dockerfile): `npm run build`, then node on dist/ with no TypeScript loader. */
describe.skipIf(!services)('the deployable build: the compiled worker, API and CLI run on plain node', () => {
  let h: IngestHarness;
  let worker: WorkerProcess | null = null;
  let dataDir: string;

  beforeAll(async () => {
    await run('npm', ['run', '-s', 'build'], { timeout: 120_000 });
    h = await IngestHarness.create(services!, 'dist');
    dataDir = await mkdtemp(join(tmpdir(), 'dd-dist-'));
  }, 180_000);

  afterAll(async () => {
    await worker?.kill9();
    await h?.cleanup();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the compiled worker applies the migrations it ships and syncs a designer, with its roles, into Elasticsearch', async () => {
    const port = await freePort();
    worker = await startWorkerProcess(workerEnv(h.config(), port), 'compiled');
    const id = await h.insertDesigner({ name: 'Built Designer' }, [{ title: 'Lead', company: 'Compiled Co', current: true }]);
    const doc = await waitFor(async () => await h.getDoc('designers', id), { timeoutMs: 30_000, intervalMs: 200, what: 'the designer to be indexed' });
    expect(doc).toMatchObject({ version: await h.rowVersion('designers', id) });
    expect(JSON.stringify(doc)).toContain('Compiled Co');
  });

  it('the compiled CLI answers, and the compiled API serves the embedded default with its pages and assets', async () => {
    const { stdout } = await run(process.execPath, ['dist/services/cli/main.js', '--help']);
    expect(stdout).toMatch(/Usage: designer-directory/);

    const port = await freePort();
    const { DATABASE_URL: _d, ELASTICSEARCH_URL: _e, REDIS_URL: _r, SEARCH_BACKEND: _s, ...env } = process.env;
    const api = spawn(process.execPath, ['dist/services/api/main.js'], {
      env: { ...env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${base}/readyz`).catch(() => null))?.ok ?? false, { timeoutMs: 90_000, intervalMs: 250, what: 'the compiled API' });
      const body = (await (await fetch(`${base}/api/v1/designers?limit=2`)).json()) as { success: boolean; data: unknown[] };
      expect(body.success).toBe(true);
      expect(body.data).toHaveLength(2);
      const css = await fetch(`${base}/assets/site.css`);
      expect(css.status).toBe(200);
      expect(await (await fetch(`${base}/`)).text()).toMatch(/<title>Designer Directory/);
    } finally {
      api.kill('SIGKILL');
    }
  }, 120_000);
});
