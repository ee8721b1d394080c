import { loadConfig } from '../../../shared/config/config.schema.ts';
import {
  elasticsearchService,
  postgresService,
  redisService,
  ServiceLostError,
  usingElasticsearch,
  usingPostgres,
  usingRedis,
} from '../../../shared/config/unusable-service.errors.ts';
import { createIngestContext, type IngestContext, requireIngestServices } from '../../../shared/ingest/runtime/ingest-context.ts';
import { PRODUCER_READY_TIMEOUT_MS, redisReady } from '../../../shared/ingest/runtime/redis-connection.factory.ts';
import { isRedisUnavailable } from '../../../shared/ingest/runtime/redis-unavailable.ts';
import { createLogger } from '../../../shared/logging/logger.ts';
import { isUnreachable as isElasticsearchUnreachable } from '../../../shared/search/elasticsearch/es-errors.ts';
import { isDatabaseUnavailable } from '../../../shared/store/db-unavailable.ts';
import { migrate } from '../../../shared/store/migrate.ts';

/** Where the pipeline's services are, for a command that opens a connection of its own. */
export type IngestServiceUrls = ReturnType<typeof requireIngestServices>;

/**
 * Runs a sync command against the pipeline's services (Postgres, Redis, Elasticsearch), migrated first,
 * and closes them afterwards. Each service is reached before the command starts, so one that is missing
 * or down is a message naming its setting (main.ts prints it) instead of a stack trace, or a command
 * waiting forever on a Redis that never answers. One lost while the command runs is a ServiceLostError,
 * printed the same way.
 */
export async function withIngest(fn: (ctx: IngestContext, urls: IngestServiceUrls) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'cli');
  const urls = requireIngestServices(config, 'The ingest pipeline');
  const ctx = createIngestContext(config, logger, { onQueueError: (error) => logger.debug({ err: error }, 'queue connection error') });
  try {
    await usingPostgres(urls.databaseUrl, () => migrate(ctx.db, { logger }));
    await usingRedis(urls.redisUrl, () => redisReady(ctx.redis, PRODUCER_READY_TIMEOUT_MS));
    await usingElasticsearch(urls.elasticsearchUrl, () => ctx.es.cluster.health());
    await fn(ctx, urls).catch((error: unknown) => {
      throw lostService(error, urls) ?? error;
    });
  } finally {
    await ctx.close();
  }
}

/**
 * What a sync command that lost a service tells the operator: these commands change only the queue, and
 * each is safe to run again (a reindex still waiting is joined, not queued twice).
 */
const LOST_QUEUE_CONSEQUENCE = 'A sync command changes nothing but the queue and is safe to run again once the service answers; `status` then shows what is queued.';

/** The service a failure says was lost, as the error main.ts prints, or null for any other failure. */
export function lostService(error: unknown, urls: IngestServiceUrls): ServiceLostError | null {
  // Each client's failures have their own shape; Elasticsearch's and Redis's are told apart first, since a
  // bare network error code could come from either of the others.
  if (isElasticsearchUnreachable(error)) return new ServiceLostError(elasticsearchService(urls.elasticsearchUrl), 'ELASTICSEARCH_URL', error, LOST_QUEUE_CONSEQUENCE);
  if (isRedisUnavailable(error)) return new ServiceLostError(redisService(urls.redisUrl), 'REDIS_URL', error, LOST_QUEUE_CONSEQUENCE);
  if (isDatabaseUnavailable(error)) return new ServiceLostError(postgresService(urls.databaseUrl), 'DATABASE_URL', error, LOST_QUEUE_CONSEQUENCE);
  return null;
}
