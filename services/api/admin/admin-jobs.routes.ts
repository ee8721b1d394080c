import { type ErrorRequestHandler, type RequestHandler, type Response, Router } from 'express';
import {
  type AdminJobResponse,
  type ReindexAcceptedResponse,
  ReindexRequestSchema,
  type RetryFailedResponse,
} from '../../../shared/admin/admin-job.schema.ts';
import { type AdminJobsPort, AdminJobsUnsupportedError } from '../../../shared/admin/admin-jobs.port.ts';
import type { ErrorResponse } from '../../../shared/domain/envelope.schema.ts';
import { NotFoundError, parseOrThrow } from '../../../shared/domain/errors.ts';
import { otherMethods } from '../middleware/method-not-allowed.ts';
import { decodablePathParam } from '../middleware/path-param.middleware.ts';
import { jsonBody } from '../middleware/request-body.ts';

/**
 * The admin job routes over either implementation of the port (queue or embedded), behind the auth
 * guard mounted before them. Errors go on to the app's error middleware, except the port's "not in
 * this mode", answered here.
 */
export function adminJobsRouter(jobs: AdminJobsPort, basePath: string): Router {
  const router = Router();

  router
    .route('/reindex')
    .post(...jsonBody(), async (req, res) => {
      const { target } = parseOrThrow(ReindexRequestSchema, req.body ?? {});
      const jobId = await jobs.enqueueReindex(target);
      res
        .status(202)
        .location(`${basePath}/jobs/${encodeURIComponent(jobId)}`)
        .json({ success: true, data: { job_id: jobId, target } } satisfies ReindexAcceptedResponse);
    })
    .all(otherMethods('POST'));

  router.use('/jobs', decodablePathParam('id'));
  router
    .route('/jobs/:id')
    .get(async (req, res) => {
      const job = await jobs.getJob(req.params.id);
      if (!job) throw new NotFoundError(`No job ${req.params.id}.`);
      res.json({ success: true, data: job } satisfies AdminJobResponse);
    })
    .all(otherMethods('GET'));

  router
    .route('/retry-failed')
    .post(async (_req, res) => {
      const retried = await jobs.retryFailed();
      res.json({ success: true, data: { retried } } satisfies RetryFailedResponse);
    })
    .all(otherMethods('POST'));

  router.use(unsupportedError);
  return router;
}

function answerUnavailable(res: Response, message: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(503).json({ success: false, error: message } satisfies ErrorResponse);
}

const unsupportedError: ErrorRequestHandler = (error, _req, res, next) => {
  if (error instanceof AdminJobsUnsupportedError) answerUnavailable(res, error.message);
  else next(error);
};

/** Answers every request it sees with a 503 saying why (an operation this mode or server lacks). */
export function adminUnavailable(message: string): RequestHandler {
  return (_req, res) => answerUnavailable(res, message);
}

/** Every admin route answers this when the process has no queue to administer. */
export const queueNotConfigured = adminUnavailable('The job queue is not configured on this server (REDIS_URL is not set).');
