import { beforeEach, describe, expect, it } from 'vitest';
import type { IndexedDesigner } from '../../domain/designer.schema.ts';
import type { IndexedOpenRole } from '../../domain/open-role.schema.ts';
import type { Change } from '../outbox/change.ts';
import { designer, designerRows, openRole, openRoleRows } from '../ports/fakes/ingest-fixtures.ts';
import { type InMemoryRows, VersionClock } from '../ports/fakes/in-memory-rows.test-support.ts';
import { InMemoryChangeLog } from '../ports/fakes/in-memory-change-log.test-support.ts';
import { InMemorySearch } from '../ports/fakes/in-memory-search.test-support.ts';
import { BatchWriteError } from './ingest-job.errors.ts';
import { PAGE_BYTES } from '../../store/table.reader.ts';
import { syncBatch } from './sync-batch.job.ts';
import type { SyncBatchJob } from './sync-batch-job.schema.ts';

describe('syncBatch', () => {
  let clock: VersionClock;
  let designers: InMemoryRows<IndexedDesigner>;
  let openRoles: InMemoryRows<IndexedOpenRole>;
  let search: InMemorySearch;
  let handedOff: Change[];
  let changes: InMemoryChangeLog;
  const run = (job: SyncBatchJob) => syncBatch({ designers, openRoles, writer: search, handOff: async (c) => void handedOff.push(...c), changes }, job);
  /** A batch job over these ids, as the relay builds it (change ids in order, payload version 1). */
  const batch = (entity: SyncBatchJob['entity'], ids: string[]): SyncBatchJob => ({
    entity,
    items: ids.map((id, i) => ({ id, version: 1, change_id: 100 + i })),
  });
  const live = () => search.live(search.names.designers);

  beforeEach(async () => {
    clock = new VersionClock();
    designers = designerRows(clock);
    openRoles = openRoleRows(clock);
    search = await InMemorySearch.ready();
    handedOff = [];
    changes = new InMemoryChangeLog();
  });

  it('confirms the changes of the rows it wrote, and leaves those it handed off to their own jobs', async () => {
    const a = designers.put(designer('a'));
    const b = designers.put(designer('b'));
    changes.record('designer', 'a', a.version);
    changes.record('designer', 'b', b.version);
    const gone = designers.remove('b');
    changes.record('designer', 'b', gone);
    await run(batch('designer', ['a', 'b']));
    expect(handedOff.map((c) => c.entityId)).toEqual(['b']);
    expect(changes.unconfirmed()).toEqual([`designer:b@${b.version}`, `designer:b@${gone}`]);
  });

  it('indexes listed rows and deletes unlisted ones, in one bulk request each, at each row version', async () => {
    const a = designers.put(designer('a'));
    const b = designers.put(designer('b'));
    designers.put(designer('c'));
    await run(batch('designer', ['c']));
    const unlisted = designers.unlist('c');

    const outcome = await run(batch('designer', ['a', 'b', 'c']));
    expect(outcome).toEqual({ indexed: 2, deleted: 1, stale: 0, handedOff: 0 });
    expect(live()).toEqual(new Map([['a', a.version], ['b', b.version]]));
    expect(search.entry(search.names.designers, 'c')).toEqual({ version: unlisted, live: false });
    expect(search.requests.slice(1)).toEqual([
      { op: 'index', index: search.names.designers, count: 2 },
      { op: 'delete', index: search.names.designers, count: 1 },
    ]);
    expect(handedOff).toEqual([]);
  });

  it('writes open roles through their own alias', async () => {
    const r = openRoles.put(openRole('r1'));
    expect(await run(batch('open_role', ['r1']))).toEqual({ indexed: 1, deleted: 0, stale: 0, handedOff: 0 });
    expect(search.live(search.names.openRoles)).toEqual(new Map([['r1', r.version]]));
    expect(live()).toEqual(new Map());
  });

  it('hands gone and invalid rows to single-row jobs, carrying the change that asked, and writes nothing for them', async () => {
    designers.put(designer('a'));
    designers.put(designer('gone'));
    designers.remove('gone');
    designers.put(designer('bad'));
    designers.corrupt('bad', 'no name');

    const outcome = await run(batch('designer', ['a', 'gone', 'bad']));
    expect(outcome).toEqual({ indexed: 1, deleted: 0, stale: 0, handedOff: 2 });
    expect(handedOff).toEqual([
      { id: 101, entity: 'designer', entityId: 'gone', op: 'update', version: 1 },
      { id: 102, entity: 'designer', entityId: 'bad', op: 'update', version: 1 },
    ]);
    expect(search.entry(search.names.designers, 'gone')).toBeUndefined();
    expect(search.entry(search.names.designers, 'bad')).toBeUndefined();
  });

  it('fails the whole batch on a transient refusal (it is retried; versioned writes make that safe) and hands nothing off', async () => {
    designers.put(designer('a'));
    designers.put(designer('b'));
    designers.put(designer('gone'));
    designers.remove('gone');
    search.refuse('b', 429, 'es_rejected_execution_exception');
    const error = await run(batch('designer', ['a', 'b', 'gone'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BatchWriteError);
    expect((error as Error).message).toBe('Elasticsearch did not take 1 of 3 writes: es_rejected_execution_exception');
    expect(handedOff).toEqual([]);
  });

  it('a transient refusal of a delete fails the batch too', async () => {
    designers.put(designer('a'));
    designers.unlist('a');
    search.refuse('a', 404, 'no such alias');
    await expect(run(batch('designer', ['a']))).rejects.toBeInstanceOf(BatchWriteError);
  });

  it('hands a document refused for good to its own job, and writes the rest', async () => {
    const a = designers.put(designer('a'));
    designers.put(designer('huge'));
    search.refuse('huge', 413, 'request entity too large');
    const outcome = await run(batch('designer', ['a', 'huge']));
    expect(outcome).toEqual({ indexed: 1, deleted: 0, stale: 0, handedOff: 1 });
    expect(handedOff.map((c) => c.entityId)).toEqual(['huge']);
    expect(live()).toEqual(new Map([['a', a.version]]));
  });

  it('leaves a row stale under a newer live document alone, and hands off one refused by a newer delete with nothing live', async () => {
    const old = designers.put(designer('newer-live'));
    await run(batch('designer', ['newer-live']));
    designers.put(designer('newer-live', 'Edited'));
    await run(batch('designer', ['newer-live']));
    // A re-insert whose version was drawn before a concurrent delete of the same id.
    designers.put(designer('reinserted'));
    await search.deleteUpTo([{ id: 'reinserted', version: clock.next() }], search.names.designers);

    const staleRead = new Map([
      ['newer-live', { state: 'listed' as const, item: old, version: old.version }],
      ['reinserted', await designers.load('reinserted')],
    ]);
    const outcome = await syncBatch(
      { designers: { loadMany: async () => staleRead }, openRoles, writer: search, handOff: async (c) => void handedOff.push(...c), changes },
      batch('designer', ['newer-live', 'reinserted']),
    );
    expect(outcome).toEqual({ indexed: 0, deleted: 0, stale: 2, handedOff: 1 });
    expect(handedOff.map((c) => c.entityId)).toEqual(['reinserted']);
  });

  it('runs twice to the same index: the second run indexes nothing and repeats the delete harmlessly', async () => {
    designers.put(designer('a'));
    designers.put(designer('b'));
    designers.unlist('b');
    const job = batch('designer', ['a', 'b']);
    await run(job);
    const before = new Map(search.indices.get((await search.currentIndex('designers'))!));
    // A delete may repeat at the same version (external_gte): it leaves the index as it was.
    expect(await run(job)).toEqual({ indexed: 0, deleted: 1, stale: 1, handedOff: 0 });
    expect(search.indices.get((await search.currentIndex('designers'))!)).toEqual(before);
  });
  it('reads and writes a batch of large rows a part at a time, each about PAGE_BYTES, with the same outcome', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => `big-${String(i).padStart(3, '0')}`);
    for (const id of ids) {
      const big = designer(id);
      big.designer.description = 'x'.repeat(20_000);
      designers.put(big);
    }
    const parts: number[] = [];
    const counting = { loadMany: (part: readonly string[]) => (parts.push(part.length), designers.loadMany(part)) };
    const outcome = await syncBatch({ designers: counting, openRoles, writer: search, handOff: async (c) => void handedOff.push(...c), changes }, batch('designer', ids));
    expect(outcome).toEqual({ indexed: 500, deleted: 0, stale: 0, handedOff: 0 });
    expect(live().size).toBe(500);
    // A first part of 50 measures the rows; then as many as fit in PAGE_BYTES (about 50 of 20 kB).
    expect(parts[0]).toBe(50);
    expect(Math.max(...parts.slice(1)) * 20_000).toBeLessThanOrEqual(PAGE_BYTES);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(500);
  });

  it('reads a batch of ordinary rows in two parts: the first 50, then the rest', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => `d-${String(i).padStart(3, '0')}`);
    for (const id of ids) designers.put(designer(id));
    const parts: number[] = [];
    const counting = { loadMany: (part: readonly string[]) => (parts.push(part.length), designers.loadMany(part)) };
    await syncBatch({ designers: counting, openRoles, writer: search, handOff: async (c) => void handedOff.push(...c), changes }, batch('designer', ids));
    expect(parts).toEqual([50, 450]);
  });
});
