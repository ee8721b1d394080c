import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { waitFor } from '../../ingest/support/ingest-harness.ts';
import { freePort } from '../../ingest/support/worker-process.ts';

/**
 * A Redis server of this test's own, as a child process on a free loopback port, so that restarting it
 * disturbs nobody else (the shared Redis is never touched). No background persistence; a restart saves
 * on shutdown and loads on start, as a production Redis with persistence would.
 */
export class OwnRedis {
  private proc: ChildProcess | null = null;
  restarts = 0;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort(), await mkdtemp(join(tmpdir(), 'chaos-redis-')));
    await redis.launch();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  private async launch(): Promise<void> {
    this.proc = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir, '--maxmemory-policy', 'noeviction'],
      { stdio: 'ignore' },
    );
    await waitFor(
      async () => {
        const client = new Redis(this.url, { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
        client.on('error', () => undefined);
        try {
          await client.connect();
          return (await client.ping()) === 'PONG';
        } finally {
          client.disconnect();
        }
      },
      { timeoutMs: 15_000, intervalMs: 100, what: `redis-server on port ${this.port}` },
    );
  }

  /** SHUTDOWN SAVE, then start again on the same port and data: every client's connection drops. */
  async restart(downMs = 1000): Promise<void> {
    const client = new Redis(this.url, { maxRetriesPerRequest: 0 });
    client.on('error', () => undefined);
    const exited = once(this.proc!, 'exit');
    await client.shutdown('SAVE').catch(() => undefined);
    client.disconnect();
    await exited;
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.launch();
    this.restarts += 1;
  }

  /**
   * kill -9, then start again on the same port with nothing: a Redis without persistence (as
   * `services:up` and many managed defaults run it) after a crash or a restart. Every job is gone.
   */
  async restartEmpty(downMs = 500): Promise<void> {
    const exited = once(this.proc!, 'exit');
    this.proc!.kill('SIGKILL');
    await exited;
    await rm(join(this.dir, 'dump.rdb'), { force: true });
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.launch();
    this.restarts += 1;
  }

  /** kill -9, then start again from the last snapshot saved (SAVE): what an RDB-only Redis does after a crash. */
  async restartFromLastSave(downMs = 500): Promise<void> {
    const exited = once(this.proc!, 'exit');
    this.proc!.kill('SIGKILL');
    await exited;
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.launch();
    this.restarts += 1;
  }

  async stop(): Promise<void> {
    if (this.proc && this.proc.exitCode === null && this.proc.signalCode === null) {
      const exited = once(this.proc, 'exit');
      this.proc.kill('SIGKILL');
      await exited;
    }
    await rm(this.dir, { recursive: true, force: true });
  }
}
