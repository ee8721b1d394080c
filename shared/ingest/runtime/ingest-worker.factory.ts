import pTimeout from 'p-timeout';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Config } from '../../config/config.schema.ts';
import type { Logger } from '../../logging/logger.ts';
import { type BackoffPolicy, backoffStrategy, DEFAULT_BACKOFF } from './backoff.policy.ts';
import { DEFAULT_REBUILD_MIN_CHANGES, rebuildLargeBacklogs } from './backlog-rebuild.policy.ts';
import { ChangeNotifications } from '../outbox/change-notifications.ts';
import { ChangeRelay, type ChangeRelayOptions } from '../outbox/change-relay.ts';
import { createIngestContext, type IngestConfig, type IngestContext, requireIngestServices } from './ingest-context.ts';
import { rebuildOutdatedDocuments } from './outdated-documents.policy.ts';
import { type JobName, QUEUE_NAMES, type QueueName } from '../jobs/ingest-job-names.ts';
import { IngestMetrics } from './ingest-metrics.ts';
import { recoverLostQueue } from './queue-loss.policy.ts';
import { createRedisConnection } from './redis-connection.factory.ts';

/** A queue handler: parses the payload, calls the domain, maps the result (services/ingest-worker). */
export type JobHandler = (job: Job, signal?: AbortSignal) => Promise<unknown>;
export type JobHandlers = Record<JobName, JobHandler>;

export interface IngestWorkerOptions {
  concurrency: number;
  backoff: BackoffPolicy;
  relay: Partial<ChangeRelayOptions>;
  /** How often the expiry sweep runs. */
  expireEveryMs: number;
  /**
   * How often the worker checks that Redis still holds the jobs it was handed (queue-loss.policy.ts):
   * a GET and an INFO each time; a loss is repaired within about this long after Redis is back.
   */
  queueCheckMs: number;
  /**
   * Lock of a running rebuild. After a crash its job is taken up again once the lock has lapsed and a
   * stalled check has run, so these bound how soon a killed rebuild resumes.
   */
  maintenanceLockMs: number;
  stalledIntervalMs: number;
  /**
   * Crashes a rebuild may survive. BullMQ's default (1) failed a rebuild for good on the second kill -9
   * ("job stalled more than allowable limit"); a rebuild is idempotent (a new run discards the dead
   * run's half-built index), so it is simply run again, however often its worker dies.
   */
  maintenanceMaxStalls: number;
  /**
   * A backlog of at least this many changes of one kind, and at least as many as its index holds
   * documents (a first load), is handed to one rebuild instead of batch jobs (backlog-rebuild.policy.ts).
   */
  rebuildMinChanges: number;
  /** Lock of a running row sync: how long a crashed worker's sync jobs wait before another takes them. */
  syncLockMs: number;
  /**
   * Crashes a row sync may survive (BullMQ's default is 1). Row syncs are idempotent and take
   * milliseconds, so a job caught by two crashes is the workers' bad luck, not a poison job.
   */
  syncMaxStalls: number;
}

export const DEFAULT_WORKER_OPTIONS: Omit<IngestWorkerOptions, 'concurrency'> = {
  backoff: DEFAULT_BACKOFF,
  relay: {},
  expireEveryMs: 60_000,
  queueCheckMs: 5_000,
  maintenanceLockMs: 15_000,
  stalledIntervalMs: 5_000,
  maintenanceMaxStalls: 1_000_000,
  syncLockMs: 30_000,
  syncMaxStalls: 20,
  rebuildMinChanges: DEFAULT_REBUILD_MIN_CHANGES,
};

/** How long a health check waits for a service before calling it down. */
const PROBE_TIMEOUT_MS = 2000;

export interface HealthReport {
  status: 'ok' | 'degraded' | 'stopping';
  checks: { postgres: boolean; redis: boolean; elasticsearch: boolean; notifications: boolean };
  relay: { relayed: number; last_success_at: string | null; last_error: string | null };
}

export interface IngestWorker {
  context: IngestContext;
  metrics: IngestMetrics;
  /** Starts the relay and the queue workers; returns at once even when a service is down. */
  start(): Promise<void>;
  /**
   * Stops taking work, lets running jobs finish for up to timeoutMs (a rebuild is cancelled: it fails
   * this attempt and is retried later), then closes everything. forced: jobs were cut off.
   */
  stop(timeoutMs: number): Promise<{ forced: boolean }>;
  health(): Promise<HealthReport>;
}

export interface IngestWorkerDeps {
  config: IngestConfig & Pick<Config, 'WORKER_CONCURRENCY'>;
  logger: Logger;
  handlers: (context: IngestContext) => JobHandlers;
  options?: Partial<IngestWorkerOptions>;
}

/** The ingest worker process minus its entry point: outbox relay, queue workers, scheduler, health. */
export function createIngestWorker(deps: IngestWorkerDeps): IngestWorker {
  const { logger } = deps;
  const options: IngestWorkerOptions = { ...DEFAULT_WORKER_OPTIONS, concurrency: deps.config.WORKER_CONCURRENCY, ...deps.options };
  const urls = requireIngestServices(deps.config, 'The ingest worker');
  const context = createIngestContext(deps.config, logger, { poolSize: options.concurrency + 4 });
  const metrics = new IngestMetrics({
    queueDepth: () => context.queues.counts(),
    outboxBacklog: () => context.changeLog.backlog(),
  });
  const handlers = deps.handlers(context);
  const relay = new ChangeRelay(
    context.changeLog,
    (changes) => context.queues.enqueueChanges(changes),
    logger,
    options.relay,
    (n) => metrics.relayed.inc(n),
    () =>
      rebuildLargeBacklogs({
        changeLog: context.changeLog,
        countIndexed: (kind) => context.manager.countDocuments(kind),
        enqueueRebuild: (target) => context.queues.enqueueBacklogRebuild(target),
        minChanges: options.rebuildMinChanges,
        logger,
      }),
  );
  const notifications = new ChangeNotifications(urls.databaseUrl, () => relay.wake(), logger);

  let workerConnection: Redis | null = null;
  const workers: Worker[] = [];
  let stopping = false;
  // Start-up steps retried until their service answers; each waits on its own timer, all cleared on stop.
  const retryTimers = new Set<NodeJS.Timeout>();
  const retryLater = (step: () => Promise<void>) => {
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      void step();
    }, 2000);
    retryTimers.add(timer);
  };

  const processor =
    (queue: QueueName) =>
    async (job: Job, _token?: string, signal?: AbortSignal): Promise<unknown> => {
      const handler = handlers[job.name as JobName];
      if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}" on queue ${queue}`);
      const end = metrics.jobDuration.startTimer({ queue, name: job.name });
      try {
        return await handler(job, signal);
      } finally {
        end();
      }
    };

  function watch(worker: Worker, queue: QueueName): Worker {
    worker.on('error', (error) => logger.warn({ err: error, queue }, 'queue worker error'));
    worker.on('completed', (job) => {
      metrics.jobs.inc({ queue, name: job.name, outcome: 'completed' });
      if (queue === QUEUE_NAMES.sync) metrics.syncLag.observe({ name: job.name }, (Date.now() - job.timestamp) / 1000);
    });
    worker.on('failed', (job, error) => {
      if (!job) return;
      const final = job.finishedOn !== undefined || error instanceof UnrecoverableError;
      metrics.jobs.inc({ queue, name: job.name, outcome: final ? 'failed' : 'retrying' });
      logger[final ? 'error' : 'warn'](
        { queue, job: job.id, name: job.name, attempts: job.attemptsMade, reason: error.message },
        final ? 'job failed' : 'job failed; will retry',
      );
    });
    return worker;
  }

  /** The aliases must exist before row syncs write through them; retried until Elasticsearch answers. */
  async function ensureIndices(): Promise<void> {
    try {
      await context.manager.ensureIndices();
    } catch (error) {
      if (stopping) return;
      logger.warn({ err: error }, 'cannot prepare the search indices yet; retrying');
      retryLater(ensureIndices);
      return;
    }
    void rebuildOutdated();
  }

  async function rebuildOutdated(): Promise<void> {
    try {
      await rebuildOutdatedDocuments({
        outdatedDocuments: () => context.manager.outdatedDocuments(),
        enqueueReindex: (target) => context.queues.enqueueReindex(target),
        logger,
      });
    } catch (error) {
      if (stopping) return;
      logger.warn({ err: error }, 'cannot check the indexed documents\' version yet; retrying');
      retryLater(rebuildOutdated);
    }
  }

  async function scheduleExpiry(): Promise<void> {
    try {
      await context.queues.scheduleExpiry(options.expireEveryMs);
    } catch (error) {
      if (stopping) return;
      logger.warn({ err: error }, 'cannot schedule the expiry sweep yet; retrying');
      retryLater(scheduleExpiry);
    }
  }

  let queueCheck: NodeJS.Timeout | null = null;
  /**
   * Redis keeps what it was handed only while it keeps its data. Changes count as delivered once
   * confirmed in the index, so when the queue's marker is gone, or names another Redis server process,
   * every unconfirmed change is relayed again and the expiry scheduler is put back, without a restart.
   */
  async function checkQueue(): Promise<void> {
    try {
      const again = await recoverLostQueue({
        marker: context.queues.marker,
        relayUnconfirmedAgain: () => context.changeLog.relayUnconfirmedAgain(),
        restoreSchedules: () => context.queues.scheduleExpiry(options.expireEveryMs),
        logger,
      });
      if (again) relay.wake();
    } catch (error) {
      // Redis or Postgres is away: the relay and /readyz report that; the marker says to try again.
      logger.debug({ err: error }, 'cannot check the queue for lost jobs yet');
    } finally {
      if (!stopping) queueCheck = setTimeout(() => void checkQueue(), options.queueCheckMs);
    }
  }

  return {
    context,
    metrics,

    async start() {
      await ensureIndices();
      void scheduleExpiry();
      workerConnection = createRedisConnection(urls.redisUrl, 'worker');
      workerConnection.on('error', () => undefined); // reported by the workers' error events
      const settings = { backoffStrategy: backoffStrategy(options.backoff) };
      workers.push(
        watch(
          new Worker(QUEUE_NAMES.sync, processor(QUEUE_NAMES.sync), {
            connection: workerConnection,
            prefix: deps.config.QUEUE_PREFIX,
            concurrency: options.concurrency,
            lockDuration: options.syncLockMs,
            stalledInterval: options.stalledIntervalMs,
            maxStalledCount: options.syncMaxStalls,
            settings,
          }),
          QUEUE_NAMES.sync,
        ),
        watch(
          new Worker(QUEUE_NAMES.maintenance, processor(QUEUE_NAMES.maintenance), {
            connection: workerConnection,
            prefix: deps.config.QUEUE_PREFIX,
            concurrency: 1,
            lockDuration: options.maintenanceLockMs,
            stalledInterval: options.stalledIntervalMs,
            maxStalledCount: options.maintenanceMaxStalls,
            settings,
          }),
          QUEUE_NAMES.maintenance,
        ),
      );
      // The relay starts once the first check is done (or has failed: Redis away): a check that found
      // the marker missing would otherwise hand the relay's first claims over a second time.
      void checkQueue().then(() => {
        if (!stopping) relay.start();
      });
      notifications.start();
      logger.info({ concurrency: options.concurrency, prefix: deps.config.QUEUE_PREFIX }, 'ingest worker started');
    },

    async stop(timeoutMs) {
      stopping = true;
      if (queueCheck) clearTimeout(queueCheck);
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      const deadline = Date.now() + timeoutMs;
      await notifications.stop();
      await withDeadline(relay.stop(), deadline);
      for (const worker of workers) worker.cancelAllJobs('the worker is shutting down');
      const closed = await withDeadline(Promise.all(workers.map((w) => w.close())), deadline);
      if (!closed) {
        // BullMQ ignores close(true) once a close is under way, and a close can wait forever on a
        // connection caught mid-reconnect: give up on it and drop the connections ourselves.
        logger.warn({ timeoutMs }, 'queue workers did not close within the shutdown bound; dropping their connections');
      }
      workerConnection?.disconnect();
      await withDeadline(context.close(), Date.now() + 5000);
      return { forced: !closed };
    },

    async health() {
      const [postgres, redis, elasticsearch] = await Promise.all([
        probe(() => context.db.query('SELECT 1')),
        probe(() => context.redis.ping()),
        // Not ping(): a node may refuse GET / (a minimal or proxied distribution); health is always there.
        // The client's own bound ends the request with the probe instead of leaving it to retry behind it.
        probe(() => context.es.cluster.health({}, { requestTimeout: PROBE_TIMEOUT_MS, maxRetries: 0 })),
      ]);
      const checks = { postgres, redis, elasticsearch, notifications: notifications.isListening };
      const status = stopping ? 'stopping' : Object.values(checks).every(Boolean) ? 'ok' : 'degraded';
      return {
        status,
        checks,
        relay: {
          relayed: relay.stats.relayed,
          last_success_at: relay.stats.lastSuccessAt?.toISOString() ?? null,
          last_error: relay.stats.lastError,
        },
      };
    },
  };
}

/**
 * Postgres (through the Db port) and ioredis take no per-call timeout, and the producer connection's
 * command timeout is longer than a probe may take: so the probe bounds the checks itself.
 */
async function probe(check: () => Promise<unknown>, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  try {
    return await pTimeout(
      check().then(() => true),
      { milliseconds: timeoutMs, fallback: () => false },
    );
  } catch {
    return false;
  }
}

/**
 * Resolves true when the promise settles before the deadline, false when the deadline comes first
 * (BullMQ's Worker.close has no time limit of its own).
 */
function withDeadline(promise: Promise<unknown>, deadline: number): Promise<boolean> {
  const settled = promise.then(
    () => true,
    () => true,
  );
  return pTimeout(settled, { milliseconds: Math.max(0, deadline - Date.now()), fallback: () => false });
}
