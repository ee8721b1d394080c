import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import { deleteRecords } from '../../shared/store/curate/record-deleter.ts';
import { setRecordState } from '../../shared/store/curate/record-state.writer.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { importDesignerRecords } from '../../shared/store/import/designer-import.ts';
import { IMPORT_BATCH } from '../../shared/store/import/record-importer.ts';
import { requireServices } from '../support/services.ts';
import { pausingBefore, settledWithin } from '../support/pausing-db.ts';
import { designerRecord, openTestStore, type TestStore } from './test-store.ts';

const services = requireServices('postgres');

describe.skipIf(!services)('a curator delete or set racing a write to the same designer (Postgres server)', () => {
  let store: TestStore;

  beforeAll(async () => {
    store = await openTestStore('postgres', 'curate_race', services!.postgres);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('an edit that arrives while the delete holds the row waits for it, then writes the designer anew, versioned after the delete', async () => {
    const writer = new DesignerWriter(store.db);
    const record = (name: string) => DesignerImportSchema.parse(designerRecord('racing-one', { id: 'racing-id', name }));
    await writer.upsert(record('Before Race'));

    const pause = pausingBefore(store.db, 'DELETE FROM designers');
    const deleting = deleteRecords(pause.db, 'designers', ['racing-one']);
    await pause.paused;
    // The delete has read and locked the row, and not yet deleted it: the edit must wait, not slip in between.
    const editing = writer.upsert(record('After Race'));
    expect(await settledWithin(editing, 500)).toBe(false);

    pause.release();
    expect(await deleting).toEqual({ deleted: ['racing-one (Before Race)'] });
    expect((await editing).outcome).toBe('inserted');

    const { rows } = await store.db.query<{ name: string }>(`SELECT name FROM designers WHERE id = 'racing-id'`);
    expect(rows).toEqual([{ name: 'After Race' }]);
    // What the worker reads: the delete, then the insert. The insert's version was drawn before it waited, so
    // it may be below the delete's: the sync job then gives the row a fresh version (RELIABILITY.md), which
    // test/ingest/cli-curate.test.ts checks through the worker.
    const changes = await store.db.query<{ op: string }>(`SELECT op FROM change_log WHERE entity_id = 'racing-id' ORDER BY id`);
    expect(changes.rows.map((c) => c.op).slice(-2)).toEqual(['delete', 'insert']);
  });

  it('a delete that arrives while an edit holds the row waits for it, then deletes the edited designer', async () => {
    const writer = new DesignerWriter(store.db);
    await writer.upsert(DesignerImportSchema.parse(designerRecord('racing-two', { id: 'racing-two-id', name: 'First' })));
    // Paused between its two steps: the designer row written (and locked), its roles not yet.
    const pause = pausingBefore(store.db, 'INSERT INTO designer_roles');
    const editing = new DesignerWriter(pause.db).upsert(DesignerImportSchema.parse(designerRecord('racing-two', { id: 'racing-two-id', name: 'Second', current_role: { title: 'Lead Designer', company: 'Initech', company_url: null } })));
    await pause.paused;
    const deleting = deleteRecords(store.db, 'designers', ['racing-two']);
    expect(await settledWithin(deleting, 500)).toBe(false);
    pause.release();
    await editing;
    expect(await deleting).toEqual({ deleted: ['racing-two (Second)'] });
    expect((await store.db.query(`SELECT id FROM designers WHERE id = 'racing-two-id'`)).rows).toEqual([]);
    const changes = await store.db.query<{ op: string }>(`SELECT op FROM change_log WHERE entity_id = 'racing-two-id' ORDER BY id`);
    expect(changes.rows.at(-1)).toEqual({ op: 'delete' });
  });

  it('an opt-out set while an import that leaves out the state holds the row waits for it, and the import does not undo it', async () => {
    const writer = new DesignerWriter(store.db);
    await writer.upsert(DesignerImportSchema.parse(designerRecord('racing-consent', { id: 'racing-consent-id', name: 'Before' })));
    // The import has read the stored state to keep it, and not yet written the row.
    const pause = pausingBefore(store.db, 'INSERT INTO designers');
    const importing = new DesignerWriter(pause.db).upsert(DesignerImportSchema.parse(designerRecord('racing-consent', { id: 'racing-consent-id', name: 'After' })));
    await pause.paused;
    const optingOut = setRecordState(store.db, 'designers', ['racing-consent'], { opted_in: false });
    expect(await settledWithin(optingOut, 500)).toBe(false);
    pause.release();
    expect(await importing).toMatchObject({ outcome: 'updated' });
    expect(await optingOut).toEqual({ changed: ['racing-consent (After)'], unchanged: [] });
    const { rows } = await store.db.query(`SELECT name, opted_in FROM designers WHERE id = 'racing-consent-id'`);
    expect(rows).toEqual([{ name: 'After', opted_in: false }]);
  });

  it('an import that locks rows out of id order across its batches and a set naming two of them both complete: the one Postgres ends as a deadlock runs again', async () => {
    const writer = new DesignerWriter(store.db);
    await writer.upsert(DesignerImportSchema.parse(designerRecord('lock-a', { id: 'lock-a-id', name: 'A Before' })));
    await writer.upsert(DesignerImportSchema.parse(designerRecord('lock-z', { id: 'lock-z-id', name: 'Z Before' })));
    // The file names lock-z in its first batch and lock-a in its second: the import holds z while it asks for a.
    const fillers = Array.from({ length: IMPORT_BATCH - 1 }, (_, i) => designerRecord(`lock-filler-${i}`, { id: `lock-filler-${i}` }));
    const records = [designerRecord('lock-z', { id: 'lock-z-id', name: 'Z After' }), ...fillers, designerRecord('lock-a', { id: 'lock-a-id', name: 'A After' })];
    const pause = pausingBefore(store.db, 'SELECT id, slug, ', { occurrence: 2 });
    const importing = importDesignerRecords(pause.db, records.map((value, i) => ({ line: i + 1, value })));
    await pause.paused;
    // The set locks a (first in id order), then waits for z, which the import holds.
    const optingOut = setRecordState(store.db, 'designers', ['lock-z', 'lock-a'], { opted_in: false });
    expect(await settledWithin(optingOut, 300)).toBe(false);
    // The import now asks for a: each waits for the other, and Postgres ends one of them.
    pause.release();
    const [imported, set] = await Promise.allSettled([importing, optingOut]);
    expect(imported).toMatchObject({ status: 'fulfilled', value: { total: IMPORT_BATCH + 1, skipped: [] } });
    expect(set.status).toBe('fulfilled');
    // Whichever ran last, the names are the import's and the opt-out stands (the import keeps stored state).
    const { rows } = await store.db.query(`SELECT id, name, opted_in FROM designers WHERE id IN ('lock-a-id', 'lock-z-id') ORDER BY id`);
    expect(rows).toEqual([
      { id: 'lock-a-id', name: 'A After', opted_in: false },
      { id: 'lock-z-id', name: 'Z After', opted_in: false },
    ]);
  });

  it('two imports naming the same rows in opposite orders run one after the other: the second waits, holding no row, and commits last', async () => {
    const writer = new DesignerWriter(store.db);
    await writer.upsert(DesignerImportSchema.parse(designerRecord('tie-a', { id: 'tie-a-id', name: 'A Before' })));
    await writer.upsert(DesignerImportSchema.parse(designerRecord('tie-z', { id: 'tie-z-id', name: 'Z Before' })));
    const file = (who: string, first: 'a' | 'z') => {
      const fillers = Array.from({ length: IMPORT_BATCH - 1 }, (_, i) => designerRecord(`tie-${who}-${i}`, { id: `tie-${who}-${i}` }));
      const [head, tail] = first === 'a' ? ['a', 'z'] : ['z', 'a'];
      const records = [designerRecord(`tie-${head}`, { id: `tie-${head}-id`, name: `${head} by ${who}` }), ...fillers, designerRecord(`tie-${tail}`, { id: `tie-${tail}-id`, name: `${tail} by ${who}` })];
      return records.map((value, i) => ({ line: i + 1, value }));
    };
    // The first has written its first batch (it holds z) and is paused before its second.
    const first = pausingBefore(store.db, 'SELECT id, slug, ', { occurrence: 2 });
    const importingFirst = importDesignerRecords(first.db, file('first', 'z'));
    await first.paused;
    const importingSecond = importDesignerRecords(store.db, file('second', 'a'));
    expect(await settledWithin(importingSecond, 500)).toBe(false);
    // The second holds no row meanwhile: a (the first row of its file) can still be set at once.
    expect(await settledWithin(setRecordState(store.db, 'designers', ['tie-a'], { status: 'hidden' }), 2000)).toBe(true);
    first.release();
    const settled = await Promise.allSettled([importingFirst, importingSecond]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
    const { rows } = await store.db.query(`SELECT id, name, status FROM designers WHERE id IN ('tie-a-id', 'tie-z-id') ORDER BY id`);
    expect(rows).toEqual([
      { id: 'tie-a-id', name: 'a by second', status: 'hidden' },
      { id: 'tie-z-id', name: 'z by second', status: 'published' },
    ]);
  });
});
