import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchTextUpkeep } from '../../shared/search/postgres/search-text-upkeep.ts';
import { importDesignerRecords } from '../../shared/store/import/designer-import.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, openTestStore, type TestStore } from './test-store.ts';

const services = requireServices('postgres');

describe.skipIf(!services)('migrations and imports leave planner statistics in place', () => {
  let store: TestStore;

  beforeAll(async () => {
    store = await openTestStore('postgres', 'statistics', services!.postgres);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function stats(table: string) {
    const { rows } = await store.db.query<{ analysed: boolean; reltuples: number }>(
      `SELECT (s.last_analyze IS NOT NULL) AS analysed, c.reltuples
         FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = $1`,
      [table],
    );
    return rows[0]!;
  }

  it('the migrations analysed the tables they created', async () => {
    for (const table of ['designers', 'designer_roles', 'designer_search', 'change_log']) expect((await stats(table)).analysed, table).toBe(true);
  });

  it('an import analyses what it filled, and so does the search-text catch-up: the planner knows the new row counts', async () => {
    const upkeep = new SearchTextUpkeep(store.db);
    await upkeep.enable();
    const records = Array.from({ length: 300 }, (_, i) => ({ value: designerRecord(`stat-designer-${i}`), line: i + 1 }));
    const result = await importDesignerRecords(store.db, records);
    expect(result.inserted).toBe(300);
    expect((await stats('designers')).reltuples).toBe(300);
    expect((await stats('designer_roles')).reltuples).toBe(600);
    expect(await upkeep.catchUp()).toBe(300);
    expect((await stats('designer_search')).reltuples).toBe(300);
  });
});
