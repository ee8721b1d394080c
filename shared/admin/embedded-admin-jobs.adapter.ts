import { randomUUID } from 'node:crypto';
import { JOB_NAMES } from '../ingest/jobs/ingest-job-names.ts';
import type { ReindexTarget } from '../ingest/jobs/maintenance-job.schema.ts';
import { reindexKinds } from '../ingest/jobs/reindex.job.ts';
import { rebuildSearchText } from '../search/postgres/search-text.writer.ts';
import type { Db } from '../store/db.ts';
import type { AdminJob } from './admin-job.schema.ts';
import { type AdminJobsPort, AdminJobsUnsupportedError } from './admin-jobs.port.ts';

/** Jobs of this process only: the embedded mode is one process with no queue. */
export const KEEP_EMBEDDED_JOBS = 50;

/** Why the queue-only operations (retrying failed jobs, the dashboard) answer 503 in the embedded mode. */
export const EMBEDDED_ADMIN_LIMITS = 'This server runs without a job queue (REDIS_URL is not set): only reindex and jobs are offered.';

export interface EmbeddedAdminJobsOptions {
  rebuild?: typeof rebuildSearchText;
  now?: () => Date;
  newId?: () => string;
}

/**
 * Admin jobs of the embedded mode (no Redis, search on the store): a reindex recomputes the Postgres
 * search text at once and is recorded as a finished job, so curators use the same calls as with the
 * queue. Nothing ever fails in the background, so there is nothing to retry.
 */
export class EmbeddedAdminJobs implements AdminJobsPort {
  private readonly jobs = new Map<string, AdminJob>();
  private readonly rebuild: typeof rebuildSearchText;
  private readonly now: () => Date;
  private readonly newId: () => string;

  constructor(
    private readonly db: Db,
    options: EmbeddedAdminJobsOptions = {},
  ) {
    this.rebuild = options.rebuild ?? rebuildSearchText;
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => `reindex-${randomUUID()}`);
  }

  /** Runs the rebuild before answering; a failure is recorded as a failed job and thrown. */
  async enqueueReindex(target: ReindexTarget): Promise<string> {
    const base = {
      id: this.newId(),
      queue: null,
      name: JOB_NAMES.reindex,
      target,
      data: { target },
      attempts_made: 1,
      stalled_count: 0,
      created_at: this.now().toISOString(),
    };
    try {
      const kinds = reindexKinds(target);
      const done = await this.rebuild(this.db, { designers: kinds.includes('designers'), openRoles: kinds.includes('openRoles') });
      const total = done.designers + done.openRoles;
      this.remember({
        ...base,
        state: 'completed',
        progress: { done: total, total },
        failed_reason: null,
        result: { designers: done.designers, open_roles: done.openRoles },
        finished_at: this.now().toISOString(),
      });
    } catch (error) {
      this.remember({
        ...base,
        state: 'failed',
        progress: { done: 0, total: 0 },
        failed_reason: (error as Error).message,
        result: null,
        finished_at: this.now().toISOString(),
      });
      throw error;
    }
    return base.id;
  }

  async getJob(id: string): Promise<AdminJob | null> {
    return this.jobs.get(id) ?? null;
  }

  async retryFailed(): Promise<number> {
    throw new AdminJobsUnsupportedError(EMBEDDED_ADMIN_LIMITS);
  }

  private remember(job: AdminJob): void {
    this.jobs.set(job.id, job);
    for (const id of this.jobs.keys()) {
      if (this.jobs.size <= KEEP_EMBEDDED_JOBS) break;
      this.jobs.delete(id);
    }
  }
}
