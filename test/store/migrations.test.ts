import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDb } from '../../shared/store/db.ts';
import { migrate, MIGRATIONS_DIR, MIGRATIONS_TABLE } from '../../shared/store/migrate.ts';
import { requireServices } from '../support/services.ts';
import { type Engine, openTestStore, type TestStore } from './test-store.ts';

const services = requireServices('postgres');
const engines: Engine[] = ['pglite', 'postgres'];

async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
}

describe.each(engines)('migrations on %s', (engine) => {
  let store: TestStore;

  beforeAll(async () => {
    store = await openTestStore(engine, 'migrations', services?.postgres ?? null, { migrate: false });
  });
  afterAll(async () => {
    await store?.close();
  });

  it.skipIf(engine === 'postgres' && !services)('applies every SQL file once, recorded in the same migrations table', async () => {
    const files = await migrationFiles();
    expect(await migrate(store.db)).toEqual(files);
    const { rows } = await store.db.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY run_on, id`);
    expect(rows.map((r) => r.name)).toEqual(files);
  });

  it.skipIf(engine === 'postgres' && !services)('is idempotent: a second run applies nothing and changes nothing', async () => {
    const before = await store.db.query(`SELECT * FROM ${MIGRATIONS_TABLE} ORDER BY id`);
    expect(await migrate(store.db)).toEqual([]);
    const after = await store.db.query(`SELECT * FROM ${MIGRATIONS_TABLE} ORDER BY id`);
    expect(after.rows).toEqual(before.rows);
  });

  it.skipIf(engine === 'postgres' && !services)('creates the schema the store and the search engine use', async () => {
    const { rows } = await store.db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['change_log', 'designer_roles', 'designer_search', 'designers', 'open_role_search', 'open_roles', 'search_terms']),
    );
    const { rows: ext } = await store.db.query<{ d: number }>(`SELECT levenshtein_less_equal('jhon', 'john', 2) AS d`);
    expect(ext[0]!.d).toBe(2);
  });
});

describe.skipIf(!services)('migrations on a Postgres server by URL', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore('postgres', 'migrations_url', services!.postgres, { migrate: false });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('lets processes that start together migrate at once: one applies, the others wait and find nothing to do', async () => {
    const results = await Promise.all([migrate(store.location), migrate(store.location), migrate(store.location)]);
    const files = await migrationFiles();
    expect(results.map((r) => r.length).sort()).toEqual([0, 0, files.length]);
    const db = createPgDb(store.location, { max: 1 });
    try {
      const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${MIGRATIONS_TABLE}`);
      expect(Number(rows[0]!.n)).toBe(files.length);
    } finally {
      await db.close();
    }
  });
});
