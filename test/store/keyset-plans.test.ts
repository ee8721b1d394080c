import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedSincePage, ChangeLogRepository } from '../../shared/ingest/outbox/change-log.repository.ts';
import type { Db } from '../../shared/store/db.ts';
import { DesignerReader } from '../../shared/store/designer.reader.ts';
import { withKeysetPlan } from '../../shared/store/keyset-plan.ts';
import { OpenRoleReader } from '../../shared/store/open-role.reader.ts';
import { requireServices } from '../support/services.ts';
import { openTestStore, type TestStore } from './test-store.ts';

const services = requireServices('postgres');

const DESIGNERS = 20_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The plan of a page statement, under the settings the worker reads pages with. */
async function plan(db: Db, [sql, params]: [string, unknown[]]): Promise<PlanNode[]> {
  const { rows } = await withKeysetPlan(db, (tx) =>
    tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${sql}`, params),
  );
  return nodes(rows[0]!['QUERY PLAN'][0].Plan);
}

/**
 * A page is an ordered index range on the table, stopped by LIMIT: an Index Scan in id order (never a
 * Seq Scan, nor a bitmap scan that reads every listed row and sorts them), starting at the key of the
 * previous page when there is one.
 */
function readsPageThroughIndex(plan: PlanNode[], table: string, index: string, keyed: boolean): void {
  const onTable = plan.filter((n) => n['Relation Name'] === table);
  expect(onTable, JSON.stringify(plan)).toHaveLength(1);
  expect(onTable[0]!['Node Type'], JSON.stringify(onTable[0])).toMatch(/^Index (Only )?Scan$/);
  expect(onTable[0]!['Index Name']).toBe(index);
  if (keyed) expect(onTable[0]!['Index Cond'], JSON.stringify(onTable[0])).toMatch(/\(id > /);
  expect(plan.some((n) => n['Node Type'] === 'Sort')).toBe(false);
  // The roles of each designer on the page come through their primary key too.
  if (table === 'designers') readsThroughIndex(plan, 'designer_roles');
}

/** The outbox is read through its indices (plain or bitmap), never scanned whole. */
function readsThroughIndex(plan: PlanNode[], table: string): void {
  const onTable = plan.filter((n) => n['Relation Name'] === table);
  expect(onTable.length, JSON.stringify(plan)).toBeGreaterThan(0);
  for (const node of onTable) {
    expect(node['Node Type'], JSON.stringify(node)).toMatch(/Index|Bitmap Heap Scan/);
    if (node['Node Type'] === 'Bitmap Heap Scan') expect(nodes(node).some((c) => c['Node Type'] === 'Bitmap Index Scan')).toBe(true);
  }
}

// Rows written after the migrations' ANALYZE and never analysed since: the planner's statistics say
// the tables are empty, the state a fresh bulk load leaves them in before autovacuum gets to them.
describe.skipIf(!services)('keyset pages read through an index, whatever the statistics say', () => {
  let store: TestStore;

  beforeAll(async () => {
    store = await openTestStore('postgres', 'keyset_plans', services!.postgres);
    await store.db.query(`ALTER TABLE designers SET (autovacuum_enabled = false)`);
    await store.db.query(`ALTER TABLE change_log SET (autovacuum_enabled = false)`);
    await store.db.query(`ALTER TABLE open_roles SET (autovacuum_enabled = false)`);
    await store.db.query(`ALTER TABLE designer_roles SET (autovacuum_enabled = false)`);
    await store.db.query(
      `INSERT INTO open_roles (id, title, company, employment_type, category, apply_url)
       SELECT 'r' || lpad(i::text, 7, '0'), 'Designer', 'Company ' || i, 'full_time', 'product', 'https://jobs.example/' || i
         FROM generate_series(1, 5000) AS i`,
    );
    await store.db.query(
      `INSERT INTO designers (id, slug, name, website, portfolio_preview, category, status)
       SELECT 'd' || lpad(i::text, 7, '0'), 'designer-' || i, 'Designer ' || i, 'https://x.example', 'https://x.example/p.jpg',
              'product', CASE WHEN i % 10 = 0 THEN 'draft' ELSE 'published' END
         FROM generate_series(1, ${DESIGNERS}) AS i`,
    );
    await store.db.query(
      `INSERT INTO designer_roles (designer_id, position, title, company, is_current)
       SELECT 'd' || lpad(i::text, 7, '0'), p, 'Designer', 'Company ' || (i % 500), p = 0
         FROM generate_series(1, ${DESIGNERS}) AS i, generate_series(0, 1) AS p`,
    );
  }, 120_000);

  afterAll(async () => {
    await store?.close();
  });

  it('the statistics are stale: the planner believes designers is (nearly) empty', async () => {
    const { rows } = await store.db.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'designers'`);
    expect(rows[0]!.reltuples).toBeLessThan(DESIGNERS / 10);
  });

  it('designer pages: the first and every later page are an ordered range of the listed-id index', async () => {
    const reader = new DesignerReader(store.db, 'https://directory.test');
    readsPageThroughIndex(await plan(store.db, reader.listedPage(null, 500)), 'designers', 'designers_listed_id', false);
    readsPageThroughIndex(await plan(store.db, reader.listedPage('d0010000', 500)), 'designers', 'designers_listed_id', true);
  });

  it('open-role pages likewise', async () => {
    const reader = new OpenRoleReader(store.db);
    readsPageThroughIndex(await plan(store.db, reader.listedPage(null, 500)), 'open_roles', 'open_roles_published_id', false);
    readsPageThroughIndex(await plan(store.db, reader.listedPage('r0002500', 500)), 'open_roles', 'open_roles_published_id', true);
  });

  it('pages of every row, listed or not, are an ordered range of the primary key', async () => {
    const reader = new DesignerReader(store.db, 'https://directory.test');
    readsPageThroughIndex(await plan(store.db, reader.rowsPage(null, 500)), 'designers', 'designers_pkey', false);
    readsPageThroughIndex(await plan(store.db, reader.rowsPage('d0010000', 500)), 'designers', 'designers_pkey', true);
  });

  it('the replay of changes since a snapshot reads the outbox through an index', async () => {
    const snapshot = await new ChangeLogRepository(store.db).snapshot();
    readsThroughIndex(await plan(store.db, changedSincePage('designer', snapshot, null, 500)), 'change_log');
    readsThroughIndex(await plan(store.db, changedSincePage('designer', snapshot, 'd0010000', 500)), 'change_log');
  });

  it('the streamed pages still return every listed row once, in id order', async () => {
    const reader = new DesignerReader(store.db, 'https://directory.test');
    const ids: string[] = [];
    for await (const d of reader.streamListed({ pageSize: 997 })) ids.push(d.designer.id);
    expect(ids).toHaveLength(DESIGNERS - DESIGNERS / 10);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
