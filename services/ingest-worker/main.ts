import { startOrExit } from '../../shared/composition/startup-failure.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { usingPostgres } from '../../shared/config/unusable-service.error.ts';
import { requireIngestServices } from '../../shared/ingest/runtime/ingest-context.ts';
import { createIngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { migrate } from '../../shared/store/migrate.ts';
import { startHealthServer } from './health.server.ts';
import { createJobHandlers } from './job-handlers.ts';

/** How long running jobs get to finish after SIGTERM before the worker closes anyway. */
const SHUTDOWN_BOUND_MS = 10_000;

const { config, logger } = await startOrExit(async () => {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'ingest-worker');
  // Postgres must answer now (migrations); Redis and Elasticsearch are waited for, as after an outage.
  const { databaseUrl } = requireIngestServices(config, 'The ingest worker');
  await usingPostgres(databaseUrl, () => migrate(databaseUrl, { logger }));
  return { config, logger };
});

const worker = createIngestWorker({
  config,
  logger,
  handlers: (ctx) => createJobHandlers(ctx, { reindexTestPauseAt: config.REINDEX_TEST_PAUSE_AT }),
  options: { maintenanceLockMs: config.REINDEX_LOCK_MS, syncLockMs: config.SYNC_LOCK_MS },
});
const server = await startOrExit(() => startHealthServer(worker, config.WORKER_PORT, config.HOST));
await worker.start();
logger.info({ port: config.WORKER_PORT }, 'health and metrics listening');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // A last resort should closing itself hang.
  setTimeout(() => process.exit(1), SHUTDOWN_BOUND_MS + 5_000).unref();
  const { forced } = await worker.stop(SHUTDOWN_BOUND_MS);
  server.close();
  process.exit(forced ? 1 : 0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
