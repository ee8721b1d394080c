import { type Job, UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { expireOpenRoles } from '../../shared/ingest/expire-open-roles.job.ts';
import type { IngestContext } from '../../shared/ingest/ingest-context.ts';
import { JOB_NAMES } from '../../shared/ingest/ingest-job-names.ts';
import type { JobHandlers } from '../../shared/ingest/ingest-worker.factory.ts';
import { ExpireOpenRolesJobSchema, ReindexJobSchema } from '../../shared/ingest/maintenance-job.schema.ts';
import { reindex } from '../../shared/ingest/reindex.job.ts';
import { reindexTestPause } from '../../shared/ingest/reindex-test-pause.ts';
import { syncBatch } from '../../shared/ingest/sync-batch.job.ts';
import { SyncBatchJobSchema } from '../../shared/ingest/sync-batch-job.schema.ts';
import { syncDesigner } from '../../shared/ingest/sync-designer.job.ts';
import { IndexWriteError, type SyncOutcome } from '../../shared/ingest/sync-entity.ts';
import { SyncDesignerJobSchema, SyncOpenRoleJobSchema } from '../../shared/ingest/sync-job.schema.ts';
import { syncOpenRole } from '../../shared/ingest/sync-open-role.job.ts';

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

export interface JobHandlerHooks {
  /** REINDEX_TEST_PAUSE_AT: crash tests stop a rebuild at a known step (unset in production). */
  reindexTestPauseAt?: string | undefined;
}

export function createJobHandlers(ctx: IngestContext, hooks: JobHandlerHooks = {}): JobHandlers {
  return {
    [JOB_NAMES.syncDesigner]: (job) => mapSync(syncDesigner(ctx, parsePayload(SyncDesignerJobSchema, job))),
    [JOB_NAMES.syncOpenRole]: (job) => mapSync(syncOpenRole(ctx, parsePayload(SyncOpenRoleJobSchema, job))),
    [JOB_NAMES.syncBatch]: (job) =>
      syncBatch(
        { ...ctx, handOff: (changes) => ctx.queues.enqueueChanges(changes, { batch: false }) },
        parsePayload(SyncBatchJobSchema, job),
      ),
    [JOB_NAMES.reindex]: (job, signal) =>
      reindex(ctx, parsePayload(ReindexJobSchema, job).target, {
        onProgress: (progress) => job.updateProgress(progress),
        ...(signal ? { signal } : {}),
        ...reindexTestPause(hooks.reindexTestPauseAt, signal),
      }),
    [JOB_NAMES.expireOpenRoles]: (job) => {
      parsePayload(ExpireOpenRolesJobSchema, job);
      return expireOpenRoles(ctx, new Date());
    },
  };
}
