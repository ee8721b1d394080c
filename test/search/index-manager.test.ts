import { afterAll, describe, expect, it } from 'vitest';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchIndexManager } from '../../shared/search/elasticsearch/es-index.manager.ts';
import { indexNames } from '../../shared/search/elasticsearch/index-names.ts';
import { requireServices, uniqueName } from '../support/services.ts';

const services = requireServices('elasticsearch');

describe.skipIf(!services)('ElasticsearchIndexManager.ensureIndices', () => {
  const client = createElasticsearchClient({ url: services?.elasticsearch ?? 'http://127.0.0.1:1', requestTimeoutMs: 30_000 });
  const names = indexNames(uniqueName('index_manager'));
  const managers = Array.from({ length: 4 }, () => new ElasticsearchIndexManager(client, names));

  afterAll(async () => {
    await managers[0]!.dropAll();
    await client.close();
  });

  it('leaves each alias on exactly one write index when several processes start at once', async () => {
    await Promise.all(managers.map((m) => m.ensureIndices()));
    for (const alias of Object.values(names)) {
      const response = await client.indices.getAlias({ name: alias });
      const indices = Object.entries(response);
      expect(indices.map(([index]) => index)).toEqual([`${alias}_v1`]);
      expect(indices[0]![1].aliases[alias]?.is_write_index).toBe(true);
    }
    expect((await managers[0]!.listVersions('designers')).map((v) => v.version)).toEqual([1]);
  });

  it('is idempotent once the aliases exist', async () => {
    await managers[1]!.ensureIndices();
    expect(await managers[1]!.currentIndex('designers')).toBe(`${names.designers}_v1`);
  });

  it('builds a fresh version when version 1 exists without its alias', async () => {
    await client.indices.deleteAlias({ index: `${names.designers}_v1`, name: names.designers });
    await managers[2]!.ensureIndices();
    expect(await managers[2]!.currentIndex('designers')).toBe(`${names.designers}_v2`);
  });
});
