import { loadConfig } from '../../../shared/config/config.schema.ts';
import { createIngestContext, type IngestContext, MissingServiceError, requireIngestServices } from '../../../shared/ingest/runtime/ingest-context.ts';
import { createLogger } from '../../../shared/logging/logger.ts';
import { migrate } from '../../../shared/store/migrate.ts';

/** Where the pipeline's services are, for a command that opens a connection of its own. */
export type IngestServiceUrls = ReturnType<typeof requireIngestServices>;

/**
 * Runs a sync command against the pipeline's services (Postgres, Redis, Elasticsearch), migrated first,
 * and closes them afterwards. A missing service setting is a message and exit code 1, not a stack trace.
 */
export async function withIngest(fn: (ctx: IngestContext, urls: IngestServiceUrls) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'cli');
  let ctx: IngestContext;
  let urls: IngestServiceUrls;
  try {
    urls = requireIngestServices(config, 'The ingest pipeline');
    ctx = createIngestContext(config, logger);
  } catch (error) {
    if (!(error instanceof MissingServiceError)) throw error;
    process.stderr.write(`${error.message}.\n`);
    process.exitCode = 1;
    return;
  }
  try {
    await migrate(ctx.db, { logger });
    await fn(ctx, urls);
  } finally {
    await ctx.close();
  }
}
