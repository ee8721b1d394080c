import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DESIGNER_EXAMPLE } from '../../shared/domain/designer.builder.ts';
import { createPgDb, createPgliteDb, type Db } from '../../shared/store/db.ts';
import { migrate } from '../../shared/store/migrate.ts';
import { createTempDatabase } from '../support/temp-database.ts';

export type Engine = 'postgres' | 'pglite';

export interface TestStore {
  engine: Engine;
  db: Db;
  /** Postgres: the temporary database's URL; PGlite: its data directory. */
  location: string;
  close(): Promise<void>;
}

/**
 * A migrated, empty store for one test file: a new database on the shared Postgres server (dropped
 * afterwards), or a PGlite data directory under the OS temp dir (removed afterwards).
 */
export async function openTestStore(
  engine: Engine,
  suite: string,
  adminUrl: string | null,
  options: { migrate?: boolean } = {},
): Promise<TestStore> {
  if (engine === 'postgres') {
    if (!adminUrl) throw new Error('Postgres is not available');
    const temp = await createTempDatabase(adminUrl, suite);
    const db = createPgDb(temp.url, { max: 4 });
    if (options.migrate !== false) await migrate(db);
    return {
      engine,
      db,
      location: temp.url,
      close: async () => {
        await db.close();
        await temp.drop();
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), `dd-${suite}-`));
  const db = await createPgliteDb(dir);
  if (options.migrate !== false) await migrate(db);
  return {
    engine,
    db,
    location: dir,
    close: async () => {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Everything a write could change, to show that a failed import changed nothing. */
export async function snapshot(db: Db): Promise<unknown> {
  const q = async (sql: string) => (await db.query(sql)).rows;
  return {
    designers: await q('SELECT * FROM designers ORDER BY id'),
    roles: await q('SELECT * FROM designer_roles ORDER BY designer_id, position'),
    openRoles: await q('SELECT * FROM open_roles ORDER BY id'),
    changes: await q('SELECT id, entity, entity_id, op, version FROM change_log ORDER BY id'),
    search: await q('SELECT designer_id, source_version, text_tsv::text FROM designer_search ORDER BY designer_id'),
    roleSearch: await q('SELECT open_role_id, source_version FROM open_role_search ORDER BY open_role_id'),
    terms: await q('SELECT count(*)::int AS n FROM search_terms'),
  };
}

export function designerRecord(slug: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...DESIGNER_EXAMPLE,
    slug,
    name: slug
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' '),
    description: `Designer ${slug}`,
    website: `https://${slug}.example`,
    portfolio_preview: `https://img.example/${slug}.jpg`,
    category: 'product',
    location: 'Berlin, DE',
    current_role: { title: 'Product Designer', company: 'Acme', company_url: 'https://acme.example' },
    previous_roles: [{ title: 'Designer', company: 'Globex', company_url: null }],
    ...overrides,
  };
}

export function openRoleRecord(key: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: `Designer ${key}`,
    company: 'Acme',
    company_url: null,
    location: 'Remote (EU)',
    remote: true,
    employment_type: 'full_time',
    category: 'product',
    description: 'Design things.',
    apply_url: `https://jobs.example/${key}`,
    ...overrides,
  };
}
