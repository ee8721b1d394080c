import type { Config } from '../config/config.schema.ts';
import { CursorCodec } from '../search/cursor.codec.ts';
import { StoredSynonyms } from '../search/postgres/stored-synonyms.repository.ts';
import { loadCursorSecret } from '../store/cursor-secret.repository.ts';
import type { Db } from '../store/db.ts';
import { createPostgresEngine } from './postgres-engine.factory.ts';
import type { SearchEngine } from './search-engine.ts';

/**
 * Cursors signed with CURSOR_SECRET when it is set, else with the secret the store keeps: either way one
 * key for every replica on the database and across restarts. Read once, at start.
 */
export async function cursorCodecFor(config: Pick<Config, 'CURSOR_SECRET'>, db: Db): Promise<CursorCodec> {
  return new CursorCodec(config.CURSOR_SECRET ?? (await loadCursorSecret(db)));
}

/**
 * SEARCH_BACKEND decides (default: elasticsearch when ELASTICSEARCH_URL is set, else postgres). The
 * Elasticsearch engine is imported only when chosen: its client is the largest module the API could load,
 * and the embedded default never uses it: loaded, it would hold about 12 MiB of the embedded API's heap.
 */
export async function createSearchEngine(config: Config, deps: { db: Db; cursors: CursorCodec }): Promise<SearchEngine> {
  const { cursors } = deps;
  // Both engines read the stored synonyms from the store every replica shares: a rule a curator adds is in force everywhere.
  const synonyms = new StoredSynonyms(deps.db);
  if (config.SEARCH_BACKEND !== 'elasticsearch') return { ...createPostgresEngine(deps.db, config, { cursors, synonyms }), synonyms };
  const { createElasticsearchEngine } = await import('./elasticsearch-engine.factory.ts');
  return { ...createElasticsearchEngine(config, { cursors, synonyms }), synonyms };
}
