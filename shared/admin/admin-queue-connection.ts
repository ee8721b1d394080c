import type { Redis } from 'ioredis';
import { IngestQueues } from '../ingest/runtime/ingest-queues.ts';
import { createRedisConnection, PRODUCER_READY_TIMEOUT_MS, redisReady } from '../ingest/runtime/redis-connection.factory.ts';


/**
 * The admin API's producer connection to the ingest queues, opened on first use, so an API process that
 * never sees an admin request never connects to Redis.
 *
 * Why ready() exists: the producer connection bounds every command (commandTimeout, maxRetriesPerRequest),
 * but BullMQ sends none until the connection has first become ready, and waits for that without limit.
 * So a call made while Redis is away is held here until the connection is ready, for a bounded time,
 * and from then on ioredis bounds each command itself. Waiting on the connection rather than racing the
 * call leaves nothing running after the caller has been answered.
 */
export class AdminQueueConnection {
  private opened: { redis: Redis; queues: IngestQueues } | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly onError: (error: Error) => void = () => undefined,
    private readonly readyTimeoutMs = PRODUCER_READY_TIMEOUT_MS,
  ) {}

  /** The queues, without waiting for Redis (the dashboard builds its adapters from them). */
  queues(): IngestQueues {
    return this.open().queues;
  }

  /**
   * The queues once Redis is ready. Rejects when the connection reports an error first (Redis refused
   * it) or when it is not ready within the bound (Redis does not answer).
   */
  async ready(): Promise<IngestQueues> {
    const { redis, queues } = this.open();
    await redisReady(redis, this.readyTimeoutMs);
    return queues;
  }

  async close(): Promise<void> {
    const opened = this.opened;
    this.opened = null;
    if (!opened) return;
    await opened.queues.close().catch(() => undefined);
    opened.redis.disconnect();
  }

  private open(): { redis: Redis; queues: IngestQueues } {
    if (!this.opened) {
      const redis = createRedisConnection(this.redisUrl, 'producer');
      redis.on('error', () => undefined); // reported through the queues' error events
      this.opened = { redis, queues: new IngestQueues(redis, this.prefix, this.onError) };
    }
    return this.opened;
  }
}
