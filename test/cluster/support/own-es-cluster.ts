import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where infra/services-up.sh keeps the distribution and each node's run directory (its own rule). */
function cacheDir(): string {
  if (process.env.DD_CACHE_DIR) return process.env.DD_CACHE_DIR;
  if (process.getuid?.() === 0) return '/var/cache/designer-directory';
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'designer-directory');
}

async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A base port with `count` free ports from it, away from services:up's own ports (infra/services.env) and Elasticsearch's usual 9200-9302. */
async function freeRange(count: number, avoid: readonly number[] = []): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if (ports.some((p) => avoid.includes(p))) continue;
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return base;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

/**
 * A multi-node Elasticsearch cluster of this test's own, started by `infra/services-up.sh` (ES_NODES, the
 * cached distribution, as the elasticsearch user when run as root) on free ports, so that killing one of
 * its nodes disturbs nobody. Each node is known by its pid file; stop() ends only these nodes (through
 * services-down.sh, by pid) and removes their data.
 */
export class OwnElasticsearchCluster {
  private constructor(
    readonly httpPort: number,
    readonly transportPort: number,
    readonly size: number,
  ) {}

  static async start(size: number, timeoutMs = 300_000): Promise<OwnElasticsearchCluster> {
    const httpPort = await freeRange(size);
    const transportPort = await freeRange(size, Array.from({ length: size }, (_, i) => httpPort + i));
    const cluster = new OwnElasticsearchCluster(httpPort, transportPort, size);
    try {
      await cluster.up(timeoutMs);
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** Starts the nodes that are not running (all of them at first; a killed one later) and waits for them all. */
  async up(timeoutMs = 300_000): Promise<void> {
    try {
      await run('bash', ['infra/services-up.sh'], { env: this.env(), timeout: timeoutMs });
    } catch (error) {
      const { stderr } = error as { stderr?: string };
      throw new Error(`services-up.sh could not start ${this.size} Elasticsearch nodes: ${stderr?.trim().split('\n').slice(-15).join('\n') ?? String(error)}`);
    }
  }

  private env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      // A URL given would be used instead of starting the cluster (services-up.sh starts only what has none).
      ELASTICSEARCH_URL: undefined,
      SERVICES: 'elasticsearch',
      ES_NODES: String(this.size),
      ES_PORT: String(this.httpPort),
      ES_TRANSPORT_PORT: String(this.transportPort),
    };
  }

  /** ELASTICSEARCH_URL for the whole cluster. */
  get urls(): string[] {
    return Array.from({ length: this.size }, (_, i) => `http://127.0.0.1:${this.httpPort + i}`);
  }

  /** The node services-up.sh names `dd-<port>-<i>`. */
  nodeName(i: number): string {
    return `dd-${this.httpPort}-${i}`;
  }

  private runDir(i: number): string {
    return join(cacheDir(), `es-run-${this.httpPort + i}`);
  }

  async pid(i: number): Promise<number> {
    return Number((await readFile(join(this.runDir(i), 'es.pid'), 'utf8')).trim());
  }

  /** kill -9 of one node's server process: no shutdown, its connections drop. */
  async kill9(i: number): Promise<void> {
    process.kill(await this.pid(i), 'SIGKILL');
  }

  async stop(): Promise<void> {
    await run('bash', ['infra/services-down.sh'], { env: this.env(), timeout: 120_000 }).catch(() => undefined);
    for (let i = 0; i < this.size; i += 1) await rm(this.runDir(i), { recursive: true, force: true });
  }
}
