import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../../shared/search/elasticsearch/es-index-manager.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { indexNames } from '../../shared/search/elasticsearch/index-names.ts';
import { DESIGNERS, isListed, LISTED, toIndexedDesigner } from '../contract/fixtures.ts';
import { requireServices, uniqueName } from '../support/services.ts';

/**
 * On Elasticsearch, the facets of a browse by filters are a request of their own with no hits, which the
 * shard request cache keeps until the index changes (buildFacetCountRequest); a free-text search counts in
 * its own request and leaves the cache alone. Counts stay exact either way.
 */
const services = requireServices('elasticsearch');

describe.skipIf(!services)('facet counts of a browse on Elasticsearch: cached until the index changes', () => {
  const prefix = uniqueName('facet_cache');
  const names = indexNames(prefix);
  const client = createElasticsearchClient({ url: services?.elasticsearch ?? 'http://127.0.0.1:9200', requestTimeoutMs: 30_000 });
  const manager = new ElasticsearchIndexManager(client, names);
  const writer = new ElasticsearchDocumentWriter(client, names);
  const repository = new ElasticsearchSearchRepository(client, names);
  const page = { limit: 3, offset: 0 };

  beforeAll(async () => {
    await manager.ensureIndices();
    await writer.indexDesigners(DESIGNERS.filter(isListed).map(toIndexedDesigner));
    await manager.refresh();
  }, 120_000);

  afterAll(async () => {
    await manager.dropAll();
    await client.close();
  });

  const cacheStats = async () => {
    const stats = await client.indices.stats({ index: names.designers, metric: 'request_cache' });
    const cache = stats._all.total?.request_cache;
    return { hits: cache?.hit_count ?? 0, misses: cache?.miss_count ?? 0 };
  };
  const categoryCounts = (facets: { category?: { value: string; count: number }[] } | undefined) =>
    Object.fromEntries((facets?.category ?? []).map(({ value, count }) => [value, count]));
  const tally = (categories: string[]) => categories.reduce<Record<string, number>>((counts, c) => ({ ...counts, [c]: (counts[c] ?? 0) + 1 }), {});

  it('counts a browse exactly, and answers the same browse again from the shard request cache', async () => {
    const before = await cacheStats();
    const first = await repository.searchDesigners({}, page, { facets: ['category', 'remote'] });
    const second = await repository.searchDesigners({}, page, { facets: ['category', 'remote'] });
    const after = await cacheStats();

    expect(categoryCounts(first.facets)).toEqual(tally(LISTED.map((d) => d.category)));
    expect(second.facets).toEqual(first.facets);
    expect(second.items.map((d) => d.id)).toEqual(first.items.map((d) => d.id));
    expect(after.misses - before.misses).toBeGreaterThanOrEqual(1);
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(1);
  });

  it('counts a designer indexed since at once: the cache keeps no count past a change to the index', async () => {
    const browse = () => repository.searchDesigners({}, page, { facets: ['category'] });
    const before = categoryCounts((await browse()).facets);
    const added = toIndexedDesigner(LISTED[0]!);
    await writer.indexDesigners([{ ...added, designer: { ...added.designer, id: 'facet-cache-added', slug: 'facet-cache-added' } }]);
    await manager.refresh();

    const category = LISTED[0]!.category;
    expect(categoryCounts((await browse()).facets)).toEqual({ ...before, [category]: before[category]! + 1 });
  });

  it('counts a free-text search in its own request, leaving the cache alone', async () => {
    const q = LISTED[0]!.name.split(' ')[0]!;
    const before = await cacheStats();
    const found = await repository.searchDesigners({ q }, { limit: 50, offset: 0 }, { facets: ['category'] });
    const after = await cacheStats();

    expect(found.total).toBeGreaterThan(0);
    expect(Object.values(categoryCounts(found.facets)).reduce((sum, n) => sum + n, 0)).toBe(found.total);
    expect(after).toEqual(before);
  });
});
