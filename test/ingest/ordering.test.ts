import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestWorker } from '../../shared/ingest/runtime/ingest-worker.factory.ts';
import type { IndexedDesigner } from '../../shared/domain/designer.schema.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { requireServices } from '../support/services.ts';
import { IngestHarness, waitFor } from './support/ingest-harness.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

interface ChangeRow {
  entity_id: string;
  version: string;
  id: string;
}

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

describe.skipIf(!services)('ingest: shuffled, duplicated and stale jobs never leave an older version', () => {
  let h: IngestHarness;
  let worker: IngestWorker;
  let writer: ElasticsearchDocumentWriter;

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'ordering');
    worker = await h.startWorker();
    writer = new ElasticsearchDocumentWriter(h.es, h.names);
  });

  afterAll(async () => {
    await h?.cleanup();
  });

  /** Every outbox row of the given designers, as sync-designer jobs, each twice, in random order. */
  async function replayShuffled(ids: string[]): Promise<number> {
    const { rows } = await h.db.query<ChangeRow>(
      `SELECT id, entity_id, version FROM change_log WHERE entity = 'designer' AND entity_id = ANY($1::text[])`,
      [ids],
    );
    const jobs = shuffle([...rows, ...rows]).map((r) => ({
      name: 'sync-designer',
      data: { id: r.entity_id, version: Number(r.version), change_id: Number(r.id) },
    }));
    // No deduplication here: every stale and duplicate job runs, several at a time.
    await worker.context.queues.sync.addBulk(jobs);
    await waitFor(
      async () => {
        const c = await worker.context.queues.sync.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        return Object.values(c).every((n) => n === 0);
      },
      { what: 'the queue to drain' },
    );
    return jobs.length;
  }

  const designerCurrent = async (id: string): Promise<IndexedDesigner> => {
    const state = await h.designers.load(id);
    if (state.state !== 'listed') throw new Error(`designer ${id} is ${state.state}`);
    return state.item;
  };

  it('ends with every row at its newest version after shuffled, duplicated jobs', async () => {
    const edited = await h.insertDesigner({ name: 'Edited v0' });
    const deleted = await h.insertDesigner({ name: 'Deleted soon' });
    const unpublished = await h.insertDesigner({ name: 'Unpublished soon' });
    const optedOut = await h.insertDesigner({ name: 'Opting out' });
    for (let i = 1; i <= 5; i += 1) await h.updateDesigner(edited, { name: `Edited v${i}` });
    await h.updateDesigner(deleted, { name: 'Deleted after an edit' });
    await h.deleteDesigner(deleted);
    await h.updateDesigner(unpublished, { status: 'draft' });
    await h.updateDesigner(optedOut, { opted_in: false });
    const ids = [edited, deleted, unpublished, optedOut];

    const ran = await replayShuffled(ids);
    expect(ran).toBeGreaterThanOrEqual(2 * 11);
    await waitFor(async () => (await h.diffStoreAndIndex('designers')).length === 0, { what: 'store and index equal' });

    const doc = await h.getDoc('designers', edited);
    expect(doc?.version).toBe(await h.rowVersion('designers', edited));
    expect((doc?.source.designer as { name: string }).name).toBe('Edited v5');
    for (const gone of [deleted, unpublished, optedOut]) expect(await h.getDoc('designers', gone)).toBeNull();
  });

  it('never lets a stale write overwrite a newer document (external versioning; 409 counts as success)', async () => {
    const id = await h.insertDesigner({ name: 'Current name' });
    await h.updateDesigner(id, { name: 'Newest name' });
    const current = await designerCurrent(id);
    await waitFor(async () => (await h.getDoc('designers', id))?.version === current.version, { what: 'newest version indexed' });

    const stale: IndexedDesigner = { ...current, version: current.version - 1, designer: { ...current.designer, name: 'Stale name' } };
    const result = await writer.indexDesigners([stale, stale]);
    expect(result).toEqual({ applied: 0, stale: 2, staleIds: [id, id], failed: [] });
    const doc = await h.getDoc('designers', id);
    expect(doc?.version).toBe(current.version);
    expect((doc?.source.designer as { name: string }).name).toBe('Newest name');
  });

  it('keeps a deleted row deleted when stale jobs arrive after index.gc_deletes has passed', async () => {
    const id = await h.insertDesigner({ name: 'Short lived' });
    await h.updateDesigner(id, { name: 'Short lived, edited' });
    const before = await designerCurrent(id);
    await waitFor(async () => (await h.getDoc('designers', id))?.version === before.version, { what: 'indexed' });

    // Elasticsearch forgets delete tombstones after index.gc_deletes (60 s by default); make it 0 s.
    const concrete = (await h.manager.currentIndex('designers'))!;
    await h.es.indices.putSettings({ index: concrete, settings: { 'index.gc_deletes': '0s' } });

    await h.deleteDesigner(id);
    await waitFor(async () => (await h.getDoc('designers', id)) === null, { what: 'the delete in the index' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await h.es.indices.refresh({ index: concrete });

    // The old insert and update jobs, late, duplicated and shuffled: each re-reads the row, finds it gone
    // and deletes again, so none can write the old document back.
    await replayShuffled([id]);
    await h.es.indices.refresh({ index: concrete });
    expect(await h.getDoc('designers', id)).toBeNull();

    // Why re-reading matters: past gc_deletes, Elasticsearch itself accepts the stale version again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await h.es.indices.refresh({ index: concrete });
    const blind = await writer.indexDesigners([before]);
    expect(blind.applied).toBe(1);
    await h.es.indices.refresh({ index: concrete });
    expect((await h.getDoc('designers', id))?.version).toBe(before.version);

    // And any job for the row (here one stale duplicate) repairs it: the delete wins on re-read.
    await replayShuffled([id]);
    await h.es.indices.refresh({ index: concrete });
    expect(await h.getDoc('designers', id)).toBeNull();
  });
});
