import express, { type RequestHandler, Router } from 'express';
import { BackendUnavailableError, NotFoundError, parseOrThrow } from '../../../shared/domain/errors.ts';
import type { IngestQueues } from '../../../shared/ingest/ingest-queues.ts';
import { ReindexJobSchema } from '../../../shared/ingest/maintenance-job.schema.ts';
import { bullBoardRouter } from './bull-board.router.ts';

const QUEUE_TIMEOUT_MS = 5000;

/** A queue call that does not answer in time means Redis is away: 503, never a hanging request. */
async function queueCall<T>(call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call(),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('queue call timed out')), QUEUE_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    if (error instanceof NotFoundError) throw error;
    throw new BackendUnavailableError('The job queue is unavailable; try again shortly.', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The admin API proper (behind the auth guard mounted before it). `queues` is called on first use, so
 * an API process that never sees an admin request never connects to Redis.
 */
export function adminRouter(queues: () => IngestQueues, basePath: string): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.post('/reindex', express.json(), async (req, res) => {
    const { target } = parseOrThrow(ReindexJobSchema, req.body ?? {});
    const jobId = await queueCall(() => queues().enqueueReindex(target));
    res
      .status(202)
      .location(`${basePath}/jobs/${encodeURIComponent(jobId)}`)
      .json({ success: true, data: { job_id: jobId, target } });
  });

  router.get('/jobs/:id', async (req, res) => {
    const job = await queueCall(() => queues().getJob(req.params.id));
    if (!job) throw new NotFoundError(`No job ${req.params.id}.`);
    res.json({ success: true, data: job });
  });

  router.post('/retry-failed', async (_req, res) => {
    const retried = await queueCall(() => queues().retryFailed());
    res.json({ success: true, data: { retried } });
  });

  router.use('/queues', bullBoardRouter(queues, `${basePath}/queues`));
  return router;
}

/** Every admin route answers this when the process has no queue to administer. */
export const queueNotConfigured: RequestHandler = (_req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.status(503).json({ success: false, error: 'The job queue is not configured on this server (REDIS_URL is not set).' });
};
