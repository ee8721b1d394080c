import { ServiceUnavailableError } from '../domain/errors.ts';
import type { IngestQueues } from '../ingest/runtime/ingest-queues.ts';
import type { ReindexTarget } from '../ingest/jobs/maintenance-job.schema.ts';
import type { AdminJob } from './admin-job.schema.ts';
import type { AdminJobsPort } from './admin-jobs.port.ts';
import { toAdminJob } from './queue-job-mapping.ts';

export type AdminQueues = Pick<IngestQueues, 'enqueueReindex' | 'getJob' | 'retryFailed'>;

/** Where the queues come from: ready() rejects, within a bound, when Redis is away (AdminQueueConnection). */
export interface AdminQueuesSource {
  ready(): Promise<AdminQueues>;
}

/** Admin jobs on the BullMQ ingest queues; a worker process runs them. */
export class QueueAdminJobs implements AdminJobsPort {
  constructor(private readonly source: AdminQueuesSource) {}

  enqueueReindex(target: ReindexTarget): Promise<string> {
    return this.call((queues) => queues.enqueueReindex(target));
  }

  async getJob(id: string): Promise<AdminJob | null> {
    const view = await this.call((queues) => queues.getJob(id));
    return view && toAdminJob(view);
  }

  retryFailed(): Promise<number> {
    return this.call((queues) => queues.retryFailed());
  }

  /** Any failure to reach the queue means Redis is away: a 503 to retry, never a hanging request. */
  private async call<T>(operation: (queues: AdminQueues) => Promise<T>): Promise<T> {
    try {
      return await operation(await this.source.ready());
    } catch (error) {
      throw new ServiceUnavailableError('The job queue is unavailable; try again shortly.', { cause: error });
    }
  }
}
