import type { Config } from '../config/config.schema.ts';
import { postgresService, usingService } from '../config/unusable-service.errors.ts';
import type { Logger } from '../logging/logger.ts';
import { createPgDb, createPgliteDb, type Db } from './db.ts';
import { migrate } from './migrate.ts';

/**
 * The source-of-truth store from the configuration: the Postgres server at DATABASE_URL, or else the
 * embedded PGlite under DATA_DIR. Migrations are applied before it is handed out; a store that cannot be
 * opened or migrated is an UnusableServiceError naming its setting.
 */
export async function openStore(config: StoreConfig, logger?: Logger): Promise<Db> {
  return (await openMigratedStore(config, logger)).db;
}

/** openStore, also saying which migrations it applied (the migrate command prints them). */
export async function openMigratedStore(config: StoreConfig, logger?: Logger): Promise<{ db: Db; applied: string[] }> {
  const url = config.DATABASE_URL;
  const { what, setting } = storeService(config);
  return usingService(what, setting, async () => migrated(url ? createPgDb(url) : await createPgliteDb(config.DATA_DIR), logger));
}

/** The store as messages name it: what it is and where, and the setting that chose it. */
export function storeService(config: StoreConfig): { what: string; setting: 'DATABASE_URL' | 'DATA_DIR' } {
  return config.DATABASE_URL
    ? { what: postgresService(config.DATABASE_URL), setting: 'DATABASE_URL' }
    : { what: `the embedded store in ${config.DATA_DIR}`, setting: 'DATA_DIR' };
}

type StoreConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>;

async function migrated(db: Db, logger?: Logger): Promise<{ db: Db; applied: string[] }> {
  try {
    const applied = await migrate(db, logger ? { logger } : {});
    return { db, applied };
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
