import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@elastic/elasticsearch';
import { Redis } from 'ioredis';
import { createJobHandlers } from '../../../services/ingest-worker/job-handlers.ts';
import { type Config, loadConfig } from '../../../shared/config/config.schema.ts';
import { createIngestWorker, type IngestWorker, type IngestWorkerOptions } from '../../../shared/ingest/runtime/ingest-worker.factory.ts';
import { createLogger } from '../../../shared/logging/logger.ts';
import { toDesignerDocument } from '../../../shared/search/elasticsearch/designer.document.ts';
import { createElasticsearchClient } from '../../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchIndexManager } from '../../../shared/search/elasticsearch/es-index-manager.ts';
import { type IndexKind, indexNames, type IndexNames } from '../../../shared/search/elasticsearch/index-names.ts';
import { toOpenRoleDocument } from '../../../shared/search/elasticsearch/open-role.document.ts';
import { createPgDb, type Db } from '../../../shared/store/db.ts';
import { DesignerReader } from '../../../shared/store/designer.reader.ts';
import { migrate } from '../../../shared/store/migrate.ts';
import { OpenRoleReader } from '../../../shared/store/open-role.reader.ts';
import { uniqueName } from '../../support/services.ts';
import { createTempDatabase, type TempDatabase } from '../../support/temp-database.ts';

export const PUBLIC_BASE_URL = 'https://directory.test';

export interface ServiceUrls {
  postgres: string;
  redis: string;
  elasticsearch: string;
}

/** Fast retries for tests: an outage of a few seconds is retried within about a second of its end. */
export const TEST_WORKER_OPTIONS: Partial<IngestWorkerOptions> = {
  backoff: { baseMs: 200, capMs: 1500 },
  relay: { pollIntervalMs: 500, maxRetryDelayMs: 1000, enqueueTimeoutMs: 2000 },
};

export interface DesignerFields {
  slug: string;
  name: string;
  description: string;
  website: string;
  portfolio_preview: string;
  category: string;
  location: string;
  opted_in: boolean;
  status: string;
}

export interface OpenRoleFields {
  title: string;
  company: string;
  location: string;
  remote: boolean;
  employment_type: string;
  category: string;
  description: string;
  apply_url: string;
  placement: string;
  posted_at: Date;
  expires_at: Date;
  status: string;
}

export interface IndexedDoc {
  id: string;
  version: number;
  source: Record<string, unknown>;
}

/**
 * One test file's world: its own database (migrated), index prefix and queue prefix on the shared
 * services, with fixtures that write the store the way curators' tools do (plain SQL through the
 * triggers) and readers that look straight at the index.
 */
export class IngestHarness {
  readonly names: IndexNames;
  readonly manager: ElasticsearchIndexManager;
  readonly designers: DesignerReader;
  readonly openRoles: OpenRoleReader;
  private readonly workers = new Set<IngestWorker>();

  private constructor(
    readonly urls: ServiceUrls,
    readonly database: TempDatabase,
    readonly db: Db,
    readonly es: Client,
    readonly indexPrefix: string,
    readonly queuePrefix: string,
  ) {
    this.names = indexNames(indexPrefix);
    this.manager = new ElasticsearchIndexManager(es, this.names);
    this.designers = new DesignerReader(db, PUBLIC_BASE_URL);
    this.openRoles = new OpenRoleReader(db);
  }

  static async create(urls: ServiceUrls, suite: string): Promise<IngestHarness> {
    const database = await createTempDatabase(urls.postgres, `ingest_${suite}`);
    await migrate(database.url);
    const db = createPgDb(database.url, { max: 5 });
    // A comma-separated list is a node pool, as ELASTICSEARCH_URL takes it.
    const es = createElasticsearchClient({ url: urls.elasticsearch.split(','), requestTimeoutMs: 30_000 });
    const prefix = uniqueName(`ingest_${suite}`);
    return new IngestHarness(urls, database, db, es, prefix, prefix.replace(/_+$/, ''));
  }

  /** The configuration a worker, the CLI or the API of this world reads; overrides point at proxies. */
  config(overrides: Partial<Record<keyof Config, string>> = {}): Config {
    return loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATABASE_URL: this.database.url,
      REDIS_URL: this.urls.redis,
      ELASTICSEARCH_URL: this.urls.elasticsearch,
      ES_INDEX_PREFIX: this.indexPrefix,
      QUEUE_PREFIX: this.queuePrefix,
      PUBLIC_BASE_URL,
      WORKER_CONCURRENCY: '4',
      ...overrides,
    });
  }

  /** Starts an in-process worker; cleanup() stops any still running. */
  async startWorker(
    overrides: Partial<Record<keyof Config, string>> = {},
    options: Partial<IngestWorkerOptions> = {},
  ): Promise<IngestWorker> {
    const config = this.config(overrides);
    const worker = createIngestWorker({
      config,
      logger: createLogger(config.LOG_LEVEL, 'ingest-test'),
      handlers: createJobHandlers,
      options: { ...TEST_WORKER_OPTIONS, ...options },
    });
    this.workers.add(worker);
    await worker.start();
    return worker;
  }

  async stopWorker(worker: IngestWorker, timeoutMs = 10_000): Promise<void> {
    this.workers.delete(worker);
    await worker.stop(timeoutMs);
  }

  // ---- store fixtures (plain SQL: the triggers do the versioning and the outbox) ----

  designerFields(overrides: Partial<DesignerFields> = {}): DesignerFields {
    const tag = randomBytes(4).toString('hex');
    return {
      slug: `designer-${tag}`,
      name: `Designer ${tag}`,
      description: 'Builds calm interfaces',
      website: `https://${tag}.example.com`,
      portfolio_preview: `https://${tag}.example.com/preview.png`,
      category: 'product',
      location: 'Lisbon, PT',
      opted_in: true,
      status: 'published',
      ...overrides,
    };
  }

  async insertDesigner(overrides: Partial<DesignerFields> = {}, roles: { title: string; company: string; current?: boolean }[] = []): Promise<string> {
    const f = this.designerFields(overrides);
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO designers (slug, name, description, website, portfolio_preview, category, location, opted_in, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [f.slug, f.name, f.description, f.website, f.portfolio_preview, f.category, f.location, f.opted_in, f.status],
      );
      const id = rows[0]!.id;
      for (const [position, role] of roles.entries()) {
        await tx.query(
          `INSERT INTO designer_roles (designer_id, position, title, company, company_url, is_current) VALUES ($1, $2, $3, $4, NULL, $5)`,
          [id, position, role.title, role.company, role.current ?? false],
        );
      }
      return id;
    });
  }

  /** Inserts many designers in one statement (the outbox gets one row each). */
  async insertDesigners(count: number, namePrefix = 'Bulk'): Promise<void> {
    await this.db.query(
      `INSERT INTO designers (slug, name, description, website, portfolio_preview, category, location)
       SELECT 'bulk-' || md5(random()::text || g), $1 || ' ' || g, 'Designs things ' || g,
              'https://bulk' || g || '.example.com', 'https://bulk' || g || '.example.com/p.png',
              (ARRAY['product','brand','graphic','motion','3d','director','engineer'])[1 + g % 7], 'Berlin, DE'
         FROM generate_series(1, $2::int) AS g`,
      [namePrefix, count],
    );
  }

  async updateDesigner(id: string, fields: Partial<DesignerFields>): Promise<void> {
    const keys = Object.keys(fields) as (keyof DesignerFields)[];
    await this.db.query(
      `UPDATE designers SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`,
      [id, ...keys.map((k) => fields[k])],
    );
  }

  async deleteDesigner(id: string): Promise<void> {
    await this.db.query(`DELETE FROM designers WHERE id = $1`, [id]);
  }

  async insertOpenRole(overrides: Partial<OpenRoleFields> = {}): Promise<string> {
    const tag = randomBytes(4).toString('hex');
    const now = Date.now();
    const f: OpenRoleFields = {
      title: `Product Designer ${tag}`,
      company: `Company ${tag}`,
      location: 'Remote',
      remote: true,
      employment_type: 'full_time',
      category: 'product',
      description: 'Design the product',
      apply_url: `https://jobs.example.com/${tag}`,
      placement: 'standard',
      posted_at: new Date(now - 3600_000),
      expires_at: new Date(now + 30 * 24 * 3600_000),
      status: 'published',
      ...overrides,
    };
    const { rows } = await this.db.query<{ id: string }>(
      `INSERT INTO open_roles (title, company, location, remote, employment_type, category, description, apply_url, placement, posted_at, expires_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [f.title, f.company, f.location, f.remote, f.employment_type, f.category, f.description, f.apply_url, f.placement, f.posted_at, f.expires_at, f.status],
    );
    return rows[0]!.id;
  }

  async rowVersion(table: 'designers' | 'open_roles', id: string): Promise<number | null> {
    const { rows } = await this.db.query<{ version: string }>(`SELECT version FROM ${table} WHERE id = $1`, [id]);
    return rows[0] ? Number(rows[0].version) : null;
  }

  // ---- index readers ----

  async getDoc(kind: IndexKind, id: string): Promise<IndexedDoc | null> {
    const response = await this.es.search({
      index: this.names[kind],
      query: { ids: { values: [id] } },
      version: true,
    });
    const hit = response.hits.hits[0];
    return hit ? { id: hit._id!, version: hit._version!, source: hit._source as Record<string, unknown> } : null;
  }

  /** Every document behind the alias (refreshed first), by id. */
  async allDocs(kind: IndexKind): Promise<Map<string, IndexedDoc>> {
    await this.es.indices.refresh({ index: this.names[kind] });
    const docs = new Map<string, IndexedDoc>();
    let after: (string | number)[] | undefined;
    for (;;) {
      const response = await this.es.search({
        index: this.names[kind],
        size: 1000,
        sort: [{ id: { order: 'asc' } }],
        version: true,
        ...(after ? { search_after: after } : {}),
      });
      for (const hit of response.hits.hits) {
        docs.set(hit._id!, { id: hit._id!, version: hit._version!, source: hit._source as Record<string, unknown> });
      }
      if (response.hits.hits.length < 1000) return docs;
      after = response.hits.hits.at(-1)!.sort as (string | number)[];
    }
  }

  /**
   * Differences between the listed rows in the store and the documents behind the alias: every id,
   * version and full document content must match, with no extra documents. Empty when equal.
   */
  async diffStoreAndIndex(kind: IndexKind): Promise<string[]> {
    const docs = await this.allDocs(kind);
    const problems: string[] = [];
    const expected = new Map<string, { version: number; source: unknown }>();
    if (kind === 'designers') {
      for await (const d of this.designers.streamListed()) expected.set(d.designer.id, { version: d.version, source: toDesignerDocument(d) });
    } else {
      for await (const r of this.openRoles.streamListed()) expected.set(r.role.id, { version: r.version, source: toOpenRoleDocument(r.role) });
    }
    for (const [id, want] of expected) {
      const got = docs.get(id);
      if (!got) problems.push(`missing ${id}`);
      else if (got.version !== want.version) problems.push(`${id}: version ${got.version}, store ${want.version}`);
      else if (JSON.stringify(got.source) !== JSON.stringify(want.source)) problems.push(`${id}: content differs`);
    }
    for (const id of docs.keys()) if (!expected.has(id)) problems.push(`extra ${id}`);
    return problems;
  }

  async cleanup(): Promise<void> {
    for (const worker of this.workers) await worker.stop(5000).catch(() => undefined);
    this.workers.clear();
    await this.manager.dropAll().catch(() => undefined);
    await this.es.close().catch(() => undefined);
    await deleteRedisKeys(this.urls.redis, this.queuePrefix);
    await this.db.close().catch(() => undefined);
    await this.database.drop();
  }
}

/** Removes this run's queue keys (SCAN on its own prefix only: the Redis server is shared). */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Jobs of one name the worker completed, from its ingest_jobs_total metric. */
export async function completedJobs(worker: IngestWorker, name: string): Promise<number> {
  const metrics = await worker.metrics.registry.getSingleMetricAsString('ingest_jobs_total');
  return Number(new RegExp(`name="${name}",outcome="completed"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);
}

/** Polls until check returns a value other than undefined, null or false; fails with the last value seen. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  { timeoutMs = 20_000, intervalMs = 100, what = 'condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(last)})`);
    await sleep(intervalMs);
  }
}
