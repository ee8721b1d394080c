import { afterAll, describe, expect, it } from 'vitest';
import { buildDesigner } from '../../shared/domain/designer.builder.ts';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { DEFAULT_INDEX_SETTINGS, ElasticsearchIndexManager } from '../../shared/search/elasticsearch/es-index-manager.ts';
import { indexBody, MAPPING_VERSION } from '../../shared/search/elasticsearch/mappings.ts';
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

describe.skipIf(!services)('ElasticsearchIndexManager: an index from an older release', () => {
  const client = createElasticsearchClient({ url: services?.elasticsearch ?? 'http://127.0.0.1:1', requestTimeoutMs: 30_000 });
  const names = indexNames(uniqueName('index_upgrade'));
  const manager = new ElasticsearchIndexManager(client, names);

  afterAll(async () => {
    await manager.dropAll();
    await client.close();
  });

  it('gains the fields added since, so new documents index, and records the mapping version', async () => {
    // The designer mapping of version 1: no roles field, no _meta.
    const { mappings } = indexBody('designers', DEFAULT_INDEX_SETTINGS);
    const { roles: _roles, ...oldProperties } = mappings.properties!;
    await client.indices.create({
      index: `${names.designers}_v1`,
      mappings: { dynamic: 'strict', properties: oldProperties },
      aliases: { [names.designers]: { is_write_index: true } },
    });
    await manager.ensureIndices();
    const index = `${names.designers}_v1`;
    const upgraded = (await client.indices.getMapping({ index }))[index]!.mappings;
    // The mapping is current; the documents are still the earlier release's, and a worker rebuilds them.
    expect(upgraded._meta).toEqual({ mapping_version: MAPPING_VERSION, document_version: 1 });
    expect(await manager.outdatedDocuments()).toEqual(['designers']);
    expect(upgraded.properties?.roles).toMatchObject({ type: 'nested' });
    expect(await manager.upgradeMapping('designers')).toBe(false);

    const writer = new ElasticsearchDocumentWriter(client, names);
    const designer = buildDesigner(
      {
        id: 'u1', slug: 'ana-up', name: 'Ana Up', website: 'https://a.example', portfolio_preview: 'https://a.example/p.jpg', category: 'brand',
        location: 'Berlin, DE', current_role: { title: 'Brand Designer', company: 'Acme', company_url: null },
      },
      'https://d.example',
    );
    const result = await writer.indexDesigners([{ designer, listed_at: '2026-01-01T00:00:00.000Z', version: 1 }]);
    expect(result.failed).toEqual([]);
  });
});

describe.skipIf(!services)('ElasticsearchIndexManager: an index whose fields changed since', () => {
  const client = createElasticsearchClient({ url: services?.elasticsearch ?? 'http://127.0.0.1:1', requestTimeoutMs: 30_000 });
  const names = indexNames(uniqueName('index_changed'));
  const manager = new ElasticsearchIndexManager(client, names);

  afterAll(async () => {
    await manager.dropAll();
    await client.close();
  });

  it('starts on an index of mapping 2 (the standard analyzer) without touching the changed fields, and has it rebuilt', async () => {
    const { mappings } = indexBody('designers', DEFAULT_INDEX_SETTINGS);
    const withStandard = (property: object): object =>
      'analyzer' in property ? { ...property, analyzer: 'standard' } : 'properties' in property ? { ...property, properties: standardEverywhere((property as { properties: Record<string, object> }).properties) } : property;
    const standardEverywhere = (properties: Record<string, object>) => Object.fromEntries(Object.entries(properties).map(([name, p]) => [name, withStandard(p)]));
    const index = `${names.designers}_v1`;
    await client.indices.create({
      index,
      mappings: { dynamic: 'strict', _meta: { mapping_version: 2, document_version: 2 }, properties: standardEverywhere(mappings.properties as Record<string, object>) as never },
      aliases: { [names.designers]: { is_write_index: true } },
    });
    // Sending the whole current mapping fails here: "Cannot update parameter [analyzer] from [standard] to [whitespace]".
    await expect(client.indices.putMapping({ index, ...mappings })).rejects.toThrow(/analyzer/);
    await manager.ensureIndices();
    const live = (await client.indices.getMapping({ index }))[index]!.mappings;
    expect(live._meta).toEqual({ mapping_version: MAPPING_VERSION, document_version: 2 });
    expect(live.properties?.name).toMatchObject({ analyzer: 'standard' });
    expect(await manager.outdatedDocuments()).toEqual(['designers']);
  });
});
