import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindex } from '../../shared/ingest/jobs/reindex.job.ts';
import { ingestPorts } from '../../shared/ingest/runtime/ingest-ports.ts';
import type { IngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import type { IndexKind } from '../../shared/search/elasticsearch/index-names.ts';
import { requireServices } from '../support/services.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

/**
 * ES_INDEX_REPLICAS and ES_INDEX_SHARDS reach every index the project writes: the first ones a worker
 * creates, a reindex's (which loads without replicas and gets them back before its swap), and the live
 * ones when the setting changes. On the one-node test cluster a replica stays unassigned (yellow), which
 * is what finishBulkLoad waits for there; the settings are what is checked.
 */
describe.skipIf(!services)('index settings: the configured replicas and shards on every index', () => {
  let h: IngestHarness;
  let worker: IngestWorker;

  async function settingsOf(kind: IndexKind): Promise<{ index: string; replicas: string; autoExpand: string; shards: string }> {
    const index = (await h.manager.currentIndex(kind))!;
    const settings = (await h.es.indices.getSettings({ index, flat_settings: true }))[index]!.settings as Record<string, string>;
    return {
      index,
      replicas: settings['index.number_of_replicas']!,
      autoExpand: settings['index.auto_expand_replicas'] ?? 'false',
      shards: settings['index.number_of_shards']!,
    };
  }

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'index_settings');
    await h.insertDesigners(300);
    worker = await h.startWorker({ ES_INDEX_REPLICAS: '1', ES_INDEX_SHARDS: '2' });
    await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, { timeoutMs: 60_000, what: 'initial sync' });
  });

  afterAll(async () => {
    await h?.cleanup();
  });

  it('creates the first indices with them', async () => {
    expect(await settingsOf('designers')).toMatchObject({ replicas: '1', autoExpand: 'false', shards: '2' });
    expect(await settingsOf('openRoles')).toMatchObject({ replicas: '1', autoExpand: 'false', shards: '2' });
  });

  it('a reindex loads without replicas, then gives its index the configured ones before the swap', async () => {
    const during: Record<string, { replicas: string; refresh: string }> = {};
    const result = await reindex(ingestPorts(worker.context), 'designers', {
      pageSize: 100,
      onPhase: async (kind, phase) => {
        if (phase !== 'loading' && phase !== 'swapping') return;
        const index = (await h.manager.listVersions(kind)).at(-1)!.index;
        const settings = (await h.es.indices.getSettings({ index, flat_settings: true }))[index]!.settings as Record<string, string>;
        during[phase] = { replicas: settings['index.number_of_replicas']!, refresh: settings['index.refresh_interval']! };
      },
    });
    expect(during).toEqual({ loading: { replicas: '0', refresh: '-1' }, swapping: { replicas: '1', refresh: '1s' } });
    const live = await settingsOf('designers');
    expect(live.index).toBe(result.kinds[0]!.index);
    expect(live).toMatchObject({ replicas: '1', autoExpand: 'false', shards: '2' });
    expect(await h.diffStoreAndIndex('designers')).toEqual([]);
  });

  it('a changed replica setting reaches the live indices at the next start; the default is an auto-expand range', async () => {
    await h.stopWorker(worker);
    worker = await h.startWorker({ ES_INDEX_REPLICAS: '2', ES_INDEX_SHARDS: '2' });
    expect(await settingsOf('designers')).toMatchObject({ replicas: '2', autoExpand: 'false' });
    expect(await settingsOf('openRoles')).toMatchObject({ replicas: '2', autoExpand: 'false' });

    await h.stopWorker(worker);
    worker = await h.startWorker();
    // One data node: "0-1" expands to no replica, so the index is green.
    expect(await settingsOf('designers')).toMatchObject({ replicas: '0', autoExpand: '0-1' });
    const health = await h.es.cluster.health({ index: h.names.designers, wait_for_status: 'green', timeout: '10s' });
    expect(health.status).toBe('green');

    // A reindex under the default keeps the range.
    await reindex(ingestPorts(worker.context), 'designers', { pageSize: 100 });
    expect(await settingsOf('designers')).toMatchObject({ replicas: '0', autoExpand: '0-1', shards: '1' });
  });
});
