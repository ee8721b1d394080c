import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm run build`: the benches run the API and the worker as their images do, on dist/. */
export function buildDist(): void {
  execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
}

export interface ApiProcess {
  proc: ChildProcess;
  /** http://127.0.0.1:<port>/api/v1 */
  base: string;
  /** From spawn until /readyz answered (the embedded engine prepares its search text before). */
  readyMs: number;
  /** meta.total of a designers search: which store it serves, checked before any figure is taken. */
  total(query?: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * What an API process needs to serve a bench's load generator: it is one address standing for many clients,
 * and held to one client's share (half the cores) its connections would wait on each other, so the runs would
 * measure that share and not what a request costs.
 */
export function servingOneLoadGenerator(connections: number): Record<string, string> {
  return { MAX_IN_FLIGHT_PER_CLIENT: String(connections) };
}

/**
 * The API as its image runs it: its own process on the build, with production defaults (access logs at
 * info, written and dropped here), so a load generator in the bench never shares its event loop.
 */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const started = Date.now();
  // Only the services the caller names: an inherited ELASTICSEARCH_URL would turn an embedded API into one on
  // Elasticsearch, an inherited DATABASE_URL would point it at another store.
  const { DATABASE_URL: _d, ELASTICSEARCH_URL: _e, REDIS_URL: _r, SEARCH_BACKEND: _s, ES_INDEX_PREFIX: _p, QUEUE_PREFIX: _q, DATA_DIR: _a, ...inherited } =
    process.env;
  const proc = spawn(process.execPath, ['dist/services/api/main.js'], {
    env: { ...inherited, LOG_LEVEL: 'info', ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const root = `http://127.0.0.1:${port}`;
  for (let tries = 0; !(await fetch(`${root}/readyz`).then((r) => r.ok, () => false)); tries += 1) {
    if (proc.exitCode !== null || tries > 2400) throw new Error('the API process did not become ready');
    await sleep(250);
  }
  return {
    proc,
    base: `${root}/api/v1`,
    total: async (query = '') => ((await (await fetch(`${root}/api/v1/designers?limit=1&${query}`)).json()) as { meta: { total: number } }).meta.total,
    readyMs: Date.now() - started,
    stop: () => stopChild(proc),
  };
}

/** SIGTERM, then SIGKILL past the grace period; a child already ended (by exit or by a signal) is left alone. */
export async function stopChild(proc: ChildProcess, graceMs = 10_000): Promise<void> {
  const ended = () => proc.exitCode !== null || proc.signalCode !== null;
  if (ended()) return;
  const exited = once(proc, 'exit');
  proc.kill('SIGTERM');
  await Promise.race([exited, sleep(graceMs)]);
  if (!ended()) proc.kill('SIGKILL');
}
