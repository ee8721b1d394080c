import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadPort } from '../support/dead-port.ts';

const run = promisify(execFile);
const required = process.env.CI === 'true' || process.env.REQUIRE_SERVICES === '1';
const root = process.getuid?.() === 0;

/** The machine's Postgres server commands (as services-up.sh finds them), or null. */
function postgresBin(): string | null {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  const dir = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((d) => existsSync(`${d}/initdb`));
  return dir ?? null;
}

const bin = postgresBin();
if (!bin && required) throw new Error('services-up test: no Postgres server commands under /usr/lib/postgresql');

/** Runs a server command as the unprivileged postgres user when this runs as root (Postgres refuses root). */
function asPostgres(command: string, args: string[]): string {
  return root ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' }) : execFileSync(command, args, { encoding: 'utf8' });
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

interface ServerState {
  settings: Record<string, string>;
  started: string;
  autoConf: string;
}

/**
 * `services:up` on a machine whose Postgres is someone else's: a throwaway server of this test's own, on a
 * spare port, with settings nobody would choose. Given by its URL, it is used as it is; not given, its port
 * is refused; and the server the script starts for itself (another port) gets the project's settings as
 * options, and is the only one services:down stops.
 */
describe.skipIf(!bin)('services:up leaves a Postgres it did not start untouched', () => {
  let dir: string;
  let cache: string;
  let port: number;
  let url: string;
  let before: ServerState;
  const env = (extra: Record<string, string>) => ({
    ...process.env,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    ELASTICSEARCH_URL: undefined,
    DD_CACHE_DIR: cache,
    SERVICES: 'postgres',
    ...extra,
  });

  async function state(): Promise<ServerState> {
    const rows = await query<{ name: string; setting: string }>(
      url,
      "select name, current_setting(name) as setting from pg_settings where name in ('shared_buffers', 'work_mem', 'max_wal_size')",
    );
    const [row] = await query<{ started: string }>(url, 'select pg_postmaster_start_time()::text as started');
    return {
      settings: Object.fromEntries(rows.map((r) => [r.name, r.setting])),
      started: row!.started,
      autoConf: readFileSync(join(dir, 'data', 'postgresql.auto.conf'), 'utf8'),
    };
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-their-pg-'));
    cache = await mkdtemp(join(tmpdir(), 'dd-services-cache-'));
    // The unprivileged users the servers run as must reach into both.
    await chmod(dir, 0o777);
    await chmod(cache, 0o755);
    port = await deadPort();
    url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    asPostgres(`${bin}/initdb`, ['-D', join(dir, 'data'), '-U', 'postgres', '--auth=trust']);
    const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c shared_buffers=24MB -c work_mem=1234kB -c max_wal_size=96MB`;
    asPostgres(`${bin}/pg_ctl`, ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
    before = await state();
    expect(before.settings).toEqual({ shared_buffers: '24MB', work_mem: '1234kB', max_wal_size: '96MB' });
  }, 120_000);

  afterAll(async () => {
    if (dir && existsSync(join(dir, 'data', 'postmaster.pid'))) asPostgres(`${bin}/pg_ctl`, ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
    await rm(dir, { recursive: true, force: true });
    await rm(cache, { recursive: true, force: true });
  });

  it('given its URL, prints it back and neither reconfigures nor restarts it', async () => {
    const { stdout } = await run('bash', ['infra/services-up.sh'], { env: env({ DATABASE_URL: url }), timeout: 60_000 });
    expect(stdout).toContain(`export DATABASE_URL=${url}\n`);
    expect(await state()).toEqual(before);
  });

  it('not given, refuses the port it holds, and still leaves it untouched', async () => {
    const failed = await run('bash', ['infra/services-up.sh'], { env: env({ PG_PORT: String(port) }), timeout: 60_000 }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain(`port ${port} is held by a server that services:up did not start`);
    expect(await state()).toEqual(before);
  });

  it('starts its own Postgres with the project settings, and services:down stops that one only', async () => {
    const own = await deadPort();
    const { stdout } = await run('bash', ['infra/services-up.sh'], { env: env({ PG_PORT: String(own) }), timeout: 120_000 });
    const ownUrl = `postgres://postgres@127.0.0.1:${own}/postgres`;
    expect(stdout).toContain(`export DATABASE_URL=${ownUrl}\n`);
    const [settings] = await query<{ shared_buffers: string; max_wal_size: string }>(
      ownUrl,
      "select current_setting('shared_buffers') as shared_buffers, current_setting('max_wal_size') as max_wal_size",
    );
    expect(settings).toEqual({ shared_buffers: '2GB', max_wal_size: '8GB' });
    // Set by options, not ALTER SYSTEM: the cluster's own auto.conf holds nothing.
    expect(readFileSync(join(cache, `postgres-${own}`, 'data', 'postgresql.auto.conf'), 'utf8')).not.toMatch(/shared_buffers/);

    await run('bash', ['infra/services-down.sh'], { env: env({ PG_PORT: String(own) }), timeout: 120_000 });
    await expect(query(ownUrl, 'select 1')).rejects.toThrow();
    expect(await state()).toEqual(before);
  }, 180_000);
});

/**
 * Two `services:up` at once (the test runs of two checkouts, a CI step beside a developer's) on one cache
 * directory: the second waits for the first under its lock and finds the server running, instead of starting
 * a second one on the same port and directory.
 */
describe.skipIf(!existsSync('/usr/bin/redis-server'))('two services:up at once', () => {
  let cache: string;
  let port: number;
  const env = () => ({ ...process.env, DATABASE_URL: undefined, REDIS_URL: undefined, ELASTICSEARCH_URL: undefined, DD_CACHE_DIR: cache, SERVICES: 'redis', REDIS_PORT: String(port) });

  beforeAll(async () => {
    cache = await mkdtemp(join(tmpdir(), 'dd-services-cache-'));
    await chmod(cache, 0o755);
    port = await deadPort();
  });
  afterAll(async () => {
    await run('bash', ['infra/services-down.sh'], { env: env(), timeout: 60_000 }).catch(() => undefined);
    await rm(cache, { recursive: true, force: true });
  });

  it('start one server: one run starts it, the other finds it running, and both print its URL', async () => {
    const runs = await Promise.all([1, 2].map(() => run('bash', ['infra/services-up.sh'], { env: env(), timeout: 120_000 })));
    for (const { stdout } of runs) expect(stdout).toContain(`export REDIS_URL=redis://127.0.0.1:${port}\n`);
    const logs = runs.map(({ stderr }) => stderr);
    expect(logs.filter((l) => l.includes(`starting Redis on 127.0.0.1:${port}`))).toHaveLength(1);
    expect(logs.filter((l) => l.includes(`Redis already running on port ${port}`))).toHaveLength(1);
  }, 180_000);
});
