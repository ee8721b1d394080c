import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { MIN_CURSOR_SECRET_LENGTH } from '../search/cursor.codec.ts';
import type { ReplicaSetting } from '../search/elasticsearch/mappings.ts';

// An exported but empty variable (`PORT=` in a .env file) means unset, for every setting: a blank
// number would otherwise coerce to 0 (PORT= listened on a random port).
const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const unsetIfBlank = <S extends z.ZodType>(schema: S) => z.preprocess(blankAsUnset, schema);
/** An absolute URL; the message gives an example of the service's own kind, not another's. */
const optionalUrl = (example: string) => unsetIfBlank(z.url({ error: `must be an absolute URL, such as ${example}` }).optional());
const commaList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * ELASTICSEARCH_URL: one node's URL, or several separated by commas (the client's node pool). Each must be
 * an http(s) URL; the message names which one of a list is not (never its text, which may hold a password).
 */
const elasticsearchNodes = unsetIfBlank(
  z
    .string()
    .transform((v, ctx) => {
      const nodes = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const url = z.url({ protocol: /^https?$/ });
      nodes.forEach((node, i) => {
        if (url.safeParse(node).success) return;
        ctx.addIssue({
          code: 'custom',
          message:
            nodes.length === 1
              ? 'must be an absolute http(s) URL or a comma-separated list of them, such as http://127.0.0.1:9200 or http://es-1:9200,http://es-2:9200'
              : `node ${i + 1} of the ${nodes.length} listed must be an absolute http(s) URL, such as http://127.0.0.1:9200`,
        });
      });
      return nodes;
    })
    .optional(),
);

/**
 * ES_INDEX_REPLICAS: a number of replicas, or an auto-expand range that Elasticsearch fits to the data
 * nodes there are ("0-1": none on one node, one as soon as there are two).
 */
const replicaSetting = unsetIfBlank(
  z
    .string()
    .regex(/^\d+(-(\d+|all))?$/, { error: 'must be a whole number of replicas (0, 1, 2...) or an auto-expand range such as 0-1 or 0-all' })
    .refine((v) => !/^\d+-\d+$/.test(v) || Number(v.split('-')[0]) <= Number(v.split('-')[1]), { error: 'the range must not end below its start' })
    .transform((v): ReplicaSetting => (/^\d+$/.test(v) ? Number(v) : (v as ReplicaSetting)))
    .default('0-1'),
);

/** A whole number in a range, its message saying which (zod's own says "expected number, received NaN"). */
function wholeNumber(fallback: number, min: number, max?: number) {
  const error = `must be a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}`;
  const bounded = z.coerce.number({ error }).int({ error }).min(min, { error });
  return unsetIfBlank((max === undefined ? bounded : bounded.max(max, { error })).default(fallback));
}

/** A whole number of at least min, or unset (the reader derives a default from other settings). */
function optionalWholeNumber(min: number) {
  const error = `must be a whole number of at least ${min}`;
  return unsetIfBlank(z.coerce.number({ error }).int({ error }).min(min, { error }).optional());
}

/** One of a list of values, its message listing them (zod's own quotes them joined by "|"). */
const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** Every environment variable the processes read. Parsed once at start-up; a bad value stops the process. */
export const ConfigSchema = z
  .object({
    NODE_ENV: unsetIfBlank(choice(['development', 'production', 'test']).default('development')),
    HOST: z.string().default('0.0.0.0'),
    PORT: wholeNumber(3000, 0, 65535),
    LOG_LEVEL: unsetIfBlank(choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
    // Unset: the local address on PORT, so links work wherever the process listens (see the transform).
    PUBLIC_BASE_URL: optionalUrl('https://designers.example'),
    ELASTICSEARCH_URL: elasticsearchNodes,
    // Learn the cluster's other nodes from the listed ones (at start and when a node fails). Off by
    // default: nodes publish the addresses they bind, which a client behind NAT or in another network
    // (Docker, Kubernetes) often cannot reach; list every node in ELASTICSEARCH_URL instead.
    ES_SNIFF: unsetIfBlank(choice(['on', 'off']).default('off')),
    // Every index the project creates (first start, reindex, rebuilds) gets these; a changed number of
    // replicas is applied to the live indices at the next start, a changed number of shards at the next reindex.
    ES_INDEX_REPLICAS: replicaSetting,
    ES_INDEX_SHARDS: wholeNumber(1, 1, 1024),
    ES_INDEX_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]*$/, { error: 'lowercase letters, digits, _ and - only' })
      .default(''),
    // The search engine reads go to. The name keeps "backend": it is documented configuration.
    SEARCH_BACKEND: unsetIfBlank(choice(['elasticsearch', 'postgres']).optional()),
    // How long one search may run: Elasticsearch's search timeout (its HTTP request is abandoned, which
    // cancels the task, a second later) and Postgres' statement_timeout. Past it: 503 with Retry-After.
    SEARCH_TIMEOUT_MS: wholeNumber(3000, 1),
    // Elasticsearch snapshots (cursor walks with q) one API process holds open at most; past it a
    // walk's next page answers 503 with Retry-After and its cursor stays valid.
    // (The two names keep Elasticsearch's word, PIT, for a snapshot: they are documented configuration.)
    ES_MAX_OPEN_PITS: wholeNumber(500, 1),
    // Of those, the ones one client (by address, see TRUST_PROXY_HOPS) holds at most: past it, a new walk
    // of that client closes its least recently read one, which goes on by position when followed again.
    ES_MAX_OPEN_PITS_PER_CLIENT: wholeNumber(50, 1),
    // Signs cursors (HMAC-SHA256), so that a walk reads one snapshot whichever replica serves each page.
    // Unset: a random secret the store keeps (table cursor_secret, made at the first start), which every
    // replica on the same database shares and restarts keep. Set it to hold the key apart from the data
    // (rotating it refuses the cursors signed before); then every replica needs the same value.
    CURSOR_SECRET: z.preprocess(
      blankAsUnset,
      z
        .string()
        .min(MIN_CURSOR_SECRET_LENGTH, { error: `must be at least ${MIN_CURSOR_SECRET_LENGTH} characters (for example: openssl rand -base64 32)` })
        .optional(),
    ),
    DATABASE_URL: optionalUrl('postgres://user@127.0.0.1:5432/directory'),
    DATA_DIR: z.string().default('./data'),
    REDIS_URL: optionalUrl('redis://127.0.0.1:6379'),
    QUEUE_PREFIX: z.string().default('dd'),
    WORKER_CONCURRENCY: wholeNumber(8, 1),
    // The ingest worker's health (/healthz, /readyz) and Prometheus metrics (/metrics) port.
    WORKER_PORT: wholeNumber(9464, 0, 65535),
    // Lock of a running rebuild: after a worker crash its job is taken up again this long afterwards.
    REINDEX_LOCK_MS: wholeNumber(15_000, 1000),
    // Lock of a running row sync: after a worker crash its jobs are taken up again this long afterwards.
    SYNC_LOCK_MS: wholeNumber(30_000, 1000),
    ADMIN_TOKEN: z.preprocess(blankAsUnset, z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
    CACHE_MAX_AGE_SECONDS: wholeNumber(60, 0),
    // How long the API keeps an idle keep-alive connection: longer than the idle timeout of the load
    // balancer or proxy in front (60 s on most), so that it closes first and no request meets a closing socket.
    KEEP_ALIVE_TIMEOUT_SECONDS: wholeNumber(65, 1, 3600),
    // gzip or brotli for the clients that ask; "off" where a proxy or CDN in front compresses, so that the
    // API's CPU goes to searches (about 0.35 ms per page of 50 profiles: npm run bench:compression).
    COMPRESSION: unsetIfBlank(choice(['on', 'off']).default('on')),
    MCP_ALLOWED_ORIGINS: commaList,
    // Requests under /api served at once by one API process; past it, 503 with Retry-After at once.
    MAX_IN_FLIGHT_REQUESTS: wholeNumber(256, 1),
    // Of those, the ones one client (its address, or its IPv6 /56) holds at once; its next requests wait
    // for them (16 at most, 2 s), then 429 with Retry-After. Unset: see perClientDefault.
    MAX_IN_FLIGHT_PER_CLIENT: optionalWholeNumber(1),
    // Shed requests read when the event loop has been held this long (the embedded engine computes on it).
    MAX_EVENT_LOOP_DELAY_MS: wholeNumber(500, 1),
    // Requests per client IP per minute (429 past it); 0 turns the limit off.
    RATE_LIMIT_PER_MINUTE: wholeNumber(0, 0),
    // Proxies in front of the API whose X-Forwarded-For is trusted for the client IP (express "trust proxy").
    TRUST_PROXY_HOPS: wholeNumber(0, 0),
    MCP_ALLOWED_HOSTS: commaList,
  })
  .transform((env) => ({
    ...env,
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`,
    SEARCH_BACKEND: env.SEARCH_BACKEND ?? (env.ELASTICSEARCH_URL ? 'elasticsearch' : 'postgres'),
    MAX_IN_FLIGHT_PER_CLIENT: env.MAX_IN_FLIGHT_PER_CLIENT ?? perClientDefault(env.MAX_IN_FLIGHT_REQUESTS),
  }));

/**
 * Half the machine's cores per client (at least one, at most the global bound): a search is CPU work, and
 * what one client runs at once is what everyone else's searches queue behind in the engine. Measured on 2
 * cores (test/load/fairness.test.ts): a client holding 2 expensive searches at once already brought another
 * client's p99 to 3x its idle p99 on the embedded engine, 4 to 9-10x on both engines.
 */
export function perClientDefault(maxInFlight: number, cores: number = availableParallelism()): number {
  return Math.min(maxInFlight, Math.max(1, Math.floor(cores / 2)));
}

export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (result.data.MAX_IN_FLIGHT_PER_CLIENT !== undefined && result.data.MAX_IN_FLIGHT_PER_CLIENT > result.data.MAX_IN_FLIGHT_REQUESTS) {
    throw new ConfigError(
      `Invalid configuration:\n  MAX_IN_FLIGHT_PER_CLIENT: must be at most MAX_IN_FLIGHT_REQUESTS (${result.data.MAX_IN_FLIGHT_REQUESTS})`,
    );
  }
  if (result.data.SEARCH_BACKEND === 'elasticsearch' && !result.data.ELASTICSEARCH_URL) {
    throw new ConfigError('Invalid configuration:\n  ELASTICSEARCH_URL: required when SEARCH_BACKEND=elasticsearch');
  }
  return result.data;
}
