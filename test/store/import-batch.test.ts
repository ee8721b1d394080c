import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchTextUpkeep } from '../../shared/search/postgres/search-text-upkeep.ts';
import { DesignerReader } from '../../shared/store/designer.reader.ts';
import { importDesignerRecords } from '../../shared/store/import/designer-import.ts';
import { ImportValidationError } from '../../shared/store/import/import.errors.ts';
import { IMPORT_BATCH } from '../../shared/store/import/record-importer.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, type Engine, openTestStore, snapshot, type TestStore } from './test-store.ts';

const services = requireServices('postgres');
const engines: Engine[] = ['pglite', 'postgres'];

const N = IMPORT_BATCH * 2 + 200;
const asSource = (records: Record<string, unknown>[]) => records.map((value, i) => ({ value, line: i + 1 }));

describe.each(engines)('batched import on %s', (engine) => {
  let store: TestStore;
  let original: Record<string, unknown>[];

  beforeAll(async () => {
    if (engine === 'postgres' && !services) return;
    store = await openTestStore(engine, 'import_batch', services?.postgres ?? null);
    // The Postgres search is on: the database queues every row an import writes.
    await new SearchTextUpkeep(store.db).enable();
    original = Array.from({ length: N }, (_, i) =>
      designerRecord(`batch-designer-${i}`, {
        ...(i % 2 === 0 ? { id: `batch-id-${i}` } : {}),
        ...(i % 3 === 0 ? { listed_at: new Date(Date.UTC(2024, 0, 1 + (i % 300))).toISOString() } : {}),
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await store?.close();
  });

  it.skipIf(engine === 'postgres' && !services)('writes several batches with the outcomes and rows of record-by-record writes', async () => {
    const first = await importDesignerRecords(store.db, asSource(original));
    expect(first).toMatchObject({ total: N, inserted: N, updated: 0, unchanged: 0, skipped: [] });

    // Unchanged, field edits, role edits, new listed_at, and new records, spread over every batch.
    const second = original.map((r, i) => {
      if (i % 4 === 1) return { ...r, name: `Renamed ${i}` };
      if (i % 4 === 2) return { ...r, previous_roles: [{ title: 'Intern', company: `Co ${i}`, company_url: null }] };
      if (i % 12 === 3) return { ...r, listed_at: '2020-05-05T00:00:00.000Z' };
      return r;
    });
    const added = Array.from({ length: 50 }, (_, i) => designerRecord(`batch-added-${i}`));
    const changedCount = original.filter((_, i) => i % 4 === 1 || i % 4 === 2 || i % 12 === 3).length;
    const result = await importDesignerRecords(store.db, asSource([...second, ...added]));
    expect(result).toMatchObject({ total: N + 50, inserted: 50, updated: changedCount, unchanged: N - changedCount, skipped: [] });

    const reader = new DesignerReader(store.db, 'https://directory.test');
    for (const i of [0, 1, 2, 3, 15, N - 1]) {
      const record = second[i]!;
      const { rows } = await store.db.query<{ id: string }>(`SELECT id FROM designers WHERE slug = $1`, [record.slug]);
      const stored = (await reader.findById(rows[0]!.id))!;
      expect(stored.designer.name).toBe(record.name);
      expect(stored.designer.previous_roles).toEqual(record.previous_roles);
      expect(stored.designer.current_role).toEqual(record.current_role);
      if (record.id) expect(stored.designer.id).toBe(record.id);
      if (record.listed_at) expect(stored.listed_at).toBe(new Date(record.listed_at as string).toISOString());
    }
    // Every row written is queued once per import that wrote it (the first import's N, the second's changed
    // and added rows); the catch-up brings each one's search text to its final version.
    expect(await new SearchTextUpkeep(store.db).catchUp()).toBe(N + changedCount + 50);
    const { rows: stale } = await store.db.query(
      `SELECT d.id FROM designers d LEFT JOIN designer_search s ON s.designer_id = d.id WHERE s.source_version IS DISTINCT FROM d.version`,
    );
    expect(stale).toEqual([]);
  });

  it.skipIf(engine === 'postgres' && !services)('a record the store refuses in the last batch means no change at all, naming its line', async () => {
    const before = await snapshot(store.db);
    const records: Record<string, unknown>[] = original.map((r, i) => ({ ...r, name: `Again ${i}` }));
    // A record with an id, given the slug of another row that the file does not mention: the file is
    // valid, the store refuses it.
    records[N - 6] = { ...records[N - 6]!, slug: 'batch-added-3' };
    const error = await importDesignerRecords(store.db, asSource(records)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportValidationError);
    expect((error as ImportValidationError).problems).toEqual([expect.objectContaining({ line: N - 5, field: 'slug' })]);
    expect(await snapshot(store.db)).toEqual(before);
  });

  it.skipIf(engine === 'postgres' && !services)('with --skip-invalid, the refused record is skipped and its batch is written', async () => {
    const records: Record<string, unknown>[] = original.map((r, i) => ({ ...r, name: `Skip ${i}` }));
    records[8] = { ...records[8]!, slug: 'batch-added-4' };
    const result = await importDesignerRecords(store.db, asSource(records), { skipInvalid: true });
    expect(result.skipped.map((s) => s.line)).toEqual([9]);
    expect(result.updated).toBe(N - 1);
  });
});
