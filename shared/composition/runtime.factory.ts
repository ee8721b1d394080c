import type { Config } from '../config/config.schema.ts';
import type { Logger } from '../logging/logger.ts';
import { seedStore } from '../sample/seed.ts';
import type { SearchPort } from '../search/search.port.ts';
import type { Db } from '../store/db.ts';
import { isStoreEmpty, openStore } from '../store/open-store.ts';
import { createSearchEngine, cursorCodecFor } from './search-engine.factory.ts';

/** Everything the API process runs on, chosen from the configuration. */
export interface Runtime {
  search: SearchPort;
  /** The source-of-truth store (createRuntime always opens one; test doubles may leave it out). */
  db?: Db;
  close(): Promise<void>;
}

/**
 * Opens the store (Postgres at DATABASE_URL, else embedded PGlite under DATA_DIR) with its migrations
 * applied, then the search engine, its cursors signed with CURSOR_SECRET or else the store's own secret
 * (read here once; the first start on a new store makes it). An embedded store that starts empty gets the
 * sample directory, so a fresh clone serves something at once; a Postgres server is never filled behind
 * the operator's back (`designer-directory seed` does that on request).
 */
export async function createRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const db = await openStore(config, logger);
  try {
    if (db.engine === 'pglite' && (await isStoreEmpty(db))) {
      const started = Date.now();
      const seeded = await seedStore(db, { publicBaseUrl: config.PUBLIC_BASE_URL });
      logger.info(
        { designers: seeded.designers.inserted, openRoles: seeded.openRoles.inserted, ms: Date.now() - started, dataDir: config.DATA_DIR },
        'empty embedded store: loaded the sample directory',
      );
    }
    const engine = await createSearchEngine(config, { db, cursors: await cursorCodecFor(config, db) });
    await engine.prepare();
    return {
      search: engine.search,
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
