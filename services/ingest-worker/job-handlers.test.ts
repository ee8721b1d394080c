import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { JOB_NAMES } from '../../shared/ingest/jobs/ingest-job-names.ts';
import { InMemoryChangeLog } from '../../shared/ingest/ports/fakes/in-memory-change-log.test-support.ts';
import { designer, designerRows, openRoleRows } from '../../shared/ingest/ports/fakes/ingest-fixtures.ts';
import { VersionClock } from '../../shared/ingest/ports/fakes/in-memory-rows.test-support.ts';
import { InMemorySearch } from '../../shared/ingest/ports/fakes/in-memory-search.test-support.ts';
import type { IngestContext } from '../../shared/ingest/runtime/ingest-context.ts';
import { BATCH_JOBS_AT_ONCE, createJobHandlers } from './job-handlers.ts';

describe('job handlers', () => {
  it(`hold the rows of at most ${BATCH_JOBS_AT_ONCE} batch jobs at once, however many the worker runs`, async () => {
    const clock = new VersionClock();
    const rows = designerRows(clock);
    for (let i = 0; i < 8; i += 1) rows.put(designer(`d${i}`));
    let reading = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const designers = Object.assign(Object.create(rows) as typeof rows, {
      loadMany: async (ids: readonly string[]) => {
        reading += 1;
        most = Math.max(most, reading);
        await gate;
        reading -= 1;
        return rows.loadMany(ids);
      },
    });
    // Only what a batch job touches; the rest of the context is never reached.
    const context = { designers, openRoles: openRoleRows(clock), writer: await InMemorySearch.ready(), changeLog: new InMemoryChangeLog() } as unknown as IngestContext;
    const handlers = createJobHandlers(context);
    const jobs = Array.from({ length: 8 }, (_, i) =>
      handlers[JOB_NAMES.syncBatch]({ name: JOB_NAMES.syncBatch, data: { entity: 'designer', items: [{ id: `d${i}`, version: 1, change_id: i + 1 }] } } as Job),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reading).toBe(BATCH_JOBS_AT_ONCE);
    release();
    await Promise.all(jobs);
    expect(most).toBe(BATCH_JOBS_AT_ONCE);
  });
});
