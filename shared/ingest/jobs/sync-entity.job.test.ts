import { beforeEach, describe, expect, it } from 'vitest';
import type { IndexedDesigner } from '../../domain/designer.schema.ts';
import type { WriteResult } from '../ports/document-writer.port.ts';
import type { EntitySync } from '../ports/entity-sync.port.ts';
import { designer, designerRows, openRole, openRoleRows } from '../ports/fakes/ingest-fixtures.ts';
import type { InMemoryRows } from '../ports/fakes/in-memory-rows.test-support.ts';
import { VersionClock } from '../ports/fakes/in-memory-rows.test-support.ts';
import { InMemoryChangeLog } from '../ports/fakes/in-memory-change-log.test-support.ts';
import { InMemorySearch } from '../ports/fakes/in-memory-search.test-support.ts';
import { IndexWriteError } from './ingest-job.errors.ts';
import { syncDesigner } from './sync-row.job.ts';
import { syncEntity } from './sync-entity.job.ts';
import { syncOpenRole } from './sync-row.job.ts';

describe('syncEntity, through syncDesigner', () => {
  let clock: VersionClock;
  let designers: InMemoryRows<IndexedDesigner>;
  let search: InMemorySearch;
  let changes: InMemoryChangeLog;
  const sync = (id: string, version = 0) => syncDesigner({ designers, writer: search, changes }, { id, version, change_id: 1 });
  const indexed = (id: string) => search.entry(search.names.designers, id);

  beforeEach(async () => {
    clock = new VersionClock();
    designers = designerRows(clock);
    search = await InMemorySearch.ready();
    changes = new InMemoryChangeLog();
  });

  /** Records a change in the outbox, as the store's triggers do; returns its version. */
  const recorded = (version: number, id = 'a') => {
    changes.record('designer', id, version);
    return version;
  };

  it('confirms the row\'s changes up to the version it wrote, and no newer one', async () => {
    recorded(designers.put(designer('a')).version);
    const edited = recorded(designers.unlist('a'));
    const job = sync('a');
    const later = recorded(clock.next()); // a change the job could not have read
    await job;
    expect(changes.unconfirmed()).toEqual([`designer:a@${later}`]);
    expect(edited).toBeLessThan(later);
  });

  it('confirms a gone row\'s changes up to its delete, and leaves a row that cannot be listed unconfirmed', async () => {
    recorded(designers.put(designer('a')).version);
    recorded(designers.remove('a'));
    await sync('a');
    expect(changes.unconfirmed()).toEqual([]);

    recorded(designers.put(designer('b')).version, 'b');
    const corrupted = recorded(designers.corrupt('b', 'website is not a URL'), 'b');
    await sync('b');
    expect(changes.unconfirmed()).toContain(`designer:b@${corrupted}`);
  });

  it('indexes a listed row at the row version, whatever version the payload carries', async () => {
    const row = designers.put(designer('a'));
    expect(await sync('a', 999)).toEqual({ action: 'indexed', version: row.version, stale: false, state: 'listed' });
    expect(indexed('a')).toMatchObject({ version: row.version, live: true });
  });

  it('deletes an unlisted row up to its own version, removing the document it had at that version or older', async () => {
    designers.put(designer('a'));
    await sync('a');
    const version = designers.unlist('a');
    expect(await sync('a')).toEqual({ action: 'deleted', version, stale: false, state: 'unlisted' });
    expect(indexed('a')).toMatchObject({ version, live: false });
  });

  it('deletes a row whose data cannot be listed, and says why', async () => {
    designers.put(designer('a'));
    await sync('a');
    const version = designers.corrupt('a', 'website is not a URL');
    expect(await sync('a')).toEqual({ action: 'deleted', version, stale: false, state: 'invalid', reason: 'website is not a URL' });
    expect(await search.liveIds(['a'], search.names.designers)).toEqual(new Set());
  });

  it('deletes a gone row at the version of its delete, not the payload version', async () => {
    designers.put(designer('a'));
    await sync('a');
    const deleteVersion = designers.remove('a');
    expect(await sync('a', 1)).toEqual({ action: 'deleted', version: deleteVersion, stale: false, state: 'absent' });
    expect(indexed('a')).toEqual({ version: deleteVersion, live: false });
  });

  it('falls back to the payload version for a gone row the outbox has no record of', async () => {
    expect(await sync('never-seen', 42)).toEqual({ action: 'deleted', version: 42, stale: false, state: 'absent' });
    expect(indexed('never-seen')).toEqual({ version: 42, live: false });
  });

  it('a late job for a deleted row cannot bring it back: its delete holds a version above the row', async () => {
    const old = designers.put(designer('a'));
    designers.remove('a');
    await sync('a');
    // The late job writes the old document it once read: refused by the newer delete.
    const late = await syncEntity(
      { ...ports(), load: async () => ({ state: 'listed', item: old, version: old.version }) },
      { id: 'a', version: old.version },
    );
    expect(late).toMatchObject({ action: 'indexed', stale: true, revived: false });
    expect(indexed('a')?.live).toBe(false);
  });

  it('a stale write under a newer live document leaves both the index and the row as they are', async () => {
    const old = designers.put(designer('a'));
    const current = designers.put(designer('a', 'Renamed'));
    await sync('a');
    const late = await syncEntity({ ...ports(), load: async () => ({ state: 'listed', item: old, version: old.version }) }, { id: 'a', version: 0 });
    expect(late).toEqual({ action: 'indexed', version: old.version, stale: true, state: 'listed' });
    expect(indexed('a')).toMatchObject({ version: current.version, live: true });
    expect((await designers.load('a')).version).toBe(current.version);
  });

  it('revives a listed row refused by a newer delete of its id: the row gets a version above the delete, and the next sync lands it', async () => {
    // A re-insert whose version was drawn before a concurrent delete's: the index holds the delete above it.
    const row = designers.put(designer('a'));
    const deleteVersion = clock.next();
    await search.deleteUpTo([{ id: 'a', version: deleteVersion }], search.names.designers);

    const refused = await sync('a');
    expect(refused).toEqual({ action: 'indexed', version: row.version, stale: true, state: 'listed', revived: true });
    const revived = await designers.load('a');
    expect(revived.version).toBeGreaterThan(deleteVersion);

    expect(await sync('a')).toEqual({ action: 'indexed', version: revived.version, stale: false, state: 'listed' });
    expect(indexed('a')).toMatchObject({ version: revived.version, live: true });
  });

  it('does not revive a row that changed since it was read (that change brings its own job)', async () => {
    const read = designers.put(designer('a'));
    await search.deleteUpTo([{ id: 'a', version: clock.next() }], search.names.designers);
    const changed = designers.put(designer('a', 'Edited meanwhile'));
    const outcome = await syncEntity({ ...ports(), load: async () => ({ state: 'listed', item: read, version: read.version }) }, { id: 'a', version: 0 });
    expect(outcome).toMatchObject({ stale: true, revived: false });
    expect((await designers.load('a')).version).toBe(changed.version);
  });

  it('runs twice to the same end: the second run writes nothing', async () => {
    const row = designers.put(designer('a'));
    await sync('a');
    expect(await sync('a')).toEqual({ action: 'indexed', version: row.version, stale: true, state: 'listed' });
    expect(indexed('a')).toMatchObject({ version: row.version, live: true });
  });

  it('a refused document is a permanent failure; an overloaded or missing index is not', async () => {
    designers.put(designer('a'));
    search.refuse('a', 400, 'mapper_parsing_exception');
    const permanent = await sync('a').catch((e: unknown) => e);
    expect(permanent).toBeInstanceOf(IndexWriteError);
    expect(permanent).toMatchObject({ permanent: true, message: 'Elasticsearch refused the document: mapper_parsing_exception' });

    search.refuse('a', 429, 'es_rejected_execution_exception');
    await expect(sync('a')).rejects.toMatchObject({ permanent: false });
    search.refuse('a', 413, 'too large');
    await expect(sync('a')).rejects.toMatchObject({ permanent: true });
  });

  it('a refused delete names the delete', async () => {
    designers.put(designer('a'));
    designers.unlist('a');
    search.refuse('a', 503, 'unavailable');
    await expect(sync('a')).rejects.toThrow('Elasticsearch refused the delete: unavailable');
  });

  /** The ports syncDesigner binds, for tests that replace one of them. */
  function ports(): EntitySync<IndexedDesigner> {
    return {
      load: (id) => designers.load(id),
      index: (item) => search.indexDesigners([item]),
      deleteUpTo: (id, version) => search.deleteUpTo([{ id, version }], search.names.designers),
      isIndexed: async (id) => (await search.liveIds([id], search.names.designers)).has(id),
      touch: (id, version) => designers.touch(id, version),
      confirm: (id, version) => changes.confirm('designer', [{ id, version }]),
    };
  }
});

describe('syncEntity, through syncOpenRole', () => {
  it('writes open roles through the open roles alias, and deletes an expired (unlisted) open role', async () => {
    const clock = new VersionClock();
    const openRoles = openRoleRows(clock);
    const search = await InMemorySearch.ready();
    const deps = { openRoles, writer: search, changes: new InMemoryChangeLog() };
    const row = openRoles.put(openRole('r1'));
    expect(await syncOpenRole(deps, { id: 'r1', version: 0, change_id: 1 })).toMatchObject({ action: 'indexed', version: row.version });
    expect(search.live(search.names.openRoles)).toEqual(new Map([['r1', row.version]]));
    expect(search.live(search.names.designers)).toEqual(new Map());

    const expired = openRoles.unlist('r1');
    expect(await syncOpenRole(deps, { id: 'r1', version: 0, change_id: 2 })).toMatchObject({ action: 'deleted', version: expired });
    expect(search.live(search.names.openRoles)).toEqual(new Map());
  });
});

describe('syncEntity, with its ports stubbed', () => {
  const written: WriteResult = { applied: 1, stale: 0, staleIds: [], failed: [] };
  const stale: WriteResult = { applied: 0, stale: 1, staleIds: ['x'], failed: [] };

  it('asks the index whether the id is live only after a stale write, and touches the row only when nothing is', async () => {
    const calls: string[] = [];
    const stub = (result: WriteResult, live: boolean): EntitySync<string> => ({
      load: async (id) => (calls.push(`load ${id}`), { state: 'listed', item: 'doc', version: 3 }),
      index: async (item) => (calls.push(`index ${item}`), result),
      deleteUpTo: async () => (calls.push('delete'), result),
      isIndexed: async () => (calls.push('isIndexed'), live),
      touch: async () => (calls.push('touch'), true),
      confirm: async () => void calls.push('confirm'),
    });
    await syncEntity(stub(written, true), { id: 'x', version: 1 });
    expect(calls.splice(0)).toEqual(['load x', 'index doc', 'confirm']);
    await syncEntity(stub(stale, true), { id: 'x', version: 1 });
    expect(calls.splice(0)).toEqual(['load x', 'index doc', 'isIndexed', 'confirm']);
    await syncEntity(stub(stale, false), { id: 'x', version: 1 });
    expect(calls.splice(0)).toEqual(['load x', 'index doc', 'isIndexed', 'touch']);
  });
});
