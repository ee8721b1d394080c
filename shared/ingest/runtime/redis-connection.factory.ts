import { once } from 'node:events';
import { Redis } from 'ioredis';

/**
 * producer: queue writes from the relay, the CLI and the admin API. A command waits at most a few
 *   seconds for Redis, so a caller holding a database transaction (the relay) gives up and retries
 *   instead of hanging.
 * worker: BullMQ workers block on Redis and must wait out an outage (maxRetriesPerRequest null).
 * Both reconnect every ≤ 2 s, so work resumes soon after Redis comes back.
 */
export function createRedisConnection(url: string, role: 'producer' | 'worker'): Redis {
  return new Redis(url, {
    connectTimeout: 5000,
    retryStrategy: (times) => Math.min(200 * times, 2000),
    ...(role === 'worker' ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1, commandTimeout: 5000 }),
  });
}

/** As long as a producer command may wait for Redis (its connectTimeout and commandTimeout). */
export const PRODUCER_READY_TIMEOUT_MS = 5000;

/**
 * Resolves once the connection is ready. Rejects with the connection's first error (Redis refused it),
 * or after timeoutMs when Redis does not answer. A producer connection bounds each command itself, but
 * BullMQ sends none until the connection has first become ready, and waits for that without limit.
 */
export async function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status !== 'ready') await once(redis, 'ready', { signal: AbortSignal.timeout(timeoutMs) });
}
