import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnRedis } from '../chaos/support/own-redis.ts';
import { requireServices } from '../support/services.ts';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { runCli } from './support/cli-process.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';
import { freePort, pipelineEnv, startWorkerProcess, workerEnv } from './support/worker-process.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

/**
 * A sync command (status, reindex, retry-failed) reaches every service before it starts; these are the
 * services lost after that, while it runs. Each is a one-line message naming the service and its setting,
 * and exit code 1, never a stack trace.
 */
describe.skipIf(!services)('CLI sync commands: a service lost while the command runs', () => {
  let h: IngestHarness;
  let redis: OwnRedis;
  let locker: pg.Client;
  let admin: pg.Client;

  const cli = (env: Record<string, string>, ...args: string[]) => runCli(h.config(), args, env);

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'cli_loss');
    redis = await OwnRedis.start();
    // The lock's holder and the observer are two sessions: inside a transaction, pg_stat_activity stays as
    // it was when the transaction first read it.
    locker = new pg.Client({ connectionString: h.config().DATABASE_URL });
    admin = new pg.Client({ connectionString: h.config().DATABASE_URL });
    await Promise.all([locker.connect(), admin.connect()]);
  });

  afterAll(async () => {
    await Promise.all([locker?.end(), admin?.end()]);
    await redis?.stop();
    await h?.cleanup();
  });

  it('status: Postgres ends the session while a count waits → the message, exit 1, no stack trace', async () => {
    // The command's count of designers waits behind this lock, after every service answered its start-up
    // check; the session waiting on it is then ended, as a restart or failover would.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE designers IN ACCESS EXCLUSIVE MODE');
    try {
      const status = cli({}, 'status');
      await waitFor(
        async () =>
          (
            await admin.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)
          ).rowCount! > 0,
        { what: 'the status command waiting on the lock' },
      );
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      const { stdout, stderr, code } = await status;
      expect(code).toBe(1);
      expect(stdout).toBe('');
      const url = new URL(h.config().DATABASE_URL!);
      expect(stderr.trim().split('\n')).toEqual([
        `Lost Postgres at ${url.host}${url.pathname} (DATABASE_URL) before the command finished: terminating connection due to administrator command. A sync command changes nothing but the queue and is safe to run again once the service answers; \`status\` then shows what is queued.`,
      ]);
    } finally {
      await locker.query('ROLLBACK');
    }
    // Run again once the store answers, it succeeds.
    const again = await cli({}, 'status');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/designers\s+store 0/);
  });

  it('reindex: Redis stops taking writes → the message after the command time-out, exit 1; run again, one reindex is queued', async () => {
    const env = { REDIS_URL: redis.url };
    const client = new Redis(redis.url);
    try {
      // Reads (the start-up check) still pass; the queue write waits until the producer's command time-out.
      await client.call('CLIENT', 'PAUSE', '20000', 'WRITE');
      const { stdout, stderr, code } = await cli(env, 'reindex', 'designers');
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toEqual([
        `Lost Redis at 127.0.0.1:${redis.port} (REDIS_URL) before the command finished: Command timed out. A sync command changes nothing but the queue and is safe to run again once the service answers; \`status\` then shows what is queued.`,
      ]);
      await client.call('CLIENT', 'UNPAUSE');

      // Whether or not the first write reached Redis after the pause, running the command again leaves one
      // reindex waiting: a reindex that has not started yet is joined, not queued twice.
      const again = await cli(env, 'reindex', 'designers');
      expect(again.code, again.stderr).toBe(0);
      const id = /queued as job (\S+)\./.exec(again.stdout)?.[1];
      const status = await cli(env, 'status', '--json');
      expect(status.code, status.stderr).toBe(0);
      const jobs = (JSON.parse(status.stdout) as { reindex: { jobs: { id: string; state: string }[] } }).reindex.jobs;
      expect(jobs).toEqual([expect.objectContaining({ id, state: 'waiting' })]);
    } finally {
      await client.call('CLIENT', 'UNPAUSE').catch(() => undefined);
      client.disconnect();
    }
  });

  it('reindex --wait: Redis restarts while it follows → says so, follows on, and reports the finished reindex', async () => {
    const env = { ...pipelineEnv(h.config()), LOG_LEVEL: 'warn', REDIS_URL: redis.url };
    const proc = spawn(process.execPath, ['--import', 'tsx', 'services/cli/main.ts', 'reindex', 'designers', '--wait'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(proc, 'exit');
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    let worker: Awaited<ReturnType<typeof startWorkerProcess>> | undefined;
    try {
      // No worker runs yet, so the job waits; the command follows it on the queue's event stream (XREAD).
      await waitFor(async () => /queued as job/.test(stdout) && /cmd=xread/.test(String(await client.call('CLIENT', 'LIST'))), {
        what: 'the command following its job',
      });
      await redis.restart(2000);
      await waitFor(async () => /answers again/.test(stderr), { what: 'the command to see Redis back' });
      worker = await startWorkerProcess(workerEnv(h.config(), await freePort(), { REDIS_URL: redis.url }));
      const [code] = await exited;
      expect(code, stderr).toBe(0);
      const id = /queued as job (\S+)\./.exec(stdout)![1];
      expect(stdout).toMatch(/designers: 0 documents in \S+ \(previous/);
      expect(stdout).toMatch(/Done in \d+\.\d s\./);
      expect(stderr.trim().split('\n')).toEqual([
        `Lost Redis at 127.0.0.1:${redis.port} (REDIS_URL) while following job ${id}. The reindex is the worker's and goes on without this command; waiting for Redis to answer again (Ctrl-C stops the waiting, not the reindex).`,
        `Redis at 127.0.0.1:${redis.port} answers again; following job ${id} again.`,
      ]);
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await worker?.kill9();
      client.disconnect();
    }
  });
});
