import type { Config } from '../config/config.schema.ts';
import { PostgresSearchRepository } from '../search/postgres/pg-search.repository.ts';
import type { Db } from '../store/db.ts';
import type { SearchEngine, SearchEngineDeps } from './search-engine.ts';

/**
 * Search over the store's own tables: no queue and no worker, the search reads what the store holds.
 * The Db stays the caller's to close. prepare() turns on the database's search-text queue and recomputes
 * text a migration marked stale; after that each search first catches up with the queued rows.
 */
export function createPostgresEngine(
  db: Db,
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'SEARCH_TIMEOUT_MS'>,
  deps: SearchEngineDeps = {},
): SearchEngine {
  const search = new PostgresSearchRepository(db, {
    publicBaseUrl: config.PUBLIC_BASE_URL,
    timeoutMs: config.SEARCH_TIMEOUT_MS,
    cursors: deps.cursors,
    ...(deps.synonyms ? { synonyms: deps.synonyms } : {}),
  });
  return {
    search,
    prepare: () => search.prepare(),
    close: async () => undefined,
  };
}
