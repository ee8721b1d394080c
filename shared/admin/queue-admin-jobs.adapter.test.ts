import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../domain/errors.ts';
import { AdminJobSchema } from './admin-job.schema.ts';
import { jobView } from './job-view.test-support.ts';
import { type AdminQueues, QueueAdminJobs } from './queue-admin-jobs.adapter.ts';

const waiting = jobView({ id: 'reindex-7', state: 'waiting', data: { target: 'open-roles' } });

const queues = (overrides: Partial<AdminQueues> = {}): AdminQueues => ({
  enqueueReindex: async () => 'reindex-7',
  getJob: async (id) => (id === waiting.id ? waiting : null),
  retryFailed: async () => 3,
  ...overrides,
});

describe('QueueAdminJobs', () => {
  it('passes the calls to the queues and shows their jobs in the admin shape', async () => {
    const jobs = new QueueAdminJobs({ ready: async () => queues() });
    expect(await jobs.enqueueReindex('open-roles')).toBe('reindex-7');
    const job = await jobs.getJob('reindex-7');
    expect(AdminJobSchema.parse(job)).toMatchObject({ id: 'reindex-7', state: 'waiting', target: 'open-roles', progress: null });
    expect(await jobs.getJob('nope')).toBeNull();
    expect(await jobs.retryFailed()).toBe(3);
  });

  it('turns a queue that is not there, or a failing call, into a 503 to retry, with the cause kept', async () => {
    const away = new Error('Redis is not ready');
    const unreachable = new QueueAdminJobs({ ready: () => Promise.reject(away) });
    for (const call of [() => unreachable.enqueueReindex('all'), () => unreachable.getJob('1'), () => unreachable.retryFailed()]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error).toMatchObject({ message: 'The job queue is unavailable; try again shortly.', cause: away });
    }
    const failing = new QueueAdminJobs({ ready: async () => queues({ getJob: () => Promise.reject(new Error('Command timed out')) }) });
    await expect(failing.getJob('1')).rejects.toBeInstanceOf(ServiceUnavailableError);
  });
});
