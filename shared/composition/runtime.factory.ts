import type { Config } from '../config/config.schema.ts';
import type { Logger } from '../logging/logger.ts';
import type { SearchPort } from '../search/search.port.ts';
import type { Db } from '../store/db.ts';
import { createElasticsearchBackend } from './search-backend.factory.ts';

/** Everything the API process runs on, chosen from the configuration. */
export interface Runtime {
  search: SearchPort;
  /** The source-of-truth store, when one is configured. */
  db?: Db;
  close(): Promise<void>;
}

export async function createRuntime(config: Config, _logger: Logger): Promise<Runtime> {
  const backend = createElasticsearchBackend(config);
  await backend.prepare();
  return { search: backend.search, close: () => backend.close() };
}
