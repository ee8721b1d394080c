import type { ReindexTarget } from '../ingest/jobs/maintenance-job.schema.ts';
import type { AdminJob } from './admin-job.schema.ts';

/**
 * What the admin API does with jobs, whichever mode runs them: BullMQ queues (a worker rebuilds
 * Elasticsearch) or the embedded mode (this process recomputes the Postgres search text).
 */
export interface AdminJobsPort {
  /** Starts a rebuild of the target's search data; returns its job id. */
  enqueueReindex(target: ReindexTarget): Promise<string>;
  /** The job, or null when there is none of that id (or it has been dropped). */
  getJob(id: string): Promise<AdminJob | null>;
  /** Moves every failed job back to waiting; returns how many there were. */
  retryFailed(): Promise<number>;
}

/** The operation exists in the other mode only: nothing to retry later, so it maps to a 503 saying why. */
export class AdminJobsUnsupportedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminJobsUnsupportedError';
  }
}
