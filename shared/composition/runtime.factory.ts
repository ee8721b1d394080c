import type { Config } from '../config/config.schema.ts';
import type { Logger } from '../logging/logger.ts';
import { seedStore } from '../sample/seed.ts';
import type { SearchPort } from '../search/search.port.ts';
import type { SynonymSource } from '../search/query-synonyms.ts';
import { type Db, embeddedDatabaseExists } from '../store/db.ts';
import { isStoreEmpty, openStore } from '../store/open-store.ts';
import { createSearchEngine, cursorCodecFor } from './search-engine.factory.ts';

/** Everything the API process runs on, chosen from the configuration. */
export interface Runtime {
  search: SearchPort;
  /** The synonyms the engine applies (SearchEngine.synonyms). */
  synonyms?: SynonymSource;
  /** The source-of-truth store (createRuntime always opens one; test doubles may leave it out). */
  db?: Db;
  close(): Promise<void>;
}

/** How createRuntime makes a new embedded store; the API's entry point gives fillNewStore. */
export interface RuntimeOptions {
  /**
   * Makes and fills the embedded store when DATA_DIR holds no database yet, before this process opens it.
   * Left out, this process makes and fills it itself.
   */
  fillNewStore?: (logger: Logger) => Promise<void>;
}

/**
 * Opens the store (Postgres at DATABASE_URL, else embedded PGlite under DATA_DIR) with its migrations
 * applied, then the search engine, its cursors signed with CURSOR_SECRET or else the store's own secret
 * (read here once; the first start on a new store makes it). An embedded store that starts empty gets the
 * sample directory, so a fresh clone serves something at once (made by options.fillNewStore when given,
 * else here); a Postgres server is never filled behind the operator's back (`designer-directory seed`
 * does that on request).
 */
export async function createRuntime(config: Config, logger: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  if (options.fillNewStore && !config.DATABASE_URL && !(await embeddedDatabaseExists(config.DATA_DIR))) {
    await options.fillNewStore(logger);
  }
  const db = await openStore(config, logger);
  try {
    if (db.engine === 'pglite') await fillEmptyStore(db, config, logger);
    const engine = await createSearchEngine(config, { db, cursors: await cursorCodecFor(config, db) });
    await engine.prepare();
    return {
      search: engine.search,
      ...(engine.synonyms ? { synonyms: engine.synonyms } : {}),
      db,
      close: async () => {
        await engine.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Loads the sample directory into an embedded store that holds no designer and no open role; does nothing
 * to a store that holds any. Says what it loaded, or null. The search text follows from the engine's
 * prepare(), which createRuntime runs next (and fill-store-main.ts runs in its child).
 */
export async function fillEmptyStore(
  db: Db,
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'DATA_DIR'>,
  logger: Logger,
): Promise<{ designers: number; openRoles: number } | null> {
  if (!(await isStoreEmpty(db))) return null;
  const started = Date.now();
  const seeded = await seedStore(db, { publicBaseUrl: config.PUBLIC_BASE_URL });
  const loaded = { designers: seeded.designers.inserted, openRoles: seeded.openRoles.inserted };
  logger.info({ ...loaded, ms: Date.now() - started, dataDir: config.DATA_DIR }, 'empty embedded store: loaded the sample directory');
  return loaded;
}
