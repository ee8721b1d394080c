import type { Config } from '../config/config.schema.ts';
import { usingElasticsearch } from '../config/unusable-service.errors.ts';
import { CursorCodec } from '../search/cursor.codec.ts';
import { createElasticsearchClient } from '../search/elasticsearch/es-client.factory.ts';
import { ElasticsearchIndexManager, indexSettings } from '../search/elasticsearch/es-index-manager.ts';
import { ElasticsearchSearchRepository, searchClientTimeoutMs } from '../search/elasticsearch/es-search.repository.ts';
import { indexNames } from '../search/elasticsearch/index-names.ts';
import { PostgresSearchRepository } from '../search/postgres/pg-search.repository.ts';
import type { SearchPort } from '../search/search.port.ts';
import type { SynonymSource } from '../search/query-synonyms.ts';
import { StoredSynonyms } from '../search/postgres/stored-synonyms.repository.ts';
import { loadCursorSecret } from '../store/cursor-secret.repository.ts';
import type { Db } from '../store/db.ts';

export interface SearchEngine {
  search: SearchPort;
  /** Creates indices or tables the engine needs; idempotent. */
  prepare(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Cursors signed with CURSOR_SECRET when it is set, else with the secret the store keeps: either way one
 * key for every replica on the database and across restarts. Read once, at start.
 */
export async function cursorCodecFor(config: Pick<Config, 'CURSOR_SECRET'>, db: Db): Promise<CursorCodec> {
  return new CursorCodec(config.CURSOR_SECRET ?? (await loadCursorSecret(db)));
}

/** `cursors`: the codec every replica shares (cursorCodecFor); tests that build one engine alone may leave it out. */
export interface SearchEngineDeps {
  cursors?: CursorCodec;
  /**
   * The synonyms searches apply: the curated list with the rules curators stored (StoredSynonyms over the
   * store). Absent: the Postgres engine reads its own store's; Elasticsearch applies the curated list alone.
   */
  synonyms?: SynonymSource;
}

export function createElasticsearchEngine(
  config: Pick<Config, 'ELASTICSEARCH_URL' | 'ES_INDEX_PREFIX' | 'SEARCH_TIMEOUT_MS'> &
    Partial<Pick<Config, 'ES_MAX_OPEN_PITS' | 'ES_MAX_OPEN_PITS_PER_CLIENT' | 'ES_SNIFF' | 'ES_INDEX_REPLICAS' | 'ES_INDEX_SHARDS'>>,
  deps: SearchEngineDeps = {},
): SearchEngine {
  if (!config.ELASTICSEARCH_URL) throw new Error('ELASTICSEARCH_URL is not set');
  const client = createElasticsearchClient({
    url: config.ELASTICSEARCH_URL,
    requestTimeoutMs: searchClientTimeoutMs(config.SEARCH_TIMEOUT_MS),
    sniff: config.ES_SNIFF === 'on',
  });
  const names = indexNames(config.ES_INDEX_PREFIX);
  const manager = new ElasticsearchIndexManager(client, names, indexSettings(config));
  const url = config.ELASTICSEARCH_URL;
  return {
    search: new ElasticsearchSearchRepository(client, names, {
      maxOpenSnapshots: config.ES_MAX_OPEN_PITS,
      maxOpenSnapshotsPerClient: config.ES_MAX_OPEN_PITS_PER_CLIENT,
      cursors: deps.cursors,
      searchTimeoutMs: config.SEARCH_TIMEOUT_MS,
      ...(deps.synonyms ? { synonyms: deps.synonyms } : {}),
    }),
    prepare: () => usingElasticsearch(url, () => manager.ensureIndices()),
    close: () => client.close(),
  };
}

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

/** SEARCH_BACKEND decides (default: elasticsearch when ELASTICSEARCH_URL is set, else postgres). */
export function createSearchEngine(config: Config, deps: { db: Db; cursors: CursorCodec }): SearchEngine {
  const { cursors } = deps;
  // Both engines read the stored synonyms from the store every replica shares: a rule a curator adds is in force everywhere.
  const synonyms = new StoredSynonyms(deps.db);
  return config.SEARCH_BACKEND === 'elasticsearch'
    ? createElasticsearchEngine(config, { cursors, synonyms })
    : createPostgresEngine(deps.db, config, { cursors, synonyms });
}
