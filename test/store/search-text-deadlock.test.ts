import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import { rebuildSearchText, refreshStaleSearchText } from '../../shared/search/postgres/search-text.writer.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, openTestStore, type TestStore } from './test-store.ts';

const services = requireServices('postgres');

/**
 * The search text written outside the queue (the upkeep's first refresh, the embedded reindex) meets
 * writers committing beside it: an import holds designers in its file's order, not in id order. Here
 * a writer takes the second designer, the batch waits for it while holding the first one's search row,
 * and the writer then waits for that row: Postgres ends the batch (it waited first) to break the tie. A
 * writer may also delete a designer and insert it again under its id while a batch waits on it.
 */
describe.skipIf(!services)('search text written in batches, beside a writer of the same designers (Postgres server)', () => {
  let store: TestStore;
  let writer: pg.Client;

  beforeAll(async () => {
    store = await openTestStore('postgres', 'search_text_deadlock', services!.postgres);
    const designers = new DesignerWriter(store.db);
    for (const slug of ['ana-first', 'bo-second']) await designers.upsert(DesignerImportSchema.parse(designerRecord(slug, { id: `d-${slug}` })));
    await refreshStaleSearchText(store.db);
    writer = new pg.Client({ connectionString: store.location });
    await writer.connect();
  });
  afterAll(async () => {
    await writer?.end();
    await store?.close();
  });
  beforeEach(async () => {
    // Both search rows stale: the refresh recomputes both, in one batch. The batch updates both search
    // rows, then writes their suggest words, whose foreign key check waits for a writer of the designer.
    await store.db.query(`UPDATE designer_search SET source_version = 0`);
  });

  const waiting = async () =>
    (await store.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0]!.n;

  it.each([
    ['the refresh of stale rows', () => refreshStaleSearchText(store.db)],
    ['the embedded reindex', () => rebuildSearchText(store.db, { designers: true, openRoles: false })],
  ])('%s: a batch Postgres ends to break the deadlock runs again, after the writer commits, and writes every row', async (name, write) => {
    await writer.query('BEGIN');
    // A new slug is a new key: a foreign key check on this designer waits for the writer.
    await writer.query(`UPDATE designers SET slug = $1 WHERE id = 'd-bo-second'`, [`bo-${name.length}`]);
    const written = write();
    await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
    // The writer now needs the search row the batch holds: a cycle, which Postgres breaks after its deadlock_timeout.
    await writer.query(`UPDATE designer_search SET source_version = source_version WHERE designer_id = 'd-ana-first'`);
    await writer.query('COMMIT');

    expect(await written).toEqual({ designers: 2, openRoles: 0 });
    const { rows } = await store.db.query<{ fresh: boolean }>(
      `SELECT bool_and(s.source_version = d.version) AS fresh FROM designers d JOIN designer_search s ON s.designer_id = d.id`,
    );
    expect(rows[0]!.fresh).toBe(true);
    expect(await refreshStaleSearchText(store.db)).toEqual({ designers: 0, openRoles: 0 });
  }, 30_000);

  it('a designer deleted and inserted again under the same id while a batch waits on it: nothing is lost, the next refresh writes it as it is now', async () => {
    await writer.query('BEGIN');
    await writer.query(`CREATE TEMP TABLE again ON COMMIT DROP AS SELECT * FROM designers WHERE id = 'd-bo-second'`);
    // The delete takes the search row with it (ON DELETE CASCADE): the batch's upsert of that row waits.
    await writer.query(`DELETE FROM designers WHERE id = 'd-bo-second'`);
    const written = refreshStaleSearchText(store.db);
    await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
    await writer.query(`INSERT INTO designers SELECT * FROM again`);
    await writer.query(`UPDATE designers SET description = 'Zebrafish posters.' WHERE id = 'd-bo-second'`);
    await writer.query('COMMIT');
    await written;

    // The batch read the row before the writer committed; its version tells the next refresh to write it again.
    await refreshStaleSearchText(store.db);
    expect(await refreshStaleSearchText(store.db)).toEqual({ designers: 0, openRoles: 0 });
    const { rows } = await store.db.query<{ n: number; fresh: boolean; zebra: boolean }>(
      `SELECT count(*)::int AS n, bool_and(s.source_version = d.version) AS fresh,
              bool_or(s.designer_id = 'd-bo-second' AND s.text_tsv @@ 'zebrafish'::tsquery) AS zebra
         FROM designers d JOIN designer_search s ON s.designer_id = d.id`,
    );
    expect(rows[0]).toEqual({ n: 2, fresh: true, zebra: true });
  }, 30_000);
});
