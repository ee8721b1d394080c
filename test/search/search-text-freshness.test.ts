import { CURATED_ONLY } from '../../shared/search/query-synonyms.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import { PostgresSearchRepository } from '../../shared/search/postgres/pg-search.repository.ts';
import type { Db } from '../../shared/store/db.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, type Engine, openTestStore, type TestStore } from '../store/test-store.ts';

const services = requireServices('postgres');
const engines: Engine[] = ['pglite', 'postgres'];
const PAGE = { limit: 5, offset: 0 } as const;

/** Each top-level statement or transaction the search runs, with the statements inside it. */
function recording(db: Db, log: string[][]): Db {
  const wrap = (inner: Db, current?: string[]): Db => ({
    ...inner,
    engine: inner.engine,
    query: (sql, params) => {
      if (current) current.push(sql.trim());
      else log.push([sql.trim()]);
      return inner.query(sql, params);
    },
    transaction: (fn) =>
      inner.transaction((tx) => {
        const statements: string[] = [];
        log.push(statements);
        return fn(wrap(tx, statements));
      }),
    withPgClient: (fn) => inner.withPgClient(fn),
    close: () => inner.close(),
  });
  return wrap(db);
}

describe.each(engines)('the embedded search checks for queued search text in its own snapshot (%s)', (engine) => {
  let store: TestStore;
  let search: PostgresSearchRepository;
  let writer: DesignerWriter;
  const log: string[][] = [];
  const designer = (slug: string, overrides: Record<string, unknown> = {}) => DesignerImportSchema.parse(designerRecord(slug, overrides));
  const catchUps = () => log.filter((statements) => statements.some((s) => s.startsWith('DELETE FROM search_text_queue'))).length;

  beforeAll(async () => {
    if (engine === 'postgres' && !services) return;
    store = await openTestStore(engine, 'search_text_freshness', services?.postgres ?? null);
    writer = new DesignerWriter(store.db);
    await writer.upsert(designer('ana-one', { description: 'Loves letterpress' }));
    // The curated synonyms only: the store's rules are read in a transaction of their own, cached, not the search's.
    search = new PostgresSearchRepository(recording(store.db, log), { publicBaseUrl: 'https://d.example/', timeoutMs: 10_000, synonyms: CURATED_ONLY });
    await search.prepare();
  });
  afterAll(async () => {
    await store?.close();
  });

  it.skipIf(engine === 'postgres' && !services)('with nothing queued, a search is one read-only transaction that looked at the queue first', async () => {
    log.length = 0;
    expect((await search.searchDesigners({ q: 'letterpress' }, PAGE)).items.map((d) => d.slug)).toEqual(['ana-one']);
    expect(log).toHaveLength(1);
    const [statements] = log;
    expect(statements![0]).toMatch(/^SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY/);
    expect(statements!.findIndex((s) => s.includes('FROM search_text_queue'))).toBe(2);
    expect(catchUps()).toBe(0);
  });

  it.skipIf(engine === 'postgres' && !services)('a write queued since is caught up before the search answers, and the search then sees its text', async () => {
    // Written by hand, as any client may: the trigger queues the row for new text.
    await store.db.query(`UPDATE designers SET description = 'Loves risograph' WHERE slug = 'ana-one'`);
    log.length = 0;
    expect((await search.searchDesigners({ q: 'risograph' }, PAGE)).items.map((d) => d.slug)).toEqual(['ana-one']);
    expect((await search.searchDesigners({ q: 'letterpress' }, PAGE)).total).toBe(0);
    expect(catchUps()).toBe(1);
    // The first try gave up its snapshot, the catch-up ran, the second try answered; the next search took one.
    expect(log.filter((statements) => statements[0]?.startsWith('SET TRANSACTION'))).toHaveLength(3);
  });

  it.skipIf(engine === 'postgres' && !services)('a designer written through the store is found by its new word at once', async () => {
    await writer.upsert(designer('bo-two', { description: 'Collects woodtype' }));
    const found = await search.searchDesigners({ q: 'woodtype' }, PAGE);
    expect(found.items.map((d) => d.slug)).toEqual(['bo-two']);
  });
});

describe.skipIf(!services)('the search-text queue on a Postgres server, with a writer holding a change to a queued designer', () => {
  let store: TestStore;
  let search: PostgresSearchRepository;
  const slugsFor = async (q: string) => (await search.searchDesigners({ q }, PAGE)).items.map((d) => d.slug);

  beforeAll(async () => {
    store = await openTestStore('postgres', 'search_text_queue_race', services!.postgres);
    await new DesignerWriter(store.db).upsert(DesignerImportSchema.parse(designerRecord('ana-one', { description: 'Loves letterpress' })));
    search = new PostgresSearchRepository(store.db, { publicBaseUrl: 'https://d.example/', timeoutMs: 10_000 });
    await search.prepare();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('a catch-up that runs while the writer is uncommitted leaves the writer\'s change queued: it is searchable once committed', async () => {
    // A committed change, queued and not yet caught up.
    await store.db.query(`UPDATE designers SET description = 'Loves woodcut' WHERE slug = 'ana-one'`);
    await store.db.transaction(async (tx) => {
      // A second writer changes the same designer and holds its transaction open. Its trigger queues the
      // designer too, while the first change's queue row is still there.
      await tx.query(`UPDATE designers SET description = 'Loves linocut' WHERE slug = 'ana-one'`);
      // A search meanwhile (on another connection) catches up the committed change and sees it.
      expect(await slugsFor('woodcut')).toEqual(['ana-one']);
      expect(await slugsFor('linocut')).toEqual([]);
    });
    // Once the writer commits, its change is caught up by the next search: it was not consumed with the first.
    expect(await slugsFor('linocut')).toEqual(['ana-one']);
    expect(await slugsFor('woodcut')).toEqual([]);
  });
});
