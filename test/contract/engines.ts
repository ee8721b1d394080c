import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createElasticsearchEngine } from '../../shared/composition/elasticsearch-engine.factory.ts';
import { createPostgresEngine } from '../../shared/composition/postgres-engine.factory.ts';
import { DesignerImportSchema } from '../../shared/domain/designer-import.schema.ts';
import { CursorCodec } from '../../shared/search/cursor.codec.ts';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../../shared/search/elasticsearch/es-index-manager.ts';
import { indexNames } from '../../shared/search/elasticsearch/index-names.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';
import { createPgDb, createPgliteDb, type Db } from '../../shared/store/db.ts';
import { deleteRecords } from '../../shared/store/curate/record-deleter.ts';
import { DesignerWriter } from '../../shared/store/designer.writer.ts';
import { importDesignerRecords } from '../../shared/store/import/designer-import.ts';
import { importOpenRoleRecords } from '../../shared/store/import/open-role-import.ts';
import { migrate } from '../../shared/store/migrate.ts';
import { requireServices, uniqueName } from '../support/services.ts';
import { createTempDatabase } from '../support/temp-database.ts';
import {
  DESIGNERS,
  type DesignerFixture,
  isListed,
  isPublishedRole,
  OPEN_ROLES,
  PUBLIC_BASE_URL,
  toIndexedDesigner,
  toOpenRole,
} from './fixtures.ts';

export type EngineName = 'pglite' | 'postgres' | 'elasticsearch';

/** One engine loaded with the contract fixtures, behind the SearchPort the API uses. */
export interface LoadedEngine {
  name: EngineName;
  search: SearchPort;
  /** Writes one more designer the way this engine receives writes (store upsert, or indexing). */
  addDesigner(fixture: DesignerFixture): Promise<void>;
  removeDesigner(id: string): Promise<void>;
  close(): Promise<void>;
}

export interface ContractEngine {
  name: EngineName;
  /** Null when the engine can run here, else why not (requireServices prints it). */
  unavailable(): string | null;
  load(): Promise<LoadedEngine>;
}

const SEARCH_TIMEOUT_MS = 10_000;
/** Every engine signs cursors with it, as replicas sharing CURSOR_SECRET do; tests sign tampered ones to reach the checks behind the signature. */
export const CONTRACT_CURSOR_SECRET = 'contract-suite-cursor-secret-0123456789';
const line = <T>(value: T, i: number) => ({ line: i + 1, value });

/** The store path: the fixtures go through the curator import, the search reads the tables. */
async function loadStore(name: 'pglite' | 'postgres', db: Db, cleanup: () => Promise<void>): Promise<LoadedEngine> {
  try {
    await migrate(db);
    await importDesignerRecords(db, DESIGNERS.map(line));
    await importOpenRoleRecords(db, OPEN_ROLES.map(line));
    const engine = createPostgresEngine(db, { PUBLIC_BASE_URL, SEARCH_TIMEOUT_MS }, { cursors: new CursorCodec(CONTRACT_CURSOR_SECRET) });
    await engine.prepare();
    const designers = new DesignerWriter(db);
    return {
      name,
      search: engine.search,
      addDesigner: async (fixture) => {
        await designers.upsert(DesignerImportSchema.parse(fixture));
      },
      removeDesigner: async (id) => {
        await deleteRecords(db, 'designers', [id]);
      },
      close: async () => {
        await engine.close();
        await cleanup();
      },
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * The Elasticsearch path: what the ingest worker would index (listed designers, published roles,
 * expired ones included), through the same document builders, under a prefix of its own.
 */
async function loadElasticsearch(url: string): Promise<LoadedEngine> {
  const prefix = uniqueName('contract');
  const config = { ELASTICSEARCH_URL: [url], ES_INDEX_PREFIX: prefix, SEARCH_TIMEOUT_MS };
  const engine = createElasticsearchEngine(config, { cursors: new CursorCodec(CONTRACT_CURSOR_SECRET) });
  const client = createElasticsearchClient({ url, requestTimeoutMs: 30_000 });
  const names = indexNames(prefix);
  const manager = new ElasticsearchIndexManager(client, names);
  const writer = new ElasticsearchDocumentWriter(client, names);
  const close = async () => {
    await engine.close();
    await manager.dropAll();
    await client.close();
  };
  try {
    await engine.prepare();
    const designers = await writer.indexDesigners(DESIGNERS.filter(isListed).map(toIndexedDesigner));
    const roles = await writer.indexOpenRoles(OPEN_ROLES.filter(isPublishedRole).map((r) => ({ role: toOpenRole(r), version: 1 })));
    const failed = [...designers.failed, ...roles.failed];
    if (failed.length > 0) throw new Error(`indexing the fixtures failed: ${failed[0]!.reason}`);
    await manager.refresh();
    return {
      name: 'elasticsearch',
      search: engine.search,
      addDesigner: async (fixture) => {
        await writer.indexDesigners([toIndexedDesigner(fixture)]);
        await manager.refresh();
      },
      removeDesigner: async (id) => {
        await writer.bulk([{ op: 'delete', id, version: 1_000 }], names.designers);
        await manager.refresh();
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The engines the contract runs on. Other suites (MCP tools) can run over the same list. */
export const contractEngines: ContractEngine[] = [
  {
    name: 'pglite',
    unavailable: () => null,
    load: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'dd-contract-'));
      const db = await createPgliteDb(dir);
      return loadStore('pglite', db, async () => {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      });
    },
  },
  {
    name: 'postgres',
    unavailable: () => (requireServices('postgres') ? null : 'Postgres is not available'),
    load: async () => {
      const temp = await createTempDatabase(requireServices('postgres')!.postgres, 'contract');
      const db = createPgDb(temp.url, { max: 4 });
      return loadStore('postgres', db, async () => {
        await db.close();
        await temp.drop();
      });
    },
  },
  {
    name: 'elasticsearch',
    unavailable: () => (requireServices('elasticsearch') ? null : 'Elasticsearch is not available'),
    load: () => loadElasticsearch(requireServices('elasticsearch')!.elasticsearch),
  },
];
