import { loadConfig } from '../../../shared/config/config.schema.ts';
import { usingElasticsearch, usingPostgres, usingRedis } from '../../../shared/config/unusable-service.error.ts';
import { createIngestContext, type IngestContext, requireIngestServices } from '../../../shared/ingest/runtime/ingest-context.ts';
import { PRODUCER_READY_TIMEOUT_MS, redisReady } from '../../../shared/ingest/runtime/redis-connection.factory.ts';
import { createLogger } from '../../../shared/logging/logger.ts';
import { migrate } from '../../../shared/store/migrate.ts';

/** Where the pipeline's services are, for a command that opens a connection of its own. */
export type IngestServiceUrls = ReturnType<typeof requireIngestServices>;

/**
 * Runs a sync command against the pipeline's services (Postgres, Redis, Elasticsearch), migrated first,
 * and closes them afterwards. Each service is reached before the command starts, so one that is missing
 * or down is a message naming its setting (main.ts prints it) instead of a stack trace, or a command
 * waiting forever on a Redis that never answers.
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
    await fn(ctx, urls);
  } finally {
    await ctx.close();
  }
}
