import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElasticsearchEngine } from '../../shared/composition/elasticsearch-engine.factory.ts';
import type { SearchEngine } from '../../shared/composition/search-engine.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { buildIndexedDesigner } from '../../shared/domain/designer.builder.ts';
import type { IndexedDesigner } from '../../shared/domain/designer.schema.ts';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../../shared/search/elasticsearch/es-index-manager.ts';
import { indexNames } from '../../shared/search/elasticsearch/index-names.ts';
import { requireServices, uniqueName } from '../support/services.ts';
import { deadPort } from '../support/dead-port.ts';

const services = requireServices('elasticsearch');
const OPERATIONS = 40;

function designer(i: number, tag: string): IndexedDesigner {
  return buildIndexedDesigner(
    { id: `${tag}-${i}`, slug: `${tag}-${i}`, name: `Pooled Designer ${i}`, category: 'brand', location: 'Porto, PT', current_role: null, previous_roles: [] },
    { listed_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() },
  );
}

/**
 * ELASTICSEARCH_URL naming a node that is down beside one that is up, as an operator lists a cluster's
 * nodes: the product's own config parsing, engine (searches) and document writer (writes) go through
 * the node pool, and not one request fails. The dead node is tried, found refusing, retried elsewhere and
 * then left out of the rotation (the cluster pool pings it back later), so it costs one retry, not one
 * per request.
 */
describe.skipIf(!services)('a node pool with a dead node', () => {
  for (const order of ['dead node first', 'dead node last'] as const) {
    describe(order, () => {
      const prefix = uniqueName('node_pool');
      const names = indexNames(prefix);
      let engine: SearchEngine;
      let writer: ElasticsearchDocumentWriter;
      let manager: ElasticsearchIndexManager;
      let close: () => Promise<void>;
      let pool: { connections: { url: URL; status: string }[] };
      /** Requests of the writer's client that needed a retry. */
      let retried = 0;
      let dead = '';

      beforeAll(async () => {
        dead = `http://127.0.0.1:${await deadPort()}`;
        const list = order === 'dead node first' ? [dead, services!.elasticsearch] : [services!.elasticsearch, dead];
        const config = loadConfig({ ELASTICSEARCH_URL: list.join(','), ES_INDEX_PREFIX: prefix, SEARCH_TIMEOUT_MS: '5000' });
        expect(config.ELASTICSEARCH_URL).toEqual(list);
        engine = createElasticsearchEngine(config);
        const client = createElasticsearchClient({ url: config.ELASTICSEARCH_URL!, requestTimeoutMs: 10_000 });
        client.diagnostic.on('response', (_error, result) => {
          if ((result?.meta.attempts ?? 0) > 0) retried += 1;
        });
        writer = new ElasticsearchDocumentWriter(client, names);
        pool = client.connectionPool;
        manager = new ElasticsearchIndexManager(client, names);
        close = async () => {
          await engine.close();
          await manager.dropAll();
          await client.close();
        };
        await engine.prepare();
      });

      afterAll(async () => {
        await close?.();
      });

      it(`${OPERATIONS} writes and ${OPERATIONS * 2} searches, none failed, every write found`, async () => {
        const tag = order === 'dead node first' ? 'first' : 'last';
        const failures: unknown[] = [];
        for (let i = 0; i < OPERATIONS; i += 1) {
          const written = await writer.indexDesigners([designer(i, tag)]).catch((error: unknown) => failures.push(error));
          if (typeof written === 'object' && written.failed.length > 0) failures.push(written.failed[0]);
          await engine.search.searchDesigners({ q: 'pooled designer' }, { limit: 10, offset: 0 }).catch((error: unknown) => failures.push(error));
          await engine.search.findDesigner({ id: `${tag}-0` }).catch((error: unknown) => failures.push(error));
        }
        expect(failures).toEqual([]);
        await manager.refresh();
        const page = await engine.search.searchDesigners({ category: 'brand' }, { limit: 100, offset: 0 });
        expect(page.total).toBe(OPERATIONS);
        expect(await engine.search.isReady()).toBe(true);
        // The writer's client met the dead node once, retried on the live one, and left it out afterwards.
        expect(retried).toBe(1);
        expect(pool.connections.map((c) => [c.url.origin, c.status]).sort()).toEqual(
          [
            [dead, 'dead'],
            [new URL(services!.elasticsearch).origin, 'alive'],
          ].sort(),
        );
      });
    });
  }
});
