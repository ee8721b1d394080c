import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import { PostgresSearchRepository } from '../../shared/search/postgres/pg-search.repository.ts';
import type { Db } from '../../shared/store/db.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, type Engine, openTestStore, type TestStore } from '../store/test-store.ts';

const services = requireServices('postgres');
const engines: Engine[] = ['pglite', 'postgres'];
const PAGE = { limit: 2, offset: 0 } as const;

/** The store's Db, with every statement a search transaction runs written down. */
function recording(db: Db, statements: string[]): Db {
  const wrap = (inner: Db): Db => ({
    ...inner,
    engine: inner.engine,
    query: (sql, params) => {
      statements.push(sql);
      return inner.query(sql, params);
    },
    transaction: (fn) => inner.transaction((tx) => fn(wrap(tx))),
    withPgClient: (fn) => inner.withPgClient(fn),
    close: () => inner.close(),
  });
  return wrap(db);
}

async function brandSearch(engine: Engine, suite: string) {
  const store = await openTestStore(engine, suite, services?.postgres ?? null);
  const writer = new DesignerWriter(store.db);
  return { store, writer };
}

describe.each(engines)('the embedded search reuses a total until something writes (%s)', (engine) => {
  let store: TestStore;
  let search: PostgresSearchRepository;
  let writer: DesignerWriter;
  const statements: string[] = [];
  const counts = () => statements.filter((s) => s.startsWith('SELECT count(*)')).length;
  const designer = (slug: string, overrides: Record<string, unknown> = {}) => DesignerImportSchema.parse(designerRecord(slug, overrides));

  beforeAll(async () => {
    if (engine === 'postgres' && !services) return;
    ({ store, writer } = await brandSearch(engine, 'snapshot_count'));
    for (const slug of ['ana-one', 'bo-two', 'cy-three']) await writer.upsert(designer(slug, { category: 'brand' }));
    search = new PostgresSearchRepository(recording(store.db, statements), { publicBaseUrl: 'https://d.example/', timeoutMs: 10_000 });
    await search.prepare();
  });
  afterAll(async () => {
    await store?.close();
  });

  it.skipIf(engine === 'postgres' && !services)('counts once for repeated searches, again after any write, and never serves a stale total', async () => {
    const first = await search.searchDesigners({ category: 'brand' }, PAGE);
    expect(first.total).toBe(3);
    expect(counts()).toBe(1);

    // Nothing written in between: the same snapshot, the same total, no second count.
    const again = await search.searchDesigners({ category: 'brand' }, PAGE);
    expect(again.total).toBe(3);
    expect(counts()).toBe(1);

    // Other filters are counted on their own.
    expect((await search.searchDesigners({ category: 'motion' }, PAGE)).total).toBe(0);
    expect(counts()).toBe(2);

    // A write, through the store or by hand, moves the snapshot: the total is counted again and is right.
    await writer.upsert(designer('di-four', { category: 'brand' }));
    expect((await search.searchDesigners({ category: 'brand' }, PAGE)).total).toBe(4);
    expect(counts()).toBe(3);
    await store.db.query(`UPDATE designers SET opted_in = false WHERE slug = 'ana-one'`);
    expect((await search.searchDesigners({ category: 'brand' }, PAGE)).total).toBe(3);
    expect(counts()).toBe(4);
  });

  it.skipIf(engine === 'postgres' && !services)('looks a query up in the vocabulary once between writes, and finds a word written since at once, exactly', async () => {
    const lookups = () => statements.filter((s) => s.trimStart().startsWith('SELECT q.word, t.term')).length;
    const before = lookups();
    const first = await search.searchDesigners({ q: 'quetzalcoatl' }, PAGE);
    expect(first.total).toBe(0);
    expect(lookups()).toBe(before + 1);
    await search.searchDesigners({ q: 'quetzalcoatl' }, PAGE);
    expect(lookups()).toBe(before + 1);

    // The word arrives: the write moves the snapshot, the vocabulary is read again and now holds the word,
    // so the exact match is scored as exact (a name match ranks first) and not left out as unknown.
    await writer.upsert(designer('quetzalcoatl-five', { name: 'Quetzalcoatl Five', category: 'brand' }));
    await writer.upsert(designer('ed-six', { description: 'Loves quetzalcoatls and quetzalcoatl lore', category: 'brand' }));
    const found = await search.searchDesigners({ q: 'quetzalcoatl' }, PAGE);
    expect(lookups()).toBe(before + 2);
    expect(found.items.map((d) => d.slug)).toEqual(['quetzalcoatl-five', 'ed-six']);
  });

  it.skipIf(engine === 'postgres' && !services)(
    'a free-text total counted on the first page is remembered: the next search ranks without counting, and a write counts again',
    async () => {
      const page = () => statements.filter((s) => s.includes('AS sort_values'));
      const withTotal = () => page().filter((s) => s.includes('count(*) OVER ()')).length;
      await writer.upsert(designer('zephyrine-seven', { name: 'Zephyrine Seven', category: 'brand' }));
      const before = { pages: page().length, withTotal: withTotal(), counts: counts() };
      const first = await search.searchDesigners({ q: 'zephyrine' }, PAGE);
      expect(first.total).toBe(1);
      expect(withTotal()).toBe(before.withTotal + 1);

      // Same snapshot: the total is known, so the page ranks without the count over the window, and no
      // count statement runs either.
      const again = await search.searchDesigners({ q: 'zephyrine' }, PAGE);
      expect(again).toEqual(first);
      expect(page().length).toBe(before.pages + 2);
      expect(withTotal()).toBe(before.withTotal + 1);
      expect(counts()).toBe(before.counts);

      // A write moves the snapshot: the next first page counts on its way again, and the total is right.
      await writer.upsert(designer('zephyrine-eight', { name: 'Zephyrine Eight', category: 'brand' }));
      const after = await search.searchDesigners({ q: 'zephyrine' }, PAGE);
      expect(after.total).toBe(2);
      expect(withTotal()).toBe(before.withTotal + 2);
      expect(counts()).toBe(before.counts);
    },
  );
});

describe.skipIf(!services)('the embedded search on a Postgres server, with a writer in another transaction', () => {
  let store: TestStore;
  let search: PostgresSearchRepository;

  beforeAll(async () => {
    let writer: DesignerWriter;
    ({ store, writer } = await brandSearch('postgres', 'snapshot_count_tx'));
    for (const slug of ['ana-one', 'bo-two']) await writer.upsert(DesignerImportSchema.parse(designerRecord(slug, { category: 'brand' })));
    search = new PostgresSearchRepository(store.db, { publicBaseUrl: 'https://d.example/', timeoutMs: 10_000 });
    await search.prepare();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('a write still uncommitted when a total was counted is counted once it commits', async () => {
    // The snapshot's list of transactions in progress is part of the key: the commit changes it.
    expect((await search.searchDesigners({ category: 'brand' }, PAGE)).total).toBe(2);
    await store.db.transaction(async (tx) => {
      await tx.query(`UPDATE designers SET opted_in = false WHERE slug = 'ana-one'`);
      expect((await search.searchDesigners({ category: 'brand' }, PAGE)).total).toBe(2);
    });
    expect((await search.searchDesigners({ category: 'brand' }, PAGE)).total).toBe(1);
  });
});
