import { loadConfig } from '../../../shared/config/config.schema.ts';
import { createIngestContext, type IngestContext, MissingServiceError } from '../../../shared/ingest/ingest-context.ts';
import { createLogger } from '../../../shared/logging/logger.ts';
import { migrate } from '../../../shared/store/migrate.ts';

/**
 * Runs a sync command against the pipeline's services (Postgres, Redis, Elasticsearch), migrated first,
 * and closes them afterwards. A missing service setting is a message and exit code 1, not a stack trace.
 */
export async function withIngest(fn: (ctx: IngestContext) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'cli');
  let ctx: IngestContext;
  try {
    ctx = createIngestContext(config, logger);
  } catch (error) {
    if (!(error instanceof MissingServiceError)) throw error;
    process.stderr.write(`${error.message}.\n`);
    process.exitCode = 1;
    return;
  }
  try {
    await migrate(ctx.db, { logger });
    await fn(ctx);
  } finally {
    await ctx.close();
  }
}
