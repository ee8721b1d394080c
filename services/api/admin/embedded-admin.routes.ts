import { randomUUID } from 'node:crypto';
import express, { Router } from 'express';
import { NotFoundError, parseOrThrow } from '../../../shared/domain/errors.ts';
import { ReindexJobSchema, type ReindexTarget } from '../../../shared/ingest/maintenance-job.schema.ts';
import { rebuildSearchDocuments } from '../../../shared/search/postgres/search-document.store.ts';
import type { Db } from '../../../shared/store/db.ts';

interface EmbeddedJob {
  id: string;
  name: 'reindex';
  state: 'completed' | 'failed';
  target: ReindexTarget;
  progress: { done: number; total: number };
  result?: { designers: number; open_roles: number };
  failed_reason?: string;
  finished_at: string;
}

/** Jobs of this process only: the embedded mode is one process with no queue. */
const KEEP_JOBS = 50;

/**
 * Admin routes of the embedded mode (no Redis, search on the store): a reindex recomputes the Postgres
 * search text at once and is recorded as a completed job, so curators use the same two calls as with the
 * queue. Queue-only routes (retry-failed, the dashboard) answer 503 saying why.
 */
export function embeddedAdminRouter(db: Db): Router {
  const router = Router();
  const jobs = new Map<string, EmbeddedJob>();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.post('/reindex', express.json(), async (req, res) => {
    const { target } = parseOrThrow(ReindexJobSchema, req.body ?? {});
    const id = `reindex-${randomUUID()}`;
    const base = { id, name: 'reindex' as const, target, finished_at: '' };
    try {
      const done = await rebuildSearchDocuments(db, {
        designers: target !== 'open-roles',
        openRoles: target !== 'designers',
      });
      const total = done.designers + done.openRoles;
      remember(jobs, {
        ...base,
        state: 'completed',
        progress: { done: total, total },
        result: { designers: done.designers, open_roles: done.openRoles },
        finished_at: new Date().toISOString(),
      });
    } catch (error) {
      remember(jobs, { ...base, state: 'failed', progress: { done: 0, total: 0 }, failed_reason: (error as Error).message, finished_at: new Date().toISOString() });
      throw error;
    }
    res.status(202).location(`jobs/${encodeURIComponent(id)}`).json({ success: true, data: { job_id: id, target } });
  });

  router.get('/jobs/:id', (req, res) => {
    const job = jobs.get(req.params.id);
    if (!job) throw new NotFoundError(`No job ${req.params.id}.`);
    res.json({ success: true, data: job });
  });

  router.use((_req, res) => {
    res.status(503).json({
      success: false,
      error: 'This server runs without a job queue (REDIS_URL is not set): only reindex and jobs are offered.',
    });
  });
  return router;
}

function remember(jobs: Map<string, EmbeddedJob>, job: EmbeddedJob): void {
  jobs.set(job.id, job);
  for (const id of jobs.keys()) {
    if (jobs.size <= KEEP_JOBS) break;
    jobs.delete(id);
  }
}
