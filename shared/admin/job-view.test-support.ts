import type { JobView } from '../ingest/runtime/ingest-queues.ts';

/** A queue job as the admin adapters read it: a reindex of everything, active, with nothing done yet. */
export const jobView = (overrides: Partial<JobView> = {}): JobView => ({
  id: 'reindex-1',
  queue: 'maintenance',
  name: 'reindex',
  state: 'active',
  data: { target: 'all' },
  progress: 0,
  attempts_made: 0,
  stalled_count: 0,
  failed_reason: null,
  result: null,
  created_at: '2026-01-31T09:00:00.000Z',
  finished_at: null,
  ...overrides,
});
