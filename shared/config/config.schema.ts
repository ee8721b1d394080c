import { z } from 'zod';
import { ReindexTestPauseSchema } from './reindex-test-pause.schema.ts';

const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = z.preprocess(blankAsUnset, z.url().optional());
const commaList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** Every environment variable the processes read. Parsed once at start-up; a bad value stops the process. */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Unset: the local address on PORT, so links work wherever the process listens (see the transform).
    PUBLIC_BASE_URL: z.preprocess(blankAsUnset, z.url().optional()),
    ELASTICSEARCH_URL: optionalUrl,
    ES_INDEX_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]*$/, { error: 'lowercase letters, digits, _ and - only' })
      .default(''),
    SEARCH_BACKEND: z.enum(['elasticsearch', 'postgres']).optional(),
    SEARCH_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
    // Elasticsearch points in time (cursor walks with q) one API process holds open at most; past it a
    // walk's next page answers 503 with Retry-After and its cursor stays valid.
    ES_MAX_OPEN_PITS: z.coerce.number().int().positive().default(500),
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    REDIS_URL: optionalUrl,
    QUEUE_PREFIX: z.string().default('dd'),
    WORKER_CONCURRENCY: z.coerce.number().int().positive().default(8),
    // The ingest worker's health (/healthz, /readyz) and Prometheus metrics (/metrics) port.
    WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    // Lock of a running rebuild: after a worker crash its job is taken up again this long afterwards.
    REINDEX_LOCK_MS: z.coerce.number().int().min(1000).default(15_000),
    // Lock of a running row sync: after a worker crash its jobs are taken up again this long afterwards.
    SYNC_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
    // Crash tests only: stops a rebuild at a known step (see shared/ingest/runtime/reindex-test-pause.ts).
    REINDEX_TEST_PAUSE_AT: z.preprocess(blankAsUnset, ReindexTestPauseSchema.optional()),
    ADMIN_TOKEN: z.preprocess(blankAsUnset, z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
    CACHE_MAX_AGE_SECONDS: z.coerce.number().int().nonnegative().default(60),
    MCP_ALLOWED_ORIGINS: commaList,
    // Requests under /api served at once by one API process; past it, 503 with Retry-After at once.
    MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().positive().default(256),
    // Shed requests read when the event loop has been held this long (the embedded engine computes on it).
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().positive().default(500),
    // Requests per client IP per minute (429 past it); 0 turns the limit off.
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().nonnegative().default(0),
    // Proxies in front of the API whose X-Forwarded-For is trusted for the client IP (express "trust proxy").
    TRUST_PROXY_HOPS: z.coerce.number().int().nonnegative().default(0),
    MCP_ALLOWED_HOSTS: commaList,
  })
  .transform((env) => ({
    ...env,
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`,
    SEARCH_BACKEND: env.SEARCH_BACKEND ?? (env.ELASTICSEARCH_URL ? 'elasticsearch' : 'postgres'),
  }));

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
  if (result.data.SEARCH_BACKEND === 'elasticsearch' && !result.data.ELASTICSEARCH_URL) {
    throw new ConfigError('Invalid configuration:\n  ELASTICSEARCH_URL: required when SEARCH_BACKEND=elasticsearch');
  }
  return result.data;
}
