import type { AddressInfo } from 'node:net';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Client } from '@elastic/elasticsearch';
import { createApp, type AppDeps } from '../../services/api/app.ts';
import { buildIndexedDesigner } from '../../shared/domain/designer.builder.ts';
import type { Designer, IndexedDesigner } from '../../shared/domain/designer.schema.ts';
import { buildIndexedOpenRole } from '../../shared/domain/open-role.builder.ts';
import type { IndexedOpenRole, OpenRole } from '../../shared/domain/open-role.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../../shared/search/elasticsearch/es-index-manager.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { indexNames, type IndexNames } from '../../shared/search/elasticsearch/index-names.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';
import { uniqueName } from '../support/services.ts';

export const PUBLIC_BASE_URL = 'https://directory.test';

export interface HttpResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** An API process on a random port, driven over real HTTP. */
export class RunningApp {
  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
  ) {}

  static async start(deps: AppDeps): Promise<RunningApp> {
    const { app } = createApp(deps);
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const { port } = server.address() as AddressInfo;
    return new RunningApp(server, `http://127.0.0.1:${port}`);
  }

  async get<T = unknown>(path: string, headers: Record<string, string> = {}): Promise<HttpResult<T>> {
    const response = await fetch(`${this.baseUrl}${path}`, { headers });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /**
   * A plain HTTP GET like curl's. fetch() is no good for conditional requests: with If-None-Match set it
   * switches to cache mode no-store and adds "Cache-Control: no-cache", which rightly defeats a 304.
   */
  raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(`${this.baseUrl}${path}`, { method: 'GET', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.closeAllConnections();
      this.server.close((error) => (error ? reject(error) : resolve()));
    });
  }
}

export function appDeps(search: SearchPort, extra: Partial<AppDeps> = {}): AppDeps {
  return {
    search,
    config: { PUBLIC_BASE_URL, CACHE_MAX_AGE_SECONDS: 60 },
    logger: createLogger('silent', 'read-path-test'),
    ...extra,
  };
}

/** One suite's own indices on the shared Elasticsearch node, plus the API in front of them. */
export class ReadPathFixture {
  app!: RunningApp;
  private constructor(
    readonly client: Client,
    readonly names: IndexNames,
    readonly manager: ElasticsearchIndexManager,
    readonly writer: ElasticsearchDocumentWriter,
  ) {}

  static async create(elasticsearchUrl: string, suite: string, extra: Partial<AppDeps> = {}): Promise<ReadPathFixture> {
    const client = createElasticsearchClient({ url: elasticsearchUrl, requestTimeoutMs: 30_000 });
    const names = indexNames(uniqueName(suite));
    const manager = new ElasticsearchIndexManager(client, names);
    await manager.ensureIndices();
    const fixture = new ReadPathFixture(client, names, manager, new ElasticsearchDocumentWriter(client, names));
    fixture.app = await RunningApp.start(appDeps(new ElasticsearchSearchRepository(client, names), extra));
    return fixture;
  }

  async load(data: { designers?: IndexedDesigner[]; openRoles?: IndexedOpenRole[] }): Promise<void> {
    if (data.designers?.length) expectClean(await this.writer.indexDesigners(data.designers));
    if (data.openRoles?.length) expectClean(await this.writer.indexOpenRoles(data.openRoles));
    await this.manager.refresh();
  }

  async dispose(): Promise<void> {
    await this.app?.close();
    await this.manager.dropAll();
    await this.client.close();
  }
}

function expectClean(result: { failed: { reason: string }[] }): void {
  if (result.failed.length > 0) throw new Error(`fixture write failed: ${result.failed[0]!.reason}`);
}

export interface DesignerSpec extends Partial<Omit<Designer, 'slug'>> {
  slug: string;
  listed_at?: string;
  version?: number;
}

/** A complete, valid designer with only the fields a test cares about spelled out. */
export function designer(spec: DesignerSpec): IndexedDesigner {
  const { slug, listed_at = '2025-01-01T00:00:00.000Z', version = 1, ...fields } = spec;
  const name = slug
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
  return buildIndexedDesigner(
    {
      id: `id-${slug}`,
      slug,
      name,
      description: 'Independent designer.',
      website: `https://${slug}.portfolio.example`,
      portfolio_preview: `https://images.example/${slug}.jpg`,
      location: 'Nowhere Special',
      ...fields,
    },
    { listed_at, version, publicBaseUrl: PUBLIC_BASE_URL },
  );
}

const DAY = 86_400_000;

export interface OpenRoleSpec extends Partial<OpenRole> {
  id: string;
  /** Days before now it was posted (fractions allowed); default 1. */
  postedDaysAgo?: number;
  /** Days after now it expires; negative for expired; default 30 - postedDaysAgo. */
  expiresInDays?: number;
  version?: number;
}

export function openRole(spec: OpenRoleSpec, now = new Date()): IndexedOpenRole {
  const { postedDaysAgo = 1, expiresInDays, version, ...fields } = spec;
  const posted = new Date(now.getTime() - postedDaysAgo * DAY);
  const expires = new Date(now.getTime() + (expiresInDays ?? 30 - postedDaysAgo) * DAY);
  return buildIndexedOpenRole(
    {
      company: 'Nobody Inc',
      location: 'Nowhere Special',
      description: 'A role.',
      apply_url: `https://jobs.example/${spec.id}`,
      posted_at: posted.toISOString(),
      expires_at: expires.toISOString(),
      ...fields,
    },
    version ?? 1,
  );
}

export interface ListBody<T> {
  success: boolean;
  data: T[];
  meta: { total: number; limit: number; offset: number; has_more: boolean; next_cursor: string | null };
}

export interface ErrorBody {
  success: false;
  error: string;
  details?: { parameter: string; message: string }[];
}

/** What a cursor carries: the payload before its signature (a test looks; a client never needs to). */
export function cursorPayload<T = Record<string, unknown>>(cursor: string): T {
  return JSON.parse(Buffer.from(cursor.slice(0, cursor.lastIndexOf('.')), 'base64url').toString('utf8')) as T;
}

export const slugsOf = (body: ListBody<Designer>) => body.data.map((d) => d.slug);
export const idsOf = (body: ListBody<{ id: string }>) => body.data.map((d) => d.id);

export function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.append(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
