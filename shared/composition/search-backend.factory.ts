import type { Config } from '../config/config.schema.ts';
import { createElasticsearchClient } from '../search/elasticsearch/es-client.factory.ts';
import { ElasticsearchIndexManager } from '../search/elasticsearch/es-index.manager.ts';
import { ElasticsearchSearchRepository } from '../search/elasticsearch/es-search.repository.ts';
import { indexNames } from '../search/elasticsearch/index-names.ts';
import type { SearchPort } from '../search/search.port.ts';

export interface SearchBackend {
  search: SearchPort;
  /** Creates indices or tables the backend needs; idempotent. */
  prepare(): Promise<void>;
  close(): Promise<void>;
}

export function createElasticsearchBackend(config: Pick<Config, 'ELASTICSEARCH_URL' | 'ES_INDEX_PREFIX' | 'SEARCH_TIMEOUT_MS'>): SearchBackend {
  if (!config.ELASTICSEARCH_URL) throw new Error('ELASTICSEARCH_URL is not set');
  const client = createElasticsearchClient({ url: config.ELASTICSEARCH_URL, requestTimeoutMs: config.SEARCH_TIMEOUT_MS });
  const names = indexNames(config.ES_INDEX_PREFIX);
  const manager = new ElasticsearchIndexManager(client, names);
  return {
    search: new ElasticsearchSearchRepository(client, names),
    prepare: () => manager.ensureIndices(),
    close: () => client.close(),
  };
}
