import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireServices, uniqueName } from '../support/services.ts';
import { createTempDatabase, type TempDatabase } from '../support/temp-database.ts';

const run = promisify(execFile);
const services = requireServices('postgres', 'redis', 'elasticsearch');

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs an entry point with only the settings given. The time limit is far above what a refusal takes
 * (a second or two): a process still running at the limit is killed and its code is null, which fails the
 * tests that expect 1.
 */
async function runEntry(entry: string, args: string[], env: Record<string, string>): Promise<Exit> {
  const clean = { ...process.env };
  for (const key of ['DATABASE_URL', 'ELASTICSEARCH_URL', 'REDIS_URL', 'SEARCH_BACKEND', 'DATA_DIR', 'PORT', 'ADMIN_TOKEN']) delete clean[key];
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', entry, ...args], {
      env: { ...clean, LOG_LEVEL: 'warn', ...env },
      timeout: 45_000,
      killSignal: 'SIGKILL',
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : null, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const cli = (args: string[], env: Record<string, string>) => runEntry('services/cli/main.ts', args, env);

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The refusal is the message alone: one line (or the config's list), no stack trace, no password. */
function expectMessageOnly(exit: Exit, message: RegExp | string) {
  expect(exit.code, exit.stderr).toBe(1);
  if (typeof message === 'string') expect(exit.stderr).toBe(`${message}\n`);
  else expect(exit.stderr).toMatch(message);
  expect(exit.stderr).not.toMatch(/\n\s+at |node_modules|secretpw/);
}

describe.skipIf(!services)('a bad setting or an unusable service stops a command or process with its message', () => {
  let temp: TempDatabase;
  let dir: string;
  let pipeline: Record<string, string>;
  const queuePrefix = uniqueName('startup').replace(/_+$/, '');

  beforeAll(async () => {
    temp = await createTempDatabase(services!.postgres, 'startup');
    dir = await mkdtemp(join(tmpdir(), 'dd-startup-'));
    pipeline = {
      DATABASE_URL: temp.url,
      REDIS_URL: services!.redis,
      ELASTICSEARCH_URL: services!.elasticsearch,
      ES_INDEX_PREFIX: uniqueName('startup'),
      QUEUE_PREFIX: queuePrefix,
    };
  });

  afterAll(async () => {
    await temp?.drop();
    await rm(dir, { recursive: true, force: true });
    const redis = new Redis(services!.redis);
    const keys = await redis.keys(`${queuePrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('CLI: a bad value is the list of what each setting must be', async () => {
    const exit = await cli(['status'], { ...pipeline, PORT: 'abc', LOG_LEVEL: 'loud' });
    expectMessageOnly(
      exit,
      'Invalid configuration:\n  PORT: must be a whole number from 0 to 65535\n  LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });

  it('CLI: Postgres that refuses the connection, or has no such database, is named with its setting and no password', async () => {
    const file = join(dir, 'one.ndjson');
    await writeFile(file, '{"slug":"a","name":"A"}\n');
    const port = await closedPort();
    const refused = await cli(['import', file], { DATABASE_URL: `postgres://postgres:secretpw@127.0.0.1:${port}/somedb` });
    expectMessageOnly(refused, `Cannot use Postgres at 127.0.0.1:${port}/somedb (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:${port}`);

    const missing = new URL(temp.url);
    missing.pathname = `/${temp.name}_missing`;
    const noDatabase = await cli(['migrate'], { DATABASE_URL: missing.toString() });
    expectMessageOnly(noDatabase, new RegExp(`^Cannot use Postgres at [^ ]+/${temp.name}_missing \\(DATABASE_URL\\): database "${temp.name}_missing" does not exist\\n$`));
  });

  it('CLI: a Redis that refuses is a message within the connection bound, and nothing is queued (it used to wait forever)', async () => {
    const port = await closedPort();
    for (const args of [['status'], ['reindex', 'designers'], ['retry-failed']]) {
      const exit = await cli(args, { ...pipeline, REDIS_URL: `redis://:secretpw@127.0.0.1:${port}` });
      expectMessageOnly(exit, new RegExp(`^Cannot use Redis at 127\\.0\\.0\\.1:${port} \\(REDIS_URL\\): connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\n$`));
    }
    const redis = new Redis(services!.redis);
    expect(await redis.keys(`${queuePrefix}:*`)).toEqual([]);
    redis.disconnect();
  });

  it('CLI: an Elasticsearch that refuses is named with its setting', async () => {
    const port = await closedPort();
    const exit = await cli(['status'], { ...pipeline, ELASTICSEARCH_URL: `http://elastic:secretpw@127.0.0.1:${port}` });
    expectMessageOnly(exit, `Cannot use Elasticsearch at 127.0.0.1:${port} (ELASTICSEARCH_URL): connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('CLI: status before any worker created the indices reports them missing (it was an index_not_found stack trace)', async () => {
    const exit = await cli(['status'], pipeline);
    expect(exit.code, exit.stderr).toBe(0);
    expect(exit.stdout).toMatch(/designers\s+store 0, index 0 \(no index yet: the worker creates it when it starts\)/);
    expect(exit.stdout).toMatch(/open_roles\s+store 0, index 0 \(no index yet/);
    const json = await cli(['status', '--json'], pipeline);
    expect(JSON.parse(json.stdout)).toMatchObject({ counts: { designers: { store: 0, index: 0 }, open_roles: { store: 0, index: 0 } } });
  });

  it('CLI: DATA_DIR holding other files is refused and left as it was; a file is refused too', async () => {
    const stranger = join(dir, 'photos');
    await mkdir(stranger);
    await writeFile(join(stranger, 'holiday.jpg'), 'not a database');
    const file = join(dir, 'one.ndjson');
    const exit = await cli(['import', file], { DATA_DIR: stranger });
    expectMessageOnly(
      exit,
      `Cannot use the embedded store in ${stranger} (DATA_DIR): the directory holds 1 other file and no database; point DATA_DIR at a new or empty directory`,
    );
    expect(await readdir(stranger)).toEqual(['holiday.jpg']);

    const notADirectory = await cli(['migrate'], { DATA_DIR: join(stranger, 'holiday.jpg') });
    expectMessageOnly(notADirectory, /^Cannot use the embedded store in .*holiday\.jpg \(DATA_DIR\): /);
    expectMessageOnly(await cli(['migrate'], { DATA_DIR: join(stranger, 'holiday.jpg', 'store') }), /^Cannot use the embedded store in .*holiday\.jpg\/store \(DATA_DIR\): ENOTDIR/);
    // Where the kernel refuses a directory under an existing parent, Node's recursive mkdir retried forever.
    const started = Date.now();
    expectMessageOnly(
      await cli(['migrate'], { DATA_DIR: '/proc/designer-directory/store' }),
      "Cannot use the embedded store in /proc/designer-directory/store (DATA_DIR): ENOENT: no such file or directory, mkdir '/proc/designer-directory'",
    );
    expect(Date.now() - started).toBeLessThan(30_000);

    // The root of a freshly formatted volume is as good as empty, and a store is reopened as itself.
    const volume = join(dir, 'volume');
    await mkdir(join(volume, 'lost+found'), { recursive: true });
    for (let i = 0; i < 2; i++) {
      const migrate = await cli(['migrate'], { DATA_DIR: volume });
      expect(migrate.code, migrate.stderr).toBe(0);
    }
    expect(await readdir(volume)).toContain('PG_VERSION');
  });

  it('API: a bad value, and a Postgres or Elasticsearch that refuses, stop it with the message and exit code 1', async () => {
    const api = (env: Record<string, string>) => runEntry('services/api/main.ts', [], { PORT: '0', DATA_DIR: join(dir, 'api-data'), ...env });
    expectMessageOnly(await api({ PORT: '', CACHE_MAX_AGE_SECONDS: '-1' }), 'Invalid configuration:\n  CACHE_MAX_AGE_SECONDS: must be a whole number of at least 0');
    const port = await closedPort();
    expectMessageOnly(
      await api({ DATABASE_URL: `postgres://postgres:secretpw@127.0.0.1:${port}/x` }),
      `Cannot use Postgres at 127.0.0.1:${port}/x (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expectMessageOnly(
      await api({ ELASTICSEARCH_URL: `http://127.0.0.1:${port}` }),
      `Cannot use Elasticsearch at 127.0.0.1:${port} (ELASTICSEARCH_URL): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('worker: a missing setting or a Postgres that refuses stops it with the message and exit code 1', async () => {
    const worker = (env: Record<string, string>) => runEntry('services/ingest-worker/main.ts', [], { WORKER_PORT: '0', ...env });
    expectMessageOnly(await worker({ REDIS_URL: services!.redis }), 'The ingest worker needs DATABASE_URL, ELASTICSEARCH_URL to be set.');
    const port = await closedPort();
    expectMessageOnly(
      await worker({ ...pipeline, DATABASE_URL: `postgres://postgres:secretpw@127.0.0.1:${port}/x` }),
      `Cannot use Postgres at 127.0.0.1:${port}/x (DATABASE_URL): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('API and worker: a port another process holds, or a HOST not of this machine, is the message and exit code 1, never "up"', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      const taken = `Cannot listen on 127.0.0.1:${port} (PORT): another process listens there: stop it, or set PORT to a free port.`;
      // Before, the API announced "Designer Directory is up" and then exited without a word.
      expectMessageOnly(await runEntry('services/api/main.ts', [], { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: join(dir, 'api-port') }), taken);
      expectMessageOnly(
        await runEntry('services/api/main.ts', [], { HOST: '192.0.2.1', PORT: String(port), DATA_DIR: join(dir, 'api-port') }),
        `Cannot listen on 192.0.2.1:${port} (PORT): HOST is no address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.`,
      );
      expectMessageOnly(
        await runEntry('services/ingest-worker/main.ts', [], { ...pipeline, HOST: '127.0.0.1', WORKER_PORT: String(port) }),
        taken.replace('(PORT)', '(WORKER_PORT)').replace('set PORT', 'set WORKER_PORT'),
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
