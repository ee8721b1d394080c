import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import type pg from 'pg';
import type { Logger } from '../logging/logger.ts';
import { createPgDb, type Db } from './db.ts';

/** The SQL migration files, shared by every engine: a Postgres server and PGlite run the same ones. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
export const MIGRATIONS_TABLE = 'pgmigrations';

export interface MigrateOptions {
  logger?: Pick<Logger, 'info' | 'debug' | 'warn' | 'error'>;
}

async function runUp(client: pg.ClientBase, options: MigrateOptions): Promise<string[]> {
  const log = options.logger;
  const applied = await runner({
    dbClient: client,
    dir: MIGRATIONS_DIR,
    migrationsTable: MIGRATIONS_TABLE,
    direction: 'up',
    // Several processes (API, worker, CLI) may start together: the later ones wait for the first.
    advisoryLockMode: 'wait',
    singleTransaction: true,
    logger: {
      debug: (msg) => log?.debug(msg),
      info: (msg) => log?.debug(msg),
      warn: (msg) => log?.warn(msg),
      error: (msg) => log?.error(msg),
    },
  });
  const names = applied.map((m) => m.name);
  if (names.length > 0) {
    // New tables and indices have no statistics; without them the planner guesses, and at scale it
    // guesses table scans. ANALYZE is cheap on an empty or small database.
    await client.query('ANALYZE');
    log?.info({ migrations: names }, 'database migrated');
  }
  return names;
}

/**
 * Applies every pending migration (node-pg-migrate, SQL files under ./migrations); idempotent. Takes an
 * open Db (a pg Pool or PGlite) or a connection string. Returns the names of the migrations it applied.
 */
export async function migrate(target: Db | string, options: MigrateOptions = {}): Promise<string[]> {
  if (typeof target === 'string') {
    const db = createPgDb(target, { max: 1 });
    try {
      return await db.withPgClient((client) => runUp(client, options));
    } finally {
      await db.close();
    }
  }
  return target.withPgClient((client) => runUp(client, options));
}
