import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

/**
 * Finds each real service once for the whole integration run, in this order:
 *   1. a URL from the environment (ELASTICSEARCH_URL, DATABASE_URL, REDIS_URL);
 *   2. testcontainers (the official modules), where a Docker engine answers;
 *   3. the local launcher (infra/services-up.sh), which starts the project's own servers on their own ports
 *      (never one on a server's usual port: that may be the developer's own database).
 * A service that cannot be had makes its suites skip with a printed reason, or, with CI=true or
 * REQUIRE_SERVICES=1, fails the run.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    elasticsearchUrl: string | null;
    databaseUrl: string | null;
    redisUrl: string | null;
    serviceProblems: Record<string, string>;
  }
}

const run = promisify(execFile);
const required = process.env.CI === 'true' || process.env.REQUIRE_SERVICES === '1';
const stops: (() => Promise<unknown>)[] = [];

async function httpOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function pgOk(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisOk(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

let launch: Promise<Record<string, string>> | undefined;

/**
 * The URLs `infra/services-up.sh` prints as `export` lines, from one run for all three services: it starts
 * those with no URL in the environment (its own Postgres, Redis and Elasticsearch) and prints the given ones back.
 */
function launched(): Promise<Record<string, string>> {
  launch ??= run('bash', ['infra/services-up.sh'], { timeout: 300_000 }).then(
    ({ stdout }) => Object.fromEntries([...stdout.matchAll(/^export ([A-Z_]+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!])),
    (error: Error) => {
      console.warn(`[services] local launcher failed: ${error.message}`);
      return {};
    },
  );
  return launch;
}

interface Resolved {
  url: string | null;
  problem?: string;
}

async function resolveService(
  name: string,
  envUrl: string | undefined,
  check: (url: string) => Promise<boolean>,
  container: () => Promise<string>,
  local: () => Promise<string | null>,
  docker: boolean,
): Promise<Resolved> {
  if (envUrl) {
    if (await check(envUrl)) return { url: envUrl };
    return { url: null, problem: `${name} at ${envUrl} (from the environment) does not answer` };
  }
  if (docker) {
    try {
      return { url: await container() };
    } catch (error) {
      console.warn(`[services] ${name}: testcontainers failed (${(error as Error).message}); trying the local launcher`);
    }
  }
  const url = await local();
  if (url && (await check(url))) return { url };
  return { url: null, problem: `${name}: no URL in the environment, no Docker engine, and no local server answered` };
}

export default async function setup(project: TestProject) {
  const docker = await dockerAvailable();

  const es = await resolveService(
    'Elasticsearch',
    process.env.ELASTICSEARCH_URL,
    (url) => httpOk(`${url}/_cluster/health?wait_for_status=yellow&timeout=5s`),
    async () => {
      const { ElasticsearchContainer } = await import('@testcontainers/elasticsearch');
      const { readFile } = await import('node:fs/promises');
      const version = /ES_VERSION=(\S+)/.exec(await readFile('infra/versions.env', 'utf8'))?.[1];
      const container = await new ElasticsearchContainer(`docker.elastic.co/elasticsearch/elasticsearch:${version}`)
        .withEnvironment({ 'xpack.security.enabled': 'false', ES_JAVA_OPTS: '-Xms512m -Xmx1g' })
        .start();
      stops.push(() => container.stop());
      return container.getHttpUrl();
    },
    async () => (await launched()).ELASTICSEARCH_URL ?? null,
    docker,
  );

  const pg = await resolveService(
    'Postgres',
    process.env.DATABASE_URL,
    pgOk,
    async () => {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:17').start();
      stops.push(() => container.stop());
      return container.getConnectionUri();
    },
    async () => (await launched()).DATABASE_URL ?? null,
    docker,
  );

  const redis = await resolveService(
    'Redis',
    process.env.REDIS_URL,
    redisOk,
    async () => {
      const { RedisContainer } = await import('@testcontainers/redis');
      const container = await new RedisContainer('redis:7').start();
      stops.push(() => container.stop());
      return container.getConnectionUrl();
    },
    async () => (await launched()).REDIS_URL ?? null,
    docker,
  );

  const problems: Record<string, string> = {};
  for (const [key, resolved] of Object.entries({ elasticsearch: es, postgres: pg, redis })) {
    if (resolved.problem) problems[key] = resolved.problem;
  }
  if (Object.keys(problems).length > 0) {
    const message = Object.values(problems).join('; ');
    if (required) throw new Error(`Required services are missing (CI=true or REQUIRE_SERVICES=1): ${message}`);
    console.warn(`[services] suites that need them will be skipped: ${message}`);
  }

  project.provide('elasticsearchUrl', es.url);
  project.provide('databaseUrl', pg.url);
  project.provide('redisUrl', redis.url);
  project.provide('serviceProblems', problems);

  return async () => {
    for (const stop of stops) await stop();
  };
}
