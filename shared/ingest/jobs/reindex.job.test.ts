import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logging/logger.ts';
import type { IndexKind } from '../../search/elasticsearch/index-names.ts';
import { InMemoryChangeLog } from '../ports/fakes/in-memory-change-log.test-support.ts';
import { VersionClock } from '../ports/fakes/in-memory-rows.test-support.ts';
import { InMemorySearch } from '../ports/fakes/in-memory-search.test-support.ts';
import { designer, designerRows, openRole, openRoleRows } from '../ports/fakes/ingest-fixtures.ts';
import type { RebuildLock } from '../ports/rebuild-lock.port.ts';
import { IndexWriteError } from './ingest-job.errors.ts';
import type { ReindexProgress } from './maintenance-job.schema.ts';
import { reindex, type ReindexOptions, type ReindexPhase } from './reindex.job.ts';

class SimulatedCrash extends Error {}

/** A store, its outbox and a search cluster in memory; store edits record their change as the triggers do. */
function world() {
  const clock = new VersionClock();
  const designers = designerRows(clock);
  const openRoles = openRoleRows(clock);
  const changes = new InMemoryChangeLog();
  const search = new InMemorySearch();
  const held = new Set<IndexKind>();
  const locked: IndexKind[] = [];
  const lock: RebuildLock = {
    async withLock(kind, run) {
      if (held.has(kind)) throw new Error(`${kind} rebuilds must not overlap`);
      held.add(kind);
      locked.push(kind);
      try {
        return await run();
      } finally {
        held.delete(kind);
      }
    },
  };
  const deps = { lock, changes, designers, openRoles, indices: search, writer: search, logger: createLogger('silent', 'reindex-test') };
  const edit = {
    designer(id: string, name?: string) {
      const d = designers.put(designer(id, name));
      changes.record('designer', id, d.version);
      return d.version;
    },
    unlistDesigner(id: string) {
      const version = designers.unlist(id);
      changes.record('designer', id, version);
      return version;
    },
    removeDesigner(id: string) {
      const version = designers.remove(id);
      changes.record('designer', id, version);
      return version;
    },
    openRole(id: string) {
      const r = openRoles.put(openRole(id));
      changes.record('open_role', id, r.version);
      return r.version;
    },
  };
  const run = (options: ReindexOptions = {}, target: 'designers' | 'open-roles' | 'all' = 'designers') => reindex(deps, target, options);
  /** What the public alias serves, id to version. */
  const served = (kind: IndexKind = 'designers') => search.live(search.names[kind]);
  return { clock, designers, openRoles, changes, search, held, locked, edit, run, served };
}

describe('reindex', () => {
  it('confirms every change of its kind it loaded or replayed, and leaves the other kind and later changes unconfirmed', async () => {
    const w = world();
    w.edit.designer('a');
    const role = w.edit.openRole('r');
    let late = 0;
    await w.run({
      onPhase: (_kind, phase) => {
        if (phase === 'replaying') w.edit.designer('b');
        if (phase === 'done') late = w.edit.designer('c');
      },
    });
    expect(w.changes.unconfirmed()).toEqual([`open_role:r@${role}`, `designer:c@${late}`]);
  });

  it('builds the next index from every listed row, swaps the alias to it, and keeps the previous one for rollback', async () => {
    const w = world();
    await w.search.ensureIndices();
    const v1 = (await w.search.currentIndex('designers'))!;
    // The old index is out of step: a document whose row is gone, and an old version of a row.
    await w.search.indexDesigners([{ ...designer('zombie'), version: 1 }, { ...designer('a'), version: 1 }]);
    const a = w.edit.designer('a', 'Current');
    const b = w.edit.designer('b');
    w.edit.designer('c');
    w.edit.unlistDesigner('c');
    w.edit.designer('d');
    w.designers.corrupt('d', 'no slug');

    const result = await w.run();
    const v2 = (await w.search.currentIndex('designers'))!;
    expect(v2).not.toBe(v1);
    expect(result).toMatchObject({ target: 'designers', kinds: [{ kind: 'designers', index: v2, previous: v1, pruned: [], discarded: [], indexed: 2, invalid: 1, replayed: 0 }] });
    expect(w.served()).toEqual(new Map([['a', a], ['b', b]]));
    expect((await w.search.listVersions('designers')).map((v) => v.index)).toEqual([v1, v2]);
    expect(w.search.refreshSuspended).toEqual(new Set());
  });

  it('replays changes the snapshot could not see: rows read before they changed, and rows removed or added after the stream', async () => {
    const w = world();
    for (const id of ['a', 'b', 'c', 'd']) w.edit.designer(id);
    const after: Record<string, number> = {};
    let atSwap = new Map<string, number>();
    const result = await w.run({
      // Once the stream has read every row, the curators go on editing.
      onAdvance: (_kind, done, total) => {
        if (done !== total) return;
        after.b = w.edit.designer('b', 'Edited during the load');
        after.c = w.edit.removeDesigner('c');
        after.d = w.edit.unlistDesigner('d');
        after.e = w.edit.designer('e');
      },
      // Readers get the new index at the swap: it must be in step by then, not only after the catch-up.
      onPhase: async (kind, phase) => {
        if (phase === 'swapping') atSwap = w.search.live((await w.search.partialVersions(kind))[0]!);
      },
    });
    // Both passes, before and after the swap, re-read everything changed since the snapshot.
    expect(result.kinds[0]).toMatchObject({ indexed: 4, replayed: 8 });
    const a = (await w.designers.load('a')).version;
    expect(w.served()).toEqual(new Map([['a', a], ['b', after.b], ['e', after.e]]));
    expect(atSwap).toEqual(w.served());
    // The gone row's delete is in the new index at its delete's version: a late write of it cannot land.
    expect(w.search.entry(w.search.names.designers, 'c')).toEqual({ version: after.c, live: false });
  });

  it('holds the alias on the complete previous index until the swap, and catches up on changes written to it meanwhile', async () => {
    const w = world();
    w.edit.designer('a');
    w.edit.designer('b');
    await w.run();
    const previous = (await w.search.currentIndex('designers'))!;
    const seen: Partial<Record<ReindexPhase, string | null>> = {};
    let edited = 0;
    const result = await w.run({
      onPhase: async (_kind, phase) => {
        seen[phase] = await w.search.currentIndex('designers');
        if (phase === 'swapping') {
          // A sync job between the replay and the swap writes to the old index only.
          edited = w.edit.designer('a', 'Edited before the swap');
          await w.search.indexDesigners([{ ...designer('a', 'Edited before the swap'), version: edited }]);
        }
      },
    });
    const next = result.kinds[0]!.index;
    expect(seen).toMatchObject({ loading: previous, replaying: previous, swapping: previous, 'catching-up': next, done: next });
    expect(result.kinds[0]).toMatchObject({ previous, replayed: 1 });
    expect(w.served().get('a')).toBe(edited);
  });

  for (const crashAt of ['loading', 'replaying', 'swapping'] as const) {
    it(`never moves the alias when the rebuild dies at "${crashAt}"; the next run removes the half-built index and completes`, async () => {
      const w = world();
      for (const id of ['a', 'b', 'c']) w.edit.designer(id);
      await w.run();
      const before = (await w.search.currentIndex('designers'))!;
      const crash = new SimulatedCrash(crashAt);
      await expect(
        w.run({
          onPhase: (_kind, phase) => {
            if (phase === crashAt) throw crash;
          },
        }),
      ).rejects.toBe(crash);
      expect(await w.search.currentIndex('designers')).toBe(before);
      const partial = await w.search.partialVersions('designers');
      expect(partial).toHaveLength(1);

      w.edit.designer('d');
      const rerun = await w.run();
      expect(rerun.kinds[0]).toMatchObject({ discarded: partial, previous: before });
      expect(await w.search.currentIndex('designers')).toBe(rerun.kinds[0]!.index);
      expect((await w.search.listVersions('designers')).map((v) => v.index)).toEqual([before, rerun.kinds[0]!.index]);
      expect([...w.served().keys()]).toEqual(['a', 'b', 'c', 'd']);
    });
  }

  it('a death just after the swap leaves the alias on the complete new index; the next run keeps it as the rollback copy', async () => {
    const w = world();
    w.edit.designer('a');
    const crash = new SimulatedCrash('catching-up');
    await expect(
      w.run({
        onPhase: (_kind, phase) => {
          if (phase === 'catching-up') throw crash;
        },
      }),
    ).rejects.toBe(crash);
    const swapped = (await w.search.currentIndex('designers'))!;
    expect(w.served()).toEqual(new Map([['a', (await w.designers.load('a')).version]]));
    expect(await w.search.partialVersions('designers')).toEqual([]);

    const rerun = await w.run();
    expect(rerun.kinds[0]).toMatchObject({ previous: swapped, discarded: [] });
  });

  it('a second rebuild keeps the first one\'s index for rollback and prunes the older ones', async () => {
    const w = world();
    w.edit.designer('a');
    await w.search.ensureIndices();
    const original = (await w.search.currentIndex('designers'))!;
    const first = await w.run();
    const second = await w.run();
    expect(second.kinds[0]).toMatchObject({ previous: first.kinds[0]!.index, pruned: [original] });
    expect((await w.search.listVersions('designers')).map((v) => v.index)).toEqual([first.kinds[0]!.index, second.kinds[0]!.index]);
  });

  it('fails, alias untouched, when the new index drops a document during the load or the replay', async () => {
    const w = world();
    w.edit.designer('a');
    w.edit.designer('b');
    await w.run();
    const before = await w.search.currentIndex('designers');

    w.search.refuse('b', 400, 'mapper_parsing_exception');
    const loading = await w.run().catch((e: unknown) => e);
    expect(loading).toBeInstanceOf(IndexWriteError);
    expect((loading as Error).message).toMatch(/^1 documents were dropped writing test_designers_v3 \(first: b: mapper_parsing_exception\)$/);
    expect(await w.search.currentIndex('designers')).toBe(before);

    w.search.refusals.clear();
    const replaying = await w
      .run({
        onAdvance: () => {
          w.edit.removeDesigner('a');
          w.search.refuse('a', 503, 'unavailable');
        },
      })
      .catch((e: unknown) => e);
    expect(replaying).toBeInstanceOf(IndexWriteError);
    expect(await w.search.currentIndex('designers')).toBe(before);
  });

  it('stops when its job is cancelled, alias untouched', async () => {
    const w = world();
    for (const id of ['a', 'b', 'c']) w.edit.designer(id);
    await w.search.ensureIndices();
    const before = await w.search.currentIndex('designers');
    const controller = new AbortController();
    const cancelled = new Error('the worker is shutting down');
    await expect(
      w.run({ signal: controller.signal, onAdvance: (_kind, done) => void (done === 2 && controller.abort(cancelled)) }),
    ).rejects.toBe(cancelled);
    expect(await w.search.currentIndex('designers')).toBe(before);
  });

  it('rebuilds each kind of "all" under that kind\'s lock, one after the other', async () => {
    const w = world();
    w.edit.designer('a');
    w.edit.openRole('r1');
    const phases: string[] = [];
    const result = await w.run(
      {
        onPhase: (kind, phase) => {
          phases.push(`${kind} ${phase} ${w.held.has(kind) ? 'locked' : 'unlocked'}`);
        },
      },
      'all',
    );
    expect(w.locked).toEqual(['designers', 'openRoles']);
    expect(result.kinds.map((k) => k.kind)).toEqual(['designers', 'openRoles']);
    expect(phases).toEqual(
      ['designers', 'openRoles'].flatMap((kind) => ['loading', 'replaying', 'swapping', 'catching-up', 'done'].map((p) => `${kind} ${p} locked`)),
    );
    expect(w.served('openRoles')).toEqual(new Map([['r1', (await w.openRoles.load('r1')).version]]));
  });

  it('rebuilds only the kind asked for', async () => {
    const w = world();
    w.edit.designer('a');
    w.edit.openRole('r1');
    await w.search.ensureIndices();
    const designersBefore = await w.search.currentIndex('designers');
    const result = await w.run({}, 'open-roles');
    expect(result.kinds.map((k) => k.kind)).toEqual(['openRoles']);
    expect(await w.search.currentIndex('designers')).toBe(designersBefore);
    expect(w.locked).toEqual(['openRoles']);
  });

  it('reports its progress in order, ending done with every document counted; a failing report never fails the rebuild', async () => {
    const w = world();
    for (const id of ['a', 'b', 'c']) w.edit.designer(id);
    w.edit.openRole('r1');
    const reports: ReindexProgress[] = [];
    let calls = 0;
    await w.run(
      {
        progressEveryMs: 0,
        onProgress: (p) => {
          calls += 1;
          if (calls === 2) throw new Error('Redis went away');
          reports.push(p);
        },
      },
      'all',
    );
    expect(reports[0]).toMatchObject({ target: 'all', kind: 'designers', phase: 'waiting-for-lock', done: 0, total: 4 });
    expect(reports.at(-1)).toMatchObject({ target: 'all', phase: 'done', done: 4, total: 4 });
    const done = reports.map((r) => r.done);
    expect(done).toEqual([...done].sort((x, y) => x - y));
  });
  it('holds one progress report behind a slow one, not one per tick: the newest replaces any unsent one', async () => {
    const w = world();
    for (let i = 0; i < 200; i += 1) w.edit.designer(`d${String(i).padStart(3, '0')}`);
    const sent: ReindexProgress[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const run = w.run(
      {
        progressEveryMs: 0,
        onProgress: async (p) => {
          sent.push(p);
          await slow;
        },
      },
      'designers',
    );
    // The first report is still being sent while the whole rebuild runs (200 ticks, and its phases).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
    release();
    await run;
    // The one in flight, then only the newest of everything reported meanwhile.
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ phase: 'done', done: 200, total: 200 });
  });
});
