import { readdirSync } from 'node:fs';
import { runner } from 'node-pg-migrate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import type { DesignerFilters } from '../../shared/domain/designer-search.schema.ts';
import { designerSearchSpec, LISTED_US } from '../../shared/search/postgres/designer-query.builder.ts';
import { NO_QUERY_TERMS } from '../../shared/search/postgres/query-terms.ts';
import { PostgresSearchRepository } from '../../shared/search/postgres/pg-search.repository.ts';
import { countStatement, pageStatement, type Statement } from '../../shared/search/postgres/sql-builder.ts';
import type { Db } from '../../shared/store/db.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { migrate, MIGRATIONS_DIR, MIGRATIONS_TABLE } from '../../shared/store/migrate.ts';
import { requireServices } from '../support/services.ts';
import { designerRecord, type Engine, openTestStore, type TestStore } from '../store/test-store.ts';

const services = requireServices('postgres');
const engines: Engine[] = ['pglite', 'postgres'];
const PAGE = { limit: 10, offset: 0 } as const;
const COPIES_MIGRATION = '1764800000000_designer-search-listing';

/** Search rows whose copies of the designer's listed state, category or listed_at differ from it. */
async function driftedCopies(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ slug: string }>(
    `SELECT d.slug FROM designers d JOIN designer_search s ON s.designer_id = d.id
      WHERE s.category IS DISTINCT FROM d.category
         OR s.listed IS DISTINCT FROM (d.status = 'published' AND d.opted_in)
         OR s.listed_us IS DISTINCT FROM ${LISTED_US}
      ORDER BY d.slug`,
  );
  return rows.map((r) => r.slug);
}

interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/** The table each plan node that reads one reads, in plan order. */
async function tablesRead(db: Db, statement: Statement): Promise<string[]> {
  const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.params);
  const raw = rows[0]!['QUERY PLAN'];
  const [root] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const tables: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name']) tables.push(node['Relation Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root!.Plan);
  return tables;
}

describe.each(engines)('the designer search filters and orders on the search row (%s)', (engine) => {
  let store: TestStore;
  let search: PostgresSearchRepository;
  let writer: DesignerWriter;
  const designer = (slug: string, overrides: Record<string, unknown> = {}) => DesignerImportSchema.parse(designerRecord(slug, overrides));
  const slugs = async (filters: DesignerFilters) => (await search.searchDesigners(filters, PAGE)).items.map((d) => d.slug);

  beforeAll(async () => {
    if (engine === 'postgres' && !services) return;
    store = await openTestStore(engine, 'search_row_listing', services?.postgres ?? null);
    writer = new DesignerWriter(store.db);
    search = new PostgresSearchRepository(store.db, { publicBaseUrl: 'https://d.example/', timeoutMs: 10_000 });
    await search.prepare();
    for (const [i, slug] of ['ana-one', 'bo-two', 'cy-three', 'di-four'].entries()) {
      await writer.upsert(designer(slug, { category: 'brand', location: 'Austin, US', listed_at: `2026-0${i + 1}-01T00:00:00.000Z` }));
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  it.skipIf(engine === 'postgres' && !services)(
    'a designer changed by hand-written SQL (category, status, opt-out, listed_at) is filtered and ordered by its new values at the next search',
    async () => {
      expect(await slugs({ category: 'brand', location: 'US' })).toEqual(['di-four', 'cy-three', 'bo-two', 'ana-one']);

      await store.db.query(`UPDATE designers SET category = 'motion' WHERE slug = 'bo-two'`);
      expect(await slugs({ category: 'brand', location: 'US' })).toEqual(['di-four', 'cy-three', 'ana-one']);
      expect(await slugs({ category: 'motion' })).toEqual(['bo-two']);

      await store.db.query(`UPDATE designers SET status = 'draft' WHERE slug = 'cy-three'`);
      await store.db.query(`UPDATE designers SET opted_in = false WHERE slug = 'di-four'`);
      expect(await slugs({ category: 'brand' })).toEqual(['ana-one']);
      expect((await search.searchDesigners({}, PAGE)).total).toBe(2);

      // Newest listed first: moving ana-one's listed_at after bo-two's moves it ahead.
      expect(await slugs({})).toEqual(['bo-two', 'ana-one']);
      await store.db.query(`UPDATE designers SET listed_at = '2026-06-01T00:00:00Z' WHERE slug = 'ana-one'`);
      expect(await slugs({})).toEqual(['ana-one', 'bo-two']);

      await store.db.query(`UPDATE designers SET status = 'published', opted_in = true WHERE slug IN ('cy-three', 'di-four')`);
      expect(await slugs({ location: 'US' })).toEqual(['ana-one', 'di-four', 'cy-three', 'bo-two']);
      expect(await driftedCopies(store.db)).toEqual([]);
    },
  );

  it.skipIf(engine === 'postgres' && !services)(
    'a search that filters on nothing but the search row never reads the designers table for its matches; one by slug still joins it',
    async () => {
      const spec = designerSearchSpec({ category: 'brand', location: 'US' }, NO_QUERY_TERMS);
      // The count: no designers at all (the planner leaves out the join nothing refers to).
      expect(await tablesRead(store.db, countStatement(spec))).not.toContain('designers');
      // The page: designers once, for the page's own rows (their profile), never for the matching.
      const designersIn = async (statement: Statement) => (await tablesRead(store.db, statement)).filter((t) => t === 'designers').length;
      expect(await designersIn(pageStatement(spec, PAGE))).toBe(1);

      // A filter on a column only the designer holds keeps the join: twice in the page, once in the count.
      const bySlug = designerSearchSpec({ slug: 'bo-two' }, NO_QUERY_TERMS);
      expect(await designersIn(countStatement(bySlug))).toBe(1);
      expect(await designersIn(pageStatement(bySlug, PAGE))).toBe(2);
      expect(await slugs({ slug: 'bo-two' })).toEqual(['bo-two']);
    },
  );
});

describe.each(engines)('the migration that copies the listed state onto the search row (%s)', (engine) => {
  let store: TestStore;

  beforeAll(async () => {
    if (engine === 'postgres' && !services) return;
    store = await openTestStore(engine, 'search_row_listing_migration', services?.postgres ?? null, { migrate: false });
  });
  afterAll(async () => {
    await store?.close();
  });

  it.skipIf(engine === 'postgres' && !services)('fills the copies of the rows already there', async () => {
    // Every migration before it, then a designer and its search row as the release before wrote them.
    const names = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).map((f) => f.slice(0, -'.sql'.length)).sort();
    const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    await store.db.withPgClient(async (client) => {
      await runner({ dbClient: client, dir: MIGRATIONS_DIR, migrationsTable: MIGRATIONS_TABLE, direction: 'up', count: names.indexOf(COPIES_MIGRATION), singleTransaction: true, logger: silent });
    });
    await store.db.query(
      `INSERT INTO designers (id, slug, name, description, website, portfolio_preview, category, location, opted_in, status, listed_at)
       VALUES ('d1', 'ana-one', 'Ana One', 'x', 'https://a.example', 'https://a.example/p.jpg', 'brand', 'Austin, US', true, 'published', '2026-03-01T00:00:00Z'),
              ('d2', 'bo-two', 'Bo Two', 'x', 'https://b.example', 'https://b.example/p.jpg', 'motion', 'Austin, US', false, 'published', '2026-04-01T00:00:00Z')`,
    );
    await store.db.query(`INSERT INTO designer_search (designer_id, source_version, text_tsv, location_tsv, company_tsv) SELECT id, version, '', '', '' FROM designers`);

    expect(await migrate(store.db)).toContain(COPIES_MIGRATION);
    expect(await driftedCopies(store.db)).toEqual([]);
    const { rows } = await store.db.query<{ designer_id: string; category: string; listed: boolean }>(
      'SELECT designer_id, category, listed FROM designer_search ORDER BY designer_id',
    );
    expect(rows).toEqual([
      { designer_id: 'd1', category: 'brand', listed: true },
      { designer_id: 'd2', category: 'motion', listed: false },
    ]);
  });
});
