import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexedDesigner } from '../../shared/domain/designer.schema.ts';
import type { SourceState } from '../../shared/store/row-state.ts';
import type { Change } from '../../shared/ingest/outbox/change.ts';
import { ChangeLogRepository } from '../../shared/ingest/outbox/change-log.repository.ts';
import { syncBatch } from '../../shared/ingest/jobs/sync-batch.job.ts';
import { syncEntity } from '../../shared/ingest/jobs/sync-entity.job.ts';
import type { EntitySync } from '../../shared/ingest/ports/entity-sync.port.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { requireServices } from '../support/services.ts';
import { IngestHarness } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

/** A promise with its resolver outside: the test decides when a paused job goes on. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/**
 * Deterministic interleavings of a sync job with the writes that race it. Each test pauses a job between
 * reading the row and writing the index, commits the racing change and syncs it, then lets the paused
 * job finish: whatever the order, the index must end at the row's state.
 */
describe.skipIf(!services)('ingest: a sync job paused between its steps never loses a row', () => {
  let h: IngestHarness;
  let writer: ElasticsearchDocumentWriter;

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'interleavings');
    await h.manager.ensureIndices();
    writer = new ElasticsearchDocumentWriter(h.es, h.names);
  });

  afterAll(async () => {
    await h?.cleanup();
  });

  /** The sync ports of a designer job, with an optional pause after the row was read. */
  function designerSync(pause?: Promise<void>, onLoaded?: (state: SourceState<IndexedDesigner>) => void): EntitySync<IndexedDesigner> {
    return {
      load: async (id) => {
        const state = await h.designers.load(id);
        onLoaded?.(state);
        if (pause) await pause;
        return state;
      },
      index: (item) => writer.indexDesigners([item]),
      deleteUpTo: (id, version) => writer.deleteUpTo([{ id, version }], h.names.designers),
      isIndexed: async (id) => (await writer.liveIds([id], h.names.designers)).has(id),
      touch: (id, version) => h.designers.touch(id, version),
      confirm: (id, version) => new ChangeLogRepository(h.db).confirm('designer', [{ id, version }]),
    };
  }

  const sync = (id: string, pause?: Promise<void>, onLoaded?: (s: SourceState<IndexedDesigner>) => void) =>
    syncEntity(designerSync(pause, onLoaded), { id, version: 0 });

  /** A synced designer taken out by `out`, and a sync job paused just after it read the row out. */
  async function pausedWhileOut(out: (id: string) => Promise<void>, outState: string) {
    const id = await h.insertDesigner({ name: 'Racing' });
    await sync(id);
    await out(id);
    const paused = gate();
    let seen: SourceState<IndexedDesigner> | undefined;
    const job = sync(id, paused.wait, (state) => {
      seen = state;
    });
    await expect.poll(() => seen?.state).toBe(outState);
    return { id, paused, job };
  }

  /** Inserts the id again; `version` stands for a column default drawn earlier than the statement ran. */
  async function reinsert(id: string, name: string, version?: number): Promise<void> {
    const f = h.designerFields({ name });
    await h.db.query(
      `INSERT INTO designers (id, slug, name, description, website, portfolio_preview, category, location, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::bigint, nextval('entity_version_seq')))`,
      [id, f.slug, f.name, f.description, f.website, f.portfolio_preview, f.category, f.location, version ?? null],
    );
  }

  /**
   * A synced designer deleted, its delete synced, then re-inserted with a version drawn before the
   * delete's: what a re-insert gets when its column default is drawn, then it waits on the primary key
   * for a concurrent delete of the same id, which draws its version at the end of its statement.
   */
  async function reinsertedBelowItsDelete(): Promise<{ id: string; earlyVersion: number; deleteVersion: number }> {
    const id = await h.insertDesigner({ name: 'Early draw' });
    await sync(id);
    const { rows } = await h.db.query<{ v: string }>(`SELECT nextval('entity_version_seq') AS v`);
    const earlyVersion = Number(rows[0]!.v);
    await h.deleteDesigner(id);
    expect(await sync(id)).toMatchObject({ action: 'deleted', state: 'absent' });
    const deleteVersion = (await h.designers.load(id)).version!;
    expect(deleteVersion).toBeGreaterThan(earlyVersion);
    await reinsert(id, 'Back below its delete', earlyVersion);
    expect(await h.rowVersion('designers', id)).toBe(earlyVersion);
    return { id, earlyVersion, deleteVersion };
  }

  /** The outbox's pending changes of one designer, as the relay would hand them to jobs. */
  async function pendingChanges(id: string): Promise<{ id: string; version: number }[]> {
    const { rows } = await h.db.query<{ id: string; version: string }>(
      `SELECT id, version FROM change_log WHERE entity = 'designer' AND entity_id = $1 AND processed_at IS NULL ORDER BY id`,
      [id],
    );
    return rows.map((r) => ({ id: r.id, version: Number(r.version) }));
  }

  async function indexedVersion(id: string): Promise<number | null> {
    await h.es.indices.refresh({ index: h.names.designers });
    return (await h.getDoc('designers', id))?.version ?? null;
  }

  // Each transition takes a listed designer out and back in. The job paused in between read the row
  // while it was out; it finishes after the row came back and was synced.
  const transitions = [
    {
      name: 'delete, then re-insert of the same id',
      out: (id: string) => h.deleteDesigner(id),
      back: (id: string) => reinsert(id, 'Back again'),
      outState: 'absent',
    },
    {
      name: 'opt-out, then opt-in',
      out: (id: string) => h.updateDesigner(id, { opted_in: false }),
      back: (id: string) => h.updateDesigner(id, { opted_in: true }),
      outState: 'unlisted',
    },
    {
      name: 'unpublish, then publish',
      out: (id: string) => h.updateDesigner(id, { status: 'draft' }),
      back: (id: string) => h.updateDesigner(id, { status: 'published' }),
      outState: 'unlisted',
    },
  ] as const;

  describe.each(transitions)('$name', ({ out, back, outState }) => {
    it('the job that read the row while it was out finishes last: the row stays in the index', async () => {
      const { id, paused, job: late } = await pausedWhileOut(out, outState);

      await back(id);
      const current = await h.rowVersion('designers', id);
      expect((await sync(id)).action).toBe('indexed');
      expect(await indexedVersion(id)).toBe(current);

      paused.open();
      const outcome = await late;
      expect(outcome).toMatchObject({ action: 'deleted', stale: true });
      expect(await indexedVersion(id)).toBe(current);
      expect(await h.diffStoreAndIndex('designers')).toEqual([]);
    });

    it('the job that read the row while it was out finishes first: the later sync brings it back', async () => {
      const { id, paused, job: early } = await pausedWhileOut(out, outState);
      await back(id);
      paused.open();
      expect((await early).action).toBe('deleted');
      expect(await indexedVersion(id)).toBeNull();

      expect((await sync(id)).action).toBe('indexed');
      expect(await indexedVersion(id)).toBe(await h.rowVersion('designers', id));
    });

    it('a duplicate of the paused job, run again after everything, changes nothing', async () => {
      const { id, paused, job: late } = await pausedWhileOut(out, outState);
      await back(id);
      await sync(id);
      paused.open();
      await late;
      await sync(id);
      await sync(id);
      expect(await indexedVersion(id)).toBe(await h.rowVersion('designers', id));
    });
  });

  it('a delete read in the same snapshot as the row’s absence takes the delete’s version, not a re-insert’s', async () => {
    const id = await h.insertDesigner({ name: 'Snapshot' });
    await h.deleteDesigner(id);
    const { rows } = await h.db.query<{ version: string }>(
      `SELECT version FROM change_log WHERE entity = 'designer' AND entity_id = $1 AND op = 'delete'`,
      [id],
    );
    const deleteVersion = Number(rows[0]!.version);
    const state = await h.designers.load(id);
    expect(state).toEqual({ state: 'absent', version: deleteVersion });
  });

  describe('a re-insert whose version was drawn before its delete’s', () => {
    it('is refused by the delete, so the job gives the row a version above it and the next sync indexes it', async () => {
      const { id, earlyVersion, deleteVersion } = await reinsertedBelowItsDelete();

      const refused = await sync(id);
      expect(refused).toMatchObject({ action: 'indexed', version: earlyVersion, stale: true, revived: true });
      const revivedVersion = (await h.rowVersion('designers', id))!;
      expect(revivedVersion).toBeGreaterThan(deleteVersion);
      // The new version is an outbox change of its own: the relay brings the job that indexes it.
      expect((await pendingChanges(id)).map((c) => c.version)).toContain(revivedVersion);

      expect(await sync(id)).toMatchObject({ action: 'indexed', version: revivedVersion, stale: false });
      expect(await indexedVersion(id)).toBe(revivedVersion);
      expect(await h.diffStoreAndIndex('designers')).toEqual([]);
    });

    it('a job that runs twice revives the row once: the second finds it changed and leaves it', async () => {
      const { id } = await reinsertedBelowItsDelete();
      const first = syncEntity(designerSync(), { id, version: 0 });
      const state = await h.designers.load(id);
      // Both jobs read the same row; only the first touch still finds the version it read.
      const ports = designerSync();
      const duplicate = syncEntity({ ...ports, load: async () => state }, { id, version: 0 });
      const outcomes = await Promise.all([first, duplicate]);
      expect(outcomes.filter((o) => o.revived).length).toBe(1);
      await sync(id);
      expect(await indexedVersion(id)).toBe(await h.rowVersion('designers', id));
    });

    it('a batch job hands the refused row to a single-row job, which revives it', async () => {
      const { id, earlyVersion } = await reinsertedBelowItsDelete();
      const handed: Change[] = [];
      const outcome = await syncBatch(
        { designers: h.designers, openRoles: h.openRoles, writer, handOff: async (changes) => handed.push(...changes), changes: new ChangeLogRepository(h.db) },
        { entity: 'designer', items: [{ id, version: earlyVersion, change_id: 1 }] },
      );
      expect(outcome).toMatchObject({ indexed: 0, stale: 1, handedOff: 1 });
      expect(handed.map((c) => c.entityId)).toEqual([id]);

      expect(await sync(id)).toMatchObject({ revived: true });
      await sync(id);
      expect(await indexedVersion(id)).toBe(await h.rowVersion('designers', id));
      expect(await h.diffStoreAndIndex('designers')).toEqual([]);
    });

    it('a row refused because a newer version of it is live is left as it is (nothing to revive)', async () => {
      const id = await h.insertDesigner({ name: 'Newer live' });
      const old = await h.designers.load(id);
      await h.updateDesigner(id, { name: 'Newer live, edited' });
      await sync(id);
      const current = await h.rowVersion('designers', id);
      const late = await syncEntity({ ...designerSync(), load: async () => old }, { id, version: 0 });
      expect(late).toMatchObject({ stale: true });
      expect(late.revived).toBeUndefined();
      expect(await h.rowVersion('designers', id)).toBe(current);
    });
  });
});
