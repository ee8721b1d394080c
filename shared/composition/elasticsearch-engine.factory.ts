import type { Config } from '../config/config.schema.ts';
import { usingElasticsearch } from '../config/unusable-service.errors.ts';
import { createElasticsearchClient } from '../search/elasticsearch/es-client.factory.ts';
import { ElasticsearchIndexManager, indexSettings } from '../search/elasticsearch/es-index-manager.ts';
import { ElasticsearchSearchRepository, searchClientTimeoutMs } from '../search/elasticsearch/es-search.repository.ts';
import { indexNames } from '../search/elasticsearch/index-names.ts';
import type { SearchEngine, SearchEngineDeps } from './search-engine.ts';

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
