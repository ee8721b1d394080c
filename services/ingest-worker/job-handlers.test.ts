import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { JOB_NAMES } from '../../shared/ingest/jobs/ingest-job-names.ts';
import { InMemoryChangeLog } from '../../shared/ingest/ports/fakes/in-memory-change-log.test-support.ts';
import { designer, designerRows, openRoleRows } from '../../shared/ingest/ports/fakes/ingest-fixtures.ts';
import { VersionClock } from '../../shared/ingest/ports/fakes/in-memory-rows.test-support.ts';
import { InMemorySearch } from '../../shared/ingest/ports/fakes/in-memory-search.test-support.ts';
import type { IngestContext } from '../../shared/ingest/runtime/ingest-context.ts';
import { BULK_LOADS_AT_ONCE, createJobHandlers } from './job-handlers.ts';

async function gatedContext() {
  const clock = new VersionClock();
  const rows = designerRows(clock);
  for (let i = 0; i < 8; i += 1) rows.put(designer(`d${i}`));
  const probe = { reading: 0, most: 0, release: () => undefined as void };
  const gate = new Promise<void>((resolve) => (probe.release = resolve));
  const designers = Object.assign(Object.create(rows) as typeof rows, {
    loadMany: async (ids: readonly string[]) => {
      probe.reading += 1;
      probe.most = Math.max(probe.most, probe.reading);
      await gate;
      probe.reading -= 1;
      return rows.loadMany(ids);
    },
  });
  // Only what a batch job touches; the rest of the context is never reached.
  const context = { designers, openRoles: openRoleRows(clock), writer: await InMemorySearch.ready(), changeLog: new InMemoryChangeLog() } as unknown as IngestContext;
  return { context, probe };
}

const batchJob = (i: number) => ({ name: JOB_NAMES.syncBatch, data: { entity: 'designer', items: [{ id: `d${i}`, version: 1, change_id: i + 1 }] } }) as Job;

describe('job handlers', () => {
  it(`hold the rows of at most ${BULK_LOADS_AT_ONCE} batch jobs at once, however many the worker runs`, async () => {
    const { context, probe } = await gatedContext();
    const handlers = createJobHandlers(context);
    const jobs = Array.from({ length: 8 }, (_, i) => handlers[JOB_NAMES.syncBatch](batchJob(i)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(probe.reading).toBe(BULK_LOADS_AT_ONCE);
    probe.release();
    await Promise.all(jobs);
    expect(probe.most).toBe(BULK_LOADS_AT_ONCE);
  });

  it('count a rebuild among those loads: it starts only when a batch job leaves a slot', async () => {
    const { context, probe } = await gatedContext();
    let rebuilding = false;
    const handlers = createJobHandlers(context, {
      reindexObserver: () => {
        rebuilding = true;
        // Stop the rebuild at once: only its start is under test, and the fake context has no index to build.
        throw new Error('stopped by the test');
      },
    });
    const batches = Array.from({ length: BULK_LOADS_AT_ONCE }, (_, i) => handlers[JOB_NAMES.syncBatch](batchJob(i)));
    const rebuild = handlers[JOB_NAMES.reindex]({ name: JOB_NAMES.reindex, data: { target: 'designers' }, updateProgress: async () => undefined } as unknown as Job, undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(probe.reading).toBe(BULK_LOADS_AT_ONCE);
    expect(rebuilding).toBe(false);
    probe.release();
    await Promise.all(batches);
    await expect(rebuild).rejects.toThrow('stopped by the test');
    expect(rebuilding).toBe(true);
  });
});
