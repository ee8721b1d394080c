import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_VERSION, MAPPING_VERSION } from '../../shared/search/elasticsearch/mappings.ts';
import { requireServices } from '../support/services.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

describe.skipIf(!services)('an index of an earlier release\'s documents is rebuilt when a worker starts', () => {
  let h: IngestHarness;

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'doc_upgrade');
  });

  afterAll(async () => {
    await h?.cleanup();
  });

  const meta = async (index: string) => (await h.es.indices.getMapping({ index }))[index]!.mappings._meta;
  const foundAs = async (location: string) => {
    await h.es.indices.refresh({ index: h.names.designers });
    const response = await h.es.search({ index: h.names.designers, query: { match_phrase: { location } } });
    return response.hits.hits.map((hit) => hit._id);
  };

  it('documents without the country names are rebuilt once, in the background, and a current index is left alone', async () => {
    const munich = await h.insertDesigner({ location: 'Munich, DE' });
    await h.insertDesigners(40);
    let worker = await h.startWorker();
    await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, { timeoutMs: 60_000, what: 'initial sync' });
    const first = (await h.manager.currentIndex('designers'))!;
    expect(await meta(first)).toEqual({ mapping_version: MAPPING_VERSION, document_version: DOCUMENT_VERSION });
    expect(await foundAs('munich germany')).toEqual([munich]);
    await h.stopWorker(worker);

    // The index as the earlier release left it: its documents' locations as written, its _meta without a
    // document version.
    const doc = (await h.getDoc('designers', munich))!;
    await h.es.index({
      index: first,
      id: munich,
      document: { ...doc.source, location: 'munich de' },
      version: doc.version,
      version_type: 'external_gte',
      refresh: true,
    });
    await h.es.indices.putMapping({ index: first, _meta: { mapping_version: MAPPING_VERSION } });
    expect(await foundAs('munich germany')).toEqual([]);
    expect(await h.manager.outdatedDocuments()).toEqual(['designers']);

    worker = await h.startWorker();
    await waitFor(async () => (await h.manager.currentIndex('designers')) !== first, { timeoutMs: 60_000, what: 'the rebuild to swap the alias' });
    expect(await foundAs('munich germany')).toEqual([munich]);
    expect(await meta((await h.manager.currentIndex('designers'))!)).toEqual({ mapping_version: MAPPING_VERSION, document_version: DOCUMENT_VERSION });
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
    expect(await h.manager.outdatedDocuments()).toEqual([]);
    const rebuilds = await worker.context.queues.reindexJobs();
    expect(rebuilds.map((job) => job.data)).toEqual([{ target: 'designers' }]);
    await h.stopWorker(worker);

    // Another start finds every index current: no second rebuild, the alias stays where it is.
    const rebuilt = await h.manager.currentIndex('designers');
    worker = await h.startWorker();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await h.manager.currentIndex('designers')).toBe(rebuilt);
    expect((await worker.context.queues.reindexJobs()).map((job) => job.data)).toEqual([{ target: 'designers' }]);
    await h.stopWorker(worker);
  }, 120_000);
});
