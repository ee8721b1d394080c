import type { Client } from '@elastic/elasticsearch';
import type { Config } from '../../config/config.schema.ts';
import { MissingServiceError } from '../../config/unusable-service.errors.ts';
import type { Logger } from '../../logging/logger.ts';
import { createElasticsearchClient } from '../../search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../../search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager, indexSettings } from '../../search/elasticsearch/es-index-manager.ts';
import { indexNames } from '../../search/elasticsearch/index-names.ts';
import { createPgDb, type Db } from '../../store/db.ts';
import { DesignerReader } from '../../store/designer.reader.ts';
import { OpenRoleReader } from '../../store/open-role.reader.ts';
import { ChangeLogRepository } from '../outbox/change-log.repository.ts';
import { IngestQueues } from './ingest-queues.ts';
import { createRedisConnection } from './redis-connection.factory.ts';

export type IngestConfig = Pick<
  Config,
  'DATABASE_URL' | 'REDIS_URL' | 'ELASTICSEARCH_URL' | 'ES_INDEX_PREFIX' | 'QUEUE_PREFIX' | 'PUBLIC_BASE_URL'
> &
  Partial<Pick<Config, 'ES_SNIFF' | 'ES_INDEX_REPLICAS' | 'ES_INDEX_SHARDS'>>;

/** Everything the ingest jobs, the relay and the curator tools work with. */
export interface IngestContext {
  logger: Logger;
  db: Db;
  es: Client;
  changeLog: ChangeLogRepository;
  designers: DesignerReader;
  openRoles: OpenRoleReader;
  manager: ElasticsearchIndexManager;
  writer: ElasticsearchDocumentWriter;
  queues: IngestQueues;
  /** The producer connection behind `queues` (the relay, the CLI and the admin API write through it). */
  redis: ReturnType<typeof createRedisConnection>;
  close(): Promise<void>;
}

/** Checks the three services are configured; the ingest pipeline has no embedded fallback. */
export function requireIngestServices(
  config: IngestConfig,
  what: string,
): { databaseUrl: string; redisUrl: string; elasticsearchUrl: readonly string[] } {
  const missing = (['DATABASE_URL', 'REDIS_URL', 'ELASTICSEARCH_URL'] as const).filter((k) => !config[k]);
  if (missing.length) throw new MissingServiceError(missing, what);
  return { databaseUrl: config.DATABASE_URL!, redisUrl: config.REDIS_URL!, elasticsearchUrl: config.ELASTICSEARCH_URL! };
}

export interface IngestContextOptions {
  /** Postgres pool size: the worker needs one per concurrent job, plus the relay and a reindex lock. */
  poolSize?: number;
  /** Elasticsearch request timeout; bulk loads need more than the API's search timeout. */
  esRequestTimeoutMs?: number;
  /**
   * Where the queues' connection errors go (default: a warning per error). A command that checks Redis
   * before it starts and fails on it reports the failure itself, so it need not log every retry.
   */
  onQueueError?: (error: Error) => void;
}

export function createIngestContext(config: IngestConfig, logger: Logger, options: IngestContextOptions = {}): IngestContext {
  const urls = requireIngestServices(config, 'The ingest pipeline');
  const db = createPgDb(urls.databaseUrl, { max: options.poolSize ?? 10 });
  const es = createElasticsearchClient({
    url: urls.elasticsearchUrl,
    requestTimeoutMs: options.esRequestTimeoutMs ?? 30_000,
    sniff: config.ES_SNIFF === 'on',
  });
  const names = indexNames(config.ES_INDEX_PREFIX);
  const redis = createRedisConnection(urls.redisUrl, 'producer');
  redis.on('error', () => undefined); // reported through the queues' error events and /readyz
  const queues = new IngestQueues(redis, config.QUEUE_PREFIX, options.onQueueError ?? ((error) => logger.warn({ err: error }, 'queue connection error')));
  return {
    logger,
    db,
    es,
    changeLog: new ChangeLogRepository(db),
    designers: new DesignerReader(db, config.PUBLIC_BASE_URL),
    openRoles: new OpenRoleReader(db),
    manager: new ElasticsearchIndexManager(es, names, indexSettings(config)),
    writer: new ElasticsearchDocumentWriter(es, names),
    queues,
    redis,
    async close() {
      await queues.close().catch(() => undefined);
      redis.disconnect();
      await Promise.allSettled([db.close(), es.close()]);
    },
  };
}
