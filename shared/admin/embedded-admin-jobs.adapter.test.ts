import { describe, expect, it } from 'vitest';
import type { Db } from '../store/db.ts';
import { AdminJobSchema } from './admin-job.schema.ts';
import { AdminJobsUnsupportedError } from './admin-jobs.port.ts';
import { EMBEDDED_ADMIN_LIMITS, EmbeddedAdminJobs, KEEP_EMBEDDED_JOBS } from './embedded-admin-jobs.adapter.ts';

const db = {} as Db;
const clock = () => {
  let t = Date.parse('2026-01-31T09:00:00Z');
  return () => new Date((t += 1000));
};

describe('EmbeddedAdminJobs', () => {
  it('runs the rebuild of the target before answering, and records it as a completed job', async () => {
    const calls: unknown[] = [];
    const jobs = new EmbeddedAdminJobs(db, {
      now: clock(),
      rebuild: async (_db, target) => {
        calls.push(target);
        return { designers: target.designers ? 500 : 0, openRoles: target.openRoles ? 20 : 0 };
      },
    });
    const id = await jobs.enqueueReindex('designers');
    expect(calls).toEqual([{ designers: true, openRoles: false }]);
    const job = await jobs.getJob(id);
    expect(AdminJobSchema.parse(job)).toEqual(job);
    expect(job).toEqual({
      id,
      queue: null,
      name: 'reindex',
      state: 'completed',
      target: 'designers',
      data: { target: 'designers' },
      progress: { done: 500, total: 500 },
      attempts_made: 1,
      stalled_count: 0,
      failed_reason: null,
      result: { designers: 500, open_roles: 0 },
      created_at: '2026-01-31T09:00:01.000Z',
      finished_at: '2026-01-31T09:00:02.000Z',
    });
    await jobs.enqueueReindex('all');
    await jobs.enqueueReindex('open-roles');
    expect(calls.slice(1)).toEqual([
      { designers: true, openRoles: true },
      { designers: false, openRoles: true },
    ]);
  });

  it('records a failed rebuild with its reason, and throws it', async () => {
    const jobs = new EmbeddedAdminJobs(db, { rebuild: () => Promise.reject(new Error('disk full')), newId: () => 'reindex-x' });
    await expect(jobs.enqueueReindex('all')).rejects.toThrow('disk full');
    expect(AdminJobSchema.parse(await jobs.getJob('reindex-x'))).toMatchObject({
      state: 'failed',
      failed_reason: 'disk full',
      result: null,
      target: 'all',
      finished_at: expect.any(String),
    });
  });

  it('keeps the newest jobs only, and knows no other id', async () => {
    const jobs = new EmbeddedAdminJobs(db, { rebuild: async () => ({ designers: 1, openRoles: 1 }) });
    const ids: string[] = [];
    for (let i = 0; i < KEEP_EMBEDDED_JOBS + 2; i++) ids.push(await jobs.enqueueReindex('all'));
    expect(await jobs.getJob(ids[0]!)).toBeNull();
    expect(await jobs.getJob(ids[1]!)).toBeNull();
    expect(await jobs.getJob(ids[2]!)).not.toBeNull();
    expect(await jobs.getJob(ids.at(-1)!)).not.toBeNull();
    expect(await jobs.getJob('no-such-job')).toBeNull();
  });

  it('has nothing to retry: says the operation is the queue mode\'s', async () => {
    const jobs = new EmbeddedAdminJobs(db);
    await expect(jobs.retryFailed()).rejects.toThrow(new AdminJobsUnsupportedError(EMBEDDED_ADMIN_LIMITS));
    await expect(jobs.retryFailed()).rejects.toBeInstanceOf(AdminJobsUnsupportedError);
  });
});
