import type { Config } from '../config/config.schema.ts';
import type { Logger } from '../logging/logger.ts';
import { createPgDb, createPgliteDb, type Db } from './db.ts';
import { migrate } from './migrate.ts';

/**
 * The source-of-truth store from the configuration: the Postgres server at DATABASE_URL, or else the
 * embedded PGlite under DATA_DIR. Migrations are applied before it is handed out.
 */
export async function openStore(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>, logger?: Logger): Promise<Db> {
  const db = config.DATABASE_URL ? createPgDb(config.DATABASE_URL) : await createPgliteDb(config.DATA_DIR);
  try {
    await migrate(db, logger ? { logger } : {});
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** True when the store holds no designer and no open role at all: a first start. */
export async function isStoreEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ empty: boolean }>(
    'SELECT NOT EXISTS (SELECT 1 FROM designers) AND NOT EXISTS (SELECT 1 FROM open_roles) AS empty',
  );
  return rows[0]?.empty === true;
}
