import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDb, type Db } from '../../shared/store/db.ts';
import { isDatabaseUnavailable } from '../../shared/store/db-unavailable.ts';
import { waitFor } from '../ingest/support/ingest-harness.ts';
import { freePort } from '../ingest/support/worker-process.ts';
import { requireServices } from '../support/services.ts';
import { createTempDatabase, type TempDatabase } from '../support/temp-database.ts';
import { designerRecord } from './test-store.ts';

const services = requireServices('postgres');

/**
 * The server ends a connection while its holder is between two statements (a restart, a failover, an
 * operator's pg_terminate_backend). Here the connection is ended by pg_terminate_backend from another
 * session: the server sends 57P01 and closes the socket, as on a fast shutdown.
 */
describe.skipIf(!services)('a Postgres connection lost in the middle of the work', () => {
  let temp: TempDatabase;
  let admin: pg.Client;
  let dir: string;

  beforeAll(async () => {
    temp = await createTempDatabase(services!.postgres, 'conn_loss');
    admin = new pg.Client({ connectionString: services!.postgres });
    await admin.connect();
    dir = await mkdtemp(join(tmpdir(), 'dd-conn-loss-'));
  });
  afterAll(async () => {
    await admin?.end();
    await temp?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Ends every session on the test database with a transaction open (that has written designers); returns how many. */
  async function terminateOpenTransactions(options: { writingDesigners?: boolean } = {}): Promise<number> {
    const { rows } = await admin.query<{ ended: boolean }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = $1 AND xact_start IS NOT NULL AND pid <> pg_backend_pid() AND ($2::boolean IS NOT TRUE OR query ~* 'insert into designers')`,
      [temp.name, options.writingDesigners ?? false],
    );
    return rows.filter((r) => r.ended).length;
  }

  it('a transaction whose connection is ended fails with an unavailable-database error, and the pool goes on with a new connection', async () => {
    const db: Db = createPgDb(temp.url, { max: 1 });
    try {
      const failure = db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        expect(await terminateOpenTransactions()).toBe(1);
        // The socket closes while this holder does other work: before, the lent client emitted 'error' with
        // no listener, which ended the process.
        await sleep(300);
        await tx.query('SELECT 1');
      });
      const error = await failure.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error)).toBe(true);
      // One connection in the pool: the broken one was destroyed, not handed out again.
      for (let i = 0; i < 3; i += 1) expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('a client of the pool that reports its loss twice, while pool.query runs or idle, does not end the process', async () => {
    const db: Db = createPgDb(temp.url, { max: 1 });
    try {
      // The pool's one client (max 1), lent once to reach it, then running a statement of pool.query.
      const client = await db.withPgClient(async (lent) => lent);
      const running = db.query('SELECT pg_sleep(0.3)').catch((error: unknown) => error);
      await sleep(50);
      const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      // pool.query listens once; an 'error' emitted with nobody listening throws: in the ingest worker, an
      // uncaught exception.
      expect(() => {
        client.emit('error', lost);
        client.emit('error', new Error('Connection terminated unexpectedly'));
      }).not.toThrow();
      expect(await running).toBe(lost);
      // Idle, the pool's own listener takes the loss the same way.
      const idle = await db.withPgClient(async (lent) => lent);
      expect(() => {
        idle.emit('error', lost);
        idle.emit('error', lost);
      }).not.toThrow();
      // The pool goes on with a new connection.
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });

  it('the CLI import says the store was lost and what became of the import, exits 1, and leaves the store as it was', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: temp.url, LOG_LEVEL: 'warn' };
    for (const key of ['ELASTICSEARCH_URL', 'REDIS_URL', 'SEARCH_BACKEND', 'DATA_DIR']) delete env[key];
    const seed = join(dir, 'seed.ndjson');
    await writeFile(seed, `${JSON.stringify(designerRecord('kept-one'))}\n`);
    const first = spawn(process.execPath, ['bin/designer-directory.mjs', 'import', seed], { env, stdio: 'ignore' });
    expect((await once(first, 'exit'))[0]).toBe(0);

    const file = join(dir, 'many.ndjson');
    await writeFile(file, `${Array.from({ length: 40_000 }, (_, i) => JSON.stringify(designerRecord(`many-${i}`))).join('\n')}\n`);
    const child = spawn(process.execPath, ['bin/designer-directory.mjs', 'import', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    // Once the import's transaction has written its first batch (not while the command migrates).
    await waitFor(async () => (await terminateOpenTransactions({ writingDesigners: true })) > 0, { timeoutMs: 30_000, intervalMs: 20, what: 'the import to open its transaction' });
    const [code] = await exited;

    // How the import learns of it depends on timing: Postgres's FATAL message, the socket's close, or a reset
    // while the import was reading or writing; each is named, and each must roll back the same way.
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^Lost Postgres at 127\.0\.0\.1:\d+\/\w+ \(DATABASE_URL\) before the command finished: (terminating connection due to administrator command|Connection terminated unexpectedly|read ECONNRESET|write EPIPE|write ECONNRESET)\. What the command had not committed was rolled back, and an import commits all its records at once: run it again once the store answers/);
    expect(stderr).not.toMatch(/\n\s+at /);
    const check = new pg.Client({ connectionString: temp.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ slug: string }>('SELECT slug FROM designers ORDER BY slug');
      expect(rows.map((r) => r.slug)).toEqual(['kept-one']);
    } finally {
      await check.end();
    }
  }, 90_000);

  it('the API searching on the Postgres server keeps answering while its connections are ended under load: 200 or 503, never a crash', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: temp.url, SEARCH_BACKEND: 'postgres', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'silent' };
    for (const key of ['ELASTICSEARCH_URL', 'REDIS_URL', 'DATA_DIR']) delete env[key];
    const api = spawn(process.execPath, ['--import', 'tsx', 'services/api/main.ts'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    api.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await waitFor(async () => (await fetch(`${base}/readyz`).catch(() => null))?.ok === true, { timeoutMs: 60_000, intervalMs: 200, what: 'the API' });
      // Idle connections outlive the client's (and a balancer's) own idle timeout: the client closes them first,
      // so none of the requests below can meet a socket the server is closing at that moment.
      expect((await fetch(`${base}/healthz`)).headers.get('keep-alive')).toBe('timeout=65');
      const statuses = new Map<number, number>();
      // Why a request got no answer at all, for the assertion's message.
      const failures: string[] = [];
      let ended = 0;
      let loading = true;
      const client = async () => {
        for (let i = 0; loading; i += 1) {
          // 0: no answer at all (the process is gone).
          const response = await fetch(`${base}/api/v1/designers?q=designer%20${i % 7}&limit=5`).catch((error: Error) => {
            failures.push(`${error.message}: ${String((error.cause as Error | undefined)?.message ?? error.cause)}`);
            return null;
          });
          await response?.arrayBuffer();
          statuses.set(response?.status ?? 0, (statuses.get(response?.status ?? 0) ?? 0) + 1);
          if (!response) await sleep(50);
        }
      };
      const clients = Array.from({ length: 6 }, client);
      const until = Date.now() + 4000;
      while (Date.now() < until) {
        ended += await terminateOpenTransactions();
        await sleep(5);
      }
      loading = false;
      await Promise.all(clients);

      expect(api.exitCode, stderr).toBeNull();
      expect(ended).toBeGreaterThan(0);
      expect([...statuses.keys()].filter((status) => status !== 200 && status !== 503), failures.join('\n')).toEqual([]);
      expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      // Once the connections are left alone, every search answers again.
      for (let i = 0; i < 5; i += 1) expect((await fetch(`${base}/api/v1/designers?q=designer&limit=5`)).status).toBe(200);
    } finally {
      if (api.exitCode === null && api.signalCode === null) {
        const exited = once(api, 'exit');
        api.kill('SIGKILL');
        await exited;
      }
    }
  }, 120_000);
});
