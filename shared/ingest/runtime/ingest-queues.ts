import { randomUUID } from 'node:crypto';
import { type Job, type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { BACKOFF_TYPE } from './backoff.policy.ts';
import { CHANGE_ENTITIES } from '../../domain/entity.registry.ts';
import type { Change } from '../outbox/change.ts';
import { JOB_NAMES, QUEUE_NAMES, type QueueName, SYNC_JOB_NAMES } from '../jobs/ingest-job-names.ts';
import type { ReindexTarget } from '../jobs/maintenance-job.schema.ts';
import type { QueueMarker } from './queue-loss.policy.ts';
import { createRedisConnection } from './redis-connection.factory.ts';
import type { SyncBatchJob } from '../jobs/sync-batch-job.schema.ts';
import type { SyncDesignerJob } from '../jobs/sync-job.schema.ts';

const DAY_SECONDS = 24 * 3600;

/**
 * Row syncs retry for a long time (with the default backoff, about twenty minutes of outage) and then
 * stay failed, with their reason, until `retry-failed`. Completed ones are dropped soon: the next
 * change to the same row makes a new job.
 */
const SYNC_JOB_OPTIONS: JobsOptions = {
  attempts: 25,
  backoff: { type: BACKOFF_TYPE },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 7 * DAY_SECONDS },
};

/** A rebuild is kept a day after it finishes so its progress and result can still be read. */
const REINDEX_JOB_OPTIONS: JobsOptions = {
  attempts: 3,
  backoff: { type: BACKOFF_TYPE },
  removeOnComplete: { age: DAY_SECONDS, count: 100 },
  removeOnFail: { age: 7 * DAY_SECONDS },
};

export const EXPIRE_SCHEDULER_ID = 'expire-open-roles';

/**
 * A burst (an import, a first load, a bulk edit) reaches the relay as many changes per claim; from this
 * many on they go to the queue as batch jobs of SYNC_BATCH_SIZE rows, written with one bulk request each.
 * Fewer (single edits) keep one job per row, so an edit is as fresh as ever.
 */
export const SYNC_BATCH_THRESHOLD = 32;
export const SYNC_BATCH_SIZE = 500;

function syncBatchJobs(changes: Change[]): { name: string; data: SyncBatchJob }[] {
  const jobs: { name: string; data: SyncBatchJob }[] = [];
  for (const entity of CHANGE_ENTITIES) {
    const items = changes
      .filter((c) => c.entity === entity)
      .map((c) => ({ id: c.entityId, version: c.version, change_id: c.id }));
    for (let i = 0; i < items.length; i += SYNC_BATCH_SIZE) {
      jobs.push({ name: JOB_NAMES.syncBatch, data: { entity, items: items.slice(i, i + SYNC_BATCH_SIZE) } });
    }
  }
  return jobs;
}

export type JobState = Awaited<ReturnType<Job['getState']>>;

/** A job as the CLI and the admin API show it: no stack traces, no Redis internals. */
export interface JobView {
  id: string;
  queue: QueueName;
  name: string;
  state: JobState;
  data: unknown;
  progress: unknown;
  attempts_made: number;
  /** Runs cut off by a dead worker (kill -9, OOM) and handed to another one. */
  stalled_count: number;
  failed_reason: string | null;
  result: unknown;
  created_at: string;
  finished_at: string | null;
}

export type QueueCounts = Record<QueueName, Record<string, number>>;

/** Sets KEYS[1] to ARGV[2] only while it holds ARGV[1]. */
const REPLACE_IF_EQUAL = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2]) return 1 end return 0`;

/** The two BullMQ queues of the ingest pipeline, behind the operations the rest of the code needs. */
export class IngestQueues {
  readonly sync: Queue;
  readonly maintenance: Queue;
  /** Beside the queues' keys, lost with them (queue-loss.policy.ts). */
  readonly marker: QueueMarker;

  /** `connection` is owned by the caller, who closes it after close(). */
  constructor(private readonly connection: Redis, prefix: string, onError: (error: Error) => void = () => undefined) {
    const key = `${prefix}:ingest:marker`;
    this.marker = {
      read: () => connection.get(key),
      // A Redis that refuses INFO (renamed away) leaves the marker alone to tell a loss.
      server: async () => /^run_id:(\w+)/m.exec(await connection.info('server').catch(() => ''))?.[1] ?? 'unknown',
      write: async (value) => void (await connection.set(key, value)),
      replace: async (expected, value) => (await connection.eval(REPLACE_IF_EQUAL, 1, key, expected, value)) === 1,
    };
    this.sync = new Queue(QUEUE_NAMES.sync, { connection, prefix, defaultJobOptions: SYNC_JOB_OPTIONS });
    this.maintenance = new Queue(QUEUE_NAMES.maintenance, { connection, prefix, defaultJobOptions: REINDEX_JOB_OPTIONS });
    // An EventEmitter 'error' without a listener would crash the process on a Redis hiccup.
    this.sync.on('error', onError);
    this.maintenance.on('error', onError);
  }

  /**
   * One job per changed row. A burst of changes to one row collapses twice: here, within a batch, and
   * in BullMQ by deduplication id. keepLastIfActive matters: a change that arrives while the row's job
   * is running (it may have read the row already) queues exactly one follow-up job instead of being
   * dropped. Jobs re-read their row, so whichever payload survives the collapse is good enough.
   */
  async enqueueChanges(changes: readonly Change[], options: { batch?: boolean } = {}): Promise<number> {
    const latest = new Map<string, Change>();
    for (const change of changes) {
      const key = `${change.entity}:${change.entityId}`;
      const seen = latest.get(key);
      latest.set(key, !seen || change.id > seen.id ? { ...change, version: Math.max(change.version, seen?.version ?? 0) } : seen);
    }
    if (latest.size === 0) return 0;
    if (options.batch !== false && latest.size >= SYNC_BATCH_THRESHOLD) {
      await this.sync.addBulk(syncBatchJobs([...latest.values()]));
      return latest.size;
    }
    await this.sync.addBulk(
      [...latest.entries()].map(([key, change]) => ({
        name: SYNC_JOB_NAMES[change.entity],
        data: { id: change.entityId, version: change.version, change_id: change.id } satisfies SyncDesignerJob,
        opts: { deduplication: { id: key, keepLastIfActive: true } },
      })),
    );
    return latest.size;
  }

  /**
   * Starts a rebuild, or returns the one of the same target still waiting or running: pressing the
   * button twice does not queue two rebuilds.
   */
  enqueueReindex(target: ReindexTarget): Promise<string> {
    return this.addRebuild(target, { deduplication: { id: `reindex:${target}` } });
  }

  /**
   * A rebuild that takes over an outbox backlog (ChangeLogRepository.handOverBacklog). It may join a
   * hand-over rebuild still waiting, which takes its snapshot later, but never one already running,
   * whose snapshot may predate the changes: then it runs after it. It retries as long as row syncs do,
   * since the changes it took over are in no other job.
   */
  enqueueBacklogRebuild(target: ReindexTarget): Promise<string> {
    return this.addRebuild(target, {
      attempts: SYNC_JOB_OPTIONS.attempts!,
      deduplication: { id: `backlog-rebuild:${target}`, keepLastIfActive: true },
    });
  }

  private async addRebuild(target: ReindexTarget, options: JobsOptions): Promise<string> {
    const job = await this.maintenance.add(JOB_NAMES.reindex, { target }, { jobId: `reindex-${randomUUID()}`, ...options });
    return job.id!;
  }

  /** The expiry sweep on a BullMQ job scheduler: one scheduler however many workers upsert it. */
  async scheduleExpiry(everyMs: number): Promise<void> {
    await this.maintenance.upsertJobScheduler(
      EXPIRE_SCHEDULER_ID,
      { every: everyMs },
      {
        name: JOB_NAMES.expireOpenRoles,
        data: {},
        opts: { attempts: 3, backoff: { type: BACKOFF_TYPE }, removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } },
      },
    );
  }

  async getJob(id: string): Promise<JobView | null> {
    for (const queue of [this.maintenance, this.sync]) {
      // State first: a job read before its state could show "failed" with the data of its active run.
      const state = await queue.getJobState(id);
      if (state === 'unknown') continue;
      const job = await queue.getJob(id);
      if (job) return toView(job, queue.name as QueueName, state);
    }
    return null;
  }

  async counts(): Promise<QueueCounts> {
    const types = ['waiting', 'active', 'delayed', 'prioritized', 'failed', 'completed'] as const;
    return {
      sync: await this.sync.getJobCounts(...types),
      maintenance: await this.maintenance.getJobCounts(...types),
    };
  }

  /** Rebuilds waiting or running, then the newest finished one: what `status` reports on reindexing. */
  async reindexJobs(): Promise<JobView[]> {
    const views: JobView[] = [];
    const unfinished = ['active', 'waiting', 'delayed', 'prioritized'] as const;
    for (const job of await this.maintenance.getJobs([...unfinished], 0, 20)) {
      if (job?.name === JOB_NAMES.reindex) views.push(await toView(job as Job, QUEUE_NAMES.maintenance));
    }
    const finished = (await this.maintenance.getJobs(['completed', 'failed'], 0, 50))
      .filter((job): job is Job => job?.name === JOB_NAMES.reindex)
      .sort((a, b) => (b.finishedOn ?? 0) - (a.finishedOn ?? 0))[0];
    if (finished) views.push(await toView(finished, QUEUE_NAMES.maintenance));
    return views;
  }

  /**
   * Whether a live worker holds this active maintenance job. A worker renews its job's lock while it
   * runs; a worker that died (kill -9, out of memory) leaves the job active with a lock that lapses, and
   * only a worker that starts later moves it back to waiting and runs it again.
   */
  async heldByWorker(jobId: string): Promise<boolean> {
    return (await this.connection.exists(`${this.maintenance.toKey(jobId)}:lock`)) === 1;
  }

  /** The newest failed jobs of both queues, with their reasons. */
  async failedJobs(limit = 20): Promise<JobView[]> {
    const views: JobView[] = [];
    for (const queue of [this.sync, this.maintenance]) {
      for (const job of await queue.getFailed(0, limit - 1)) {
        if (job) views.push(await toView(job as Job, queue.name as QueueName));
      }
    }
    return views.sort((a, b) => (b.finished_at ?? '').localeCompare(a.finished_at ?? '')).slice(0, limit);
  }

  /** Moves every failed job back to waiting; returns how many there were. */
  async retryFailed(): Promise<number> {
    let retried = 0;
    for (const queue of [this.sync, this.maintenance]) {
      const failed = await queue.getFailedCount();
      if (failed === 0) continue;
      await queue.retryJobs({ state: 'failed', count: 1000 });
      retried += failed;
    }
    return retried;
  }

  async close(): Promise<void> {
    await Promise.all([this.sync.close(), this.maintenance.close()]);
  }
}

async function toView(job: Job, queue: QueueName, state?: JobState): Promise<JobView> {
  return {
    id: job.id!,
    queue,
    name: job.name,
    state: state ?? (await job.getState()),
    data: job.data,
    progress: job.progress,
    attempts_made: job.attemptsMade,
    stalled_count: job.stalledCounter ?? 0,
    failed_reason: job.failedReason || null,
    result: job.returnvalue ?? null,
    created_at: new Date(job.timestamp).toISOString(),
    finished_at: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
  };
}

/** Queues over their own producer connection, for processes that only enqueue and inspect (CLI, API). */
export function connectIngestQueues(
  redisUrl: string,
  prefix: string,
  onError: (error: Error) => void = () => undefined,
): { queues: IngestQueues; close(): Promise<void> } {
  const redis = createRedisConnection(redisUrl, 'producer');
  redis.on('error', () => undefined); // reported through the queues' error events
  const queues = new IngestQueues(redis, prefix, onError);
  return {
    queues,
    async close() {
      await queues.close().catch(() => undefined);
      redis.disconnect();
    },
  };
}
