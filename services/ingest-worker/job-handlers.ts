import { type Job, UnrecoverableError } from 'bullmq';
import pLimit from 'p-limit';
import { z } from 'zod';
import { expireOpenRoles } from '../../shared/ingest/jobs/expire-open-roles.job.ts';
import { JOB_NAMES } from '../../shared/ingest/jobs/ingest-job-names.ts';
import { IndexWriteError } from '../../shared/ingest/jobs/ingest-job.errors.ts';
import { ExpireOpenRolesJobSchema, ReindexJobSchema } from '../../shared/ingest/jobs/maintenance-job.schema.ts';
import { type ReindexOptions, reindex } from '../../shared/ingest/jobs/reindex.job.ts';
import { syncBatch } from '../../shared/ingest/jobs/sync-batch.job.ts';
import { SyncBatchJobSchema } from '../../shared/ingest/jobs/sync-batch-job.schema.ts';
import { syncDesigner } from '../../shared/ingest/jobs/sync-row.job.ts';
import type { SyncOutcome } from '../../shared/ingest/jobs/sync-entity.job.ts';
import { SyncDesignerJobSchema, SyncOpenRoleJobSchema } from '../../shared/ingest/jobs/sync-job.schema.ts';
import { syncOpenRole } from '../../shared/ingest/jobs/sync-row.job.ts';
import type { IngestContext } from '../../shared/ingest/runtime/ingest-context.ts';
import { ingestPorts } from '../../shared/ingest/runtime/ingest-ports.ts';
import type { JobHandlers } from '../../shared/ingest/runtime/ingest-worker.factory.ts';

/** A payload that does not parse will never parse: fail at once, with the reason on the job. */
function parsePayload<S extends z.ZodType>(schema: S, job: Job): z.output<S> {
  const result = schema.safeParse(job.data);
  if (!result.success) throw new UnrecoverableError(`Invalid ${job.name} payload: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** Retrying cannot help a document Elasticsearch refused, or a row whose data cannot be listed. */
async function mapSync(run: Promise<SyncOutcome>): Promise<SyncOutcome> {
  let outcome: SyncOutcome;
  try {
    outcome = await run;
  } catch (error) {
    if (error instanceof IndexWriteError && error.permanent) throw new UnrecoverableError(error.message);
    throw error;
  }
  if (outcome.state === 'invalid') throw new UnrecoverableError(`${outcome.reason ?? 'invalid row'} (its document was removed)`);
  return outcome;
}

/**
 * Loads that hold rows and documents in bulk (batch jobs and rebuilds) at once, whatever WORKER_CONCURRENCY
 * is (it sizes the single-row jobs, which hold one row each): a burst of batches queues here, holding only
 * its payload (ids), instead of loading SYNC_BATCH_SIZE rows per worker slot. A rebuild takes a slot too,
 * for as long as it runs: a first sync hands the relay's first claims to batch jobs and the rest of the
 * backlog to a rebuild, and how many claims come first depends on the machine's speed, so without a
 * shared bound a slow machine would hold two batches and a rebuild at once. Two keep Elasticsearch busy.
 */
export const BULK_LOADS_AT_ONCE = 2;

export interface JobHandlerHooks {
  /**
   * Watches each rebuild's phases and progress. The worker runs none; the crash tests' worker entry
   * (test/ingest/support/paused-worker.main.ts) stops a rebuild at a known step through it.
   */
  reindexObserver?: (signal: AbortSignal | undefined) => Pick<ReindexOptions, 'onPhase' | 'onAdvance'>;
}

export function createJobHandlers(ctx: IngestContext, hooks: JobHandlerHooks = {}): JobHandlers {
  const ports = ingestPorts(ctx);
  const bulkLoads = pLimit(BULK_LOADS_AT_ONCE);
  return {
    [JOB_NAMES.syncDesigner]: (job) => mapSync(syncDesigner(ports, parsePayload(SyncDesignerJobSchema, job))),
    [JOB_NAMES.syncOpenRole]: (job) => mapSync(syncOpenRole(ports, parsePayload(SyncOpenRoleJobSchema, job))),
    [JOB_NAMES.syncBatch]: (job) => {
      const payload = parsePayload(SyncBatchJobSchema, job);
      return bulkLoads(() => syncBatch(ports, payload));
    },
    [JOB_NAMES.reindex]: (job, signal) => {
      const { target } = parsePayload(ReindexJobSchema, job);
      return bulkLoads(() =>
        reindex(ports, target, {
          onProgress: (progress) => job.updateProgress(progress),
          ...(signal ? { signal } : {}),
          ...hooks.reindexObserver?.(signal),
        }),
      );
    },
    [JOB_NAMES.expireOpenRoles]: (job) => {
      parsePayload(ExpireOpenRolesJobSchema, job);
      return expireOpenRoles(ports, new Date());
    },
  };
}
