import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../ingest/support/ingest-harness.ts';
import { freePort } from '../ingest/support/worker-process.ts';
import { npmStartCommand } from '../support/npm-start.ts';

const PRELOAD = new URL('./support/record-packages.preload.mjs', import.meta.url).href;
/** Packages only the Elasticsearch engine, the BullMQ queues and the sample generator use. */
const NOT_FOR_THE_EMBEDDED_API = ['@elastic/elasticsearch', '@elastic/transport', 'bullmq', '@bull-board/api', '@faker-js/faker'];
/** The goal of the embedded API's memory (BENCHMARKS.md, "Embedded start and memory"). */
const RSS_GOAL_MIB = 300;

interface Run {
  /** The packages the API's own process loaded, in any of its threads. */
  packages: string[];
  /** The packages other processes it started loaded. */
  childPackages: string[];
  rssMiB: number;
}

async function vmRssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024);
}

describe('the embedded API loads only what the embedded default uses, and holds at most 300 MiB', () => {
  let dir: string;

  /** Starts the API as `npm start` does on DATA_DIR, serves searches, pages and an MCP call, then stops it. */
  async function runApi(name: string): Promise<Run> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const record = join(dir, `${name}.packages`);
    const { DATABASE_URL: _d, ELASTICSEARCH_URL: _e, REDIS_URL: _r, SEARCH_BACKEND: _s, ADMIN_TOKEN: _a, ...env } = process.env;
    const start = await npmStartCommand();
    const api: ChildProcess = spawn(process.execPath, ['--import', PRELOAD, ...start.args], {
      env: { ...env, ...start.env, DATA_DIR: join(dir, 'data'), HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', RECORD_PACKAGES_TO: record },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    api.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    try {
      await waitFor(async () => (await fetch(`${base}/readyz`).catch(() => undefined))?.ok === true, {
        timeoutMs: 90_000,
        intervalMs: 250,
        what: 'the embedded API',
      }).catch((error: Error) => {
        throw new Error(`${error.message}; its stderr:\n${stderr}`);
      });
      for (const q of ['brand', 'product designer berlin', 'figma', 'lead designer canva']) {
        const query = new URLSearchParams({ q, facets: 'category,country,company,remote', highlight: 'true' });
        expect((await fetch(`${base}/api/v1/designers?${query}`)).status).toBe(200);
        expect((await fetch(`${base}/?${new URLSearchParams({ q })}`)).status).toBe(200);
      }
      expect((await fetch(`${base}/api/v1/suggest?q=pro`)).status).toBe(200);
      const mcp = await fetch(`${base}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_designers', arguments: { q: 'brand designer' } } }),
      });
      expect(mcp.status).toBe(200);
      const rssMiB = await vmRssMiB(api.pid!);
      const lines = (await readFile(record, 'utf8')).split('\n').filter(Boolean).map((line) => line.split(' ') as [string, string]);
      const of = (own: boolean) => [...new Set(lines.filter(([pid]) => (pid === String(api.pid)) === own).map(([, name]) => name))];
      return { packages: of(true), childPackages: of(false), rssMiB };
    } finally {
      api.kill('SIGTERM');
      if (api.exitCode === null) await once(api, 'exit');
    }
  }

  let first: Run;
  let restart: Run;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-footprint-'));
    first = await runApi('first');
    restart = await runApi('restart');
  }, 240_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a first start fills the store in a child process, and the API loads neither the generator, the Elasticsearch client nor BullMQ', () => {
    expect(first.childPackages).toEqual(expect.arrayContaining(['@faker-js/faker', '@electric-sql/pglite']));
    expect(first.packages).toEqual(expect.arrayContaining(['express', '@modelcontextprotocol/sdk', '@electric-sql/pglite']));
    for (const name of NOT_FOR_THE_EMBEDDED_API) expect(first.packages).not.toContain(name);
  });

  it('a restart on the filled store starts no child and loads none of them', () => {
    expect(restart.childPackages).toEqual([]);
    expect(restart.packages).toEqual(expect.arrayContaining(['express', '@modelcontextprotocol/sdk', '@electric-sql/pglite']));
    for (const name of NOT_FOR_THE_EMBEDDED_API) expect(restart.packages).not.toContain(name);
  });

  it(`holds at most ${RSS_GOAL_MIB} MiB after its first searches, pages and MCP call, after a first start and a restart`, () => {
    expect(first.rssMiB).toBeLessThanOrEqual(RSS_GOAL_MIB);
    expect(restart.rssMiB).toBeLessThanOrEqual(RSS_GOAL_MIB);
  });
});
