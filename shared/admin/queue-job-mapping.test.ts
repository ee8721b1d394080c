import { describe, expect, it } from 'vitest';
import { AdminJobSchema } from './admin-job.schema.ts';
import { jobView } from './job-view.test-support.ts';
import { toAdminJob } from './queue-job-mapping.ts';


const progress = { target: 'all', kind: 'openRoles', phase: 'loading', done: 1200, total: 1500, rate: 900.5, elapsed_ms: 1333 };
const result = {
  target: 'all',
  kinds: [
    { kind: 'designers', index: 'dd_designers_v2', previous: 'dd_designers_v1', pruned: [], discarded: [], indexed: 1000, invalid: 0, replayed: 3 },
    { kind: 'openRoles', index: 'dd_open_roles_v2', previous: null, pruned: [], discarded: [], indexed: 500, invalid: 1, replayed: 0 },
  ],
  elapsed_ms: 2100,
};
// The worker names an index by its IndexNames key; the API spells it as data is spelt.
const publicProgress = { ...progress, kind: 'open_roles' };
const publicResult = { ...result, kinds: [result.kinds[0], { ...result.kinds[1], kind: 'open_roles' }] };

describe('toAdminJob', () => {
  it('shows a running rebuild with its target and full progress report', () => {
    const job = toAdminJob(jobView({ progress }));
    expect(AdminJobSchema.parse(job)).toEqual(job);
    expect(job).toMatchObject({ queue: 'maintenance', name: 'reindex', target: 'all', progress: publicProgress, result: null });
  });

  it('adds the per-index counts of both modes to a finished rebuild, keeping the worker report', () => {
    const job = toAdminJob(jobView({ state: 'completed', progress: { ...progress, phase: 'done', done: 1500 }, result, finished_at: '2026-01-31T09:00:02.100Z' }));
    expect(AdminJobSchema.parse(job)).toEqual(job);
    expect(job.result).toEqual({ ...publicResult, designers: 1000, open_roles: 500 });
  });

  it('counts zero for an index the rebuild did not touch', () => {
    const job = toAdminJob(jobView({ data: { target: 'designers' }, result: { ...result, target: 'designers', kinds: [result.kinds[0]] } }));
    expect(job).toMatchObject({ target: 'designers', result: { designers: 1000, open_roles: 0 } });
  });

  it('has no progress before the first report (BullMQ starts at 0) and none for a row sync', () => {
    expect(toAdminJob(jobView({ state: 'waiting' })).progress).toBeNull();
    const sync = toAdminJob(
      jobView({
        id: '42',
        queue: 'sync',
        name: 'sync-designer',
        state: 'completed',
        data: { id: 'd1', version: 3, change_id: 9 },
        attempts_made: 1,
        result: { action: 'indexed', version: 3, stale: false, state: 'listed' },
        finished_at: '2026-01-31T09:00:01.000Z',
      }),
    );
    expect(AdminJobSchema.parse(sync)).toEqual(sync);
    expect(sync).toMatchObject({ target: null, progress: null, result: { action: 'indexed', version: 3 } });
  });

  it('keeps the reason of a failed job and a result that is not a rebuild report out of the rebuild shape', () => {
    const job = toAdminJob(jobView({ state: 'failed', failed_reason: 'Elasticsearch refused', attempts_made: 3, result: 'odd' }));
    expect(AdminJobSchema.parse(job)).toEqual(job);
    expect(job).toMatchObject({ state: 'failed', failed_reason: 'Elasticsearch refused', result: null });
  });
});
