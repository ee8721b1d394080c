import { startOrExit } from '../../shared/composition/startup-failure.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { usingPostgres } from '../../shared/config/unusable-service.errors.ts';
import { requireIngestServices } from '../../shared/ingest/runtime/ingest-context.ts';
import { createIngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { migrate } from '../../shared/store/migrate.ts';
import { startHealthServer } from './health-server.ts';
import { createJobHandlers, type JobHandlerHooks } from './job-handlers.ts';

/** How long running jobs get to finish after SIGTERM before the worker closes anyway. */
const SHUTDOWN_BOUND_MS = 10_000;

/**
 * The worker as a process: config from the environment, migrations, the queues' workers, the health
 * server, and a bounded shutdown on SIGTERM or SIGINT. `main.ts` runs it as it ships; the crash tests'
 * entry runs it with a rebuild observer that stops at a known step.
 */
export async function runWorkerProcess(hooks: JobHandlerHooks = {}): Promise<void> {
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
    handlers: (ctx) => createJobHandlers(ctx, hooks),
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
}
