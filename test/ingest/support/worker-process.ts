import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import type { Config } from '../../../shared/config/config.schema.ts';
import { waitFor } from './ingest-harness.ts';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface WorkerProcess {
  proc: ChildProcess;
  /** Resolves with the first stdout line matching the pattern. */
  line(pattern: RegExp, timeoutMs?: number): Promise<string>;
  kill9(): Promise<void>;
}

/** This configuration's services and names, as a process of the pipeline (worker, CLI) reads them. */
export function pipelineEnv(config: Config): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: config.DATABASE_URL,
    REDIS_URL: config.REDIS_URL,
    ELASTICSEARCH_URL: config.ELASTICSEARCH_URL?.join(','),
    ES_INDEX_PREFIX: config.ES_INDEX_PREFIX,
    QUEUE_PREFIX: config.QUEUE_PREFIX,
    PUBLIC_BASE_URL: config.PUBLIC_BASE_URL,
  };
}

/** The environment `npm run worker` would get for this configuration. */
export function workerEnv(config: Config, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...pipelineEnv(config),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    HOST: '127.0.0.1',
    WORKER_PORT: String(port),
    WORKER_CONCURRENCY: '4',
    ...extra,
  };
}

/** The V8 flags of `npm run worker` (its heap cap), as the worker image runs it too. */
export function workerNodeFlags(): string[] {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.worker!;
  return (/node ((?:--\S+ )*)dist\//.exec(script)?.[1] ?? '').trim().split(' ').filter(Boolean);
}

/**
 * The sources through tsx (what the tests change), the build `npm run build` leaves in dist/ (what ships),
 * or the sources with a rebuild that stops where REINDEX_PAUSE_AT says (crash tests; reindex-pause.ts).
 */
export const WORKER_ENTRY = {
  source: ['--import', 'tsx', 'services/ingest-worker/main.ts'],
  compiled: ['dist/services/ingest-worker/main.js'],
  paused: ['--import', 'tsx', 'test/ingest/support/paused-worker.main.ts'],
} as const;

/**
 * `npm run worker`, minus npm: one node process running the worker, returned once it answers /healthz.
 * stdout is read line by line (test hooks announce themselves there).
 */
export async function startWorkerProcess(
  env: NodeJS.ProcessEnv,
  entry: keyof typeof WORKER_ENTRY = 'source',
  nodeFlags: readonly string[] = [],
): Promise<WorkerProcess> {
  const proc = spawn(process.execPath, [...nodeFlags, ...WORKER_ENTRY[entry]], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiters) wake();
  });
  const worker: WorkerProcess = {
    proc,
    line(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find((l) => pattern.test(l));
          if (found === undefined) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`worker printed no line matching ${pattern} within ${timeoutMs} ms`));
        }, timeoutMs);
        const onExit = () => {
          cleanup();
          reject(new Error(`worker exited (code ${proc.exitCode}) before printing ${pattern}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
          proc.off('exit', onExit);
        };
        waiters.add(check);
        proc.once('exit', onExit);
        check();
      });
    },
    async kill9() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = once(proc, 'exit');
      proc.kill('SIGKILL');
      await exited;
    },
  };
  // A worker that stops while starting fails the start at once, not when the wait runs out.
  const exitedEarly = once(proc, 'exit').then(() => {
    throw new Error(`worker exited with ${proc.exitCode} before answering /healthz`);
  });
  exitedEarly.catch(() => undefined);
  try {
    await Promise.race([
      waitFor(async () => (await fetch(`http://127.0.0.1:${env.WORKER_PORT}/healthz`)).ok, {
        timeoutMs: 60_000,
        intervalMs: 200,
        what: 'the worker process to answer /healthz',
      }),
      exitedEarly,
    ]);
  } catch (error) {
    await worker.kill9();
    throw error;
  }
  return worker;
}
