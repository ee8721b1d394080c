import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncDesigner, type SyncDesignerDeps } from '../../shared/ingest/jobs/sync-row.job.ts';
import { ChangeLogRepository } from '../../shared/ingest/outbox/change-log.repository.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { IngestHarness } from '../ingest/support/ingest-harness.ts';
import { requireServices } from '../support/services.ts';

const services = requireServices('postgres', 'redis', 'elasticsearch');

/**
 * Wraps every method of a dependency so that each call first awaits the scheduler: a sync job's steps
 * (read the row with its delete version, write the index) become points where the test can commit a
 * change or run another job. Generic on purpose: it does not care which steps the job takes.
 */
function stepped<T extends object>(target: T, beforeCall: (step: string) => Promise<void>): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value = Reflect.get(t, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await beforeCall(String(prop));
        return (value as (...a: unknown[]) => unknown).apply(t, args);
      };
    },
  });
}

interface Scenario {
  name: string;
  /** The first change (its job, A, is the one cut into); the row stays unlisted afterwards. */
  first(h: IngestHarness, id: string): Promise<void>;
  /** The second change, committed at the cut; the row is listed again afterwards. */
  second(h: IngestHarness, id: string): Promise<void>;
}

const scenarios: Scenario[] = [
  {
    name: 'delete, then re-insert of the same id',
    first: (h, id) => h.deleteDesigner(id),
    second: async (h, id) => {
      const f = h.designerFields({ name: 'Re-inserted' });
      await h.db.query(
        `INSERT INTO designers (id, slug, name, description, website, portfolio_preview, category, location)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, f.slug, f.name, f.description, f.website, f.portfolio_preview, f.category, f.location],
      );
    },
  },
  { name: 'opt-out, then opt-in', first: (h, id) => h.updateDesigner(id, { opted_in: false }), second: (h, id) => h.updateDesigner(id, { opted_in: true, name: 'Opted in again' }) },
  { name: 'unpublish, then publish', first: (h, id) => h.updateDesigner(id, { status: 'draft' }), second: (h, id) => h.updateDesigner(id, { status: 'published', name: 'Published again' }) },
  { name: 'hide, then publish', first: (h, id) => h.updateDesigner(id, { status: 'hidden' }), second: (h, id) => h.updateDesigner(id, { status: 'published', name: 'Shown again' }) },
];

type BTiming = 'at-the-cut' | 'after-A';

describe.skipIf(!services)('sync interleavings, deterministic: a job is paused between its steps while the row changes back', () => {
  let h: IngestHarness;
  let deps: SyncDesignerDeps;
  let stepsOfA = 0;

  /** The payload the relay would enqueue for the row's newest change. */
  const jobFor = async (id: string) => {
    const { rows } = await h.db.query<{ id: string; version: string }>(
      `SELECT id, version FROM change_log WHERE entity = 'designer' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [id],
    );
    return { id, version: Number(rows[0]!.version), change_id: Number(rows[0]!.id) };
  };

  beforeAll(async () => {
    h = await IngestHarness.create(services!, 'interleave');
    await h.manager.ensureIndices();
    deps = { designers: h.designers, writer: new ElasticsearchDocumentWriter(h.es, h.names), changes: new ChangeLogRepository(h.db) };
    // How many dependency calls a deleting job makes: the cut points are before each, and after the last.
    const id = await h.insertDesigner();
    await syncDesigner(deps, await jobFor(id));
    await h.deleteDesigner(id);
    const job = await jobFor(id);
    const counter = {
      designers: stepped(deps.designers, async () => void (stepsOfA += 1)),
      writer: stepped(deps.writer, async () => void (stepsOfA += 1)),
      changes: deps.changes,
    };
    await syncDesigner(counter, job);
    expect(stepsOfA).toBeGreaterThanOrEqual(2);
  });

  afterAll(async () => {
    await h?.cleanup();
  });

  /**
   * Every cut (before each step of A, and after A) × B at the cut or after A, then A delivered again
   * (a duplicate or a retry): the row ends listed, so its document must be in the index at the row's version.
   */
  for (const scenario of scenarios) {
    it(`${scenario.name}: every cut of the first change's job, the second change's job at the cut or after, and a retried first job`, async () => {
      const problems: string[] = [];
      let cases = 0;
      for (let cut = 0; cut <= stepsOfA; cut += 1) {
        for (const timing of ['at-the-cut', 'after-A'] as BTiming[]) {
          cases += 1;
          const id = await h.insertDesigner();
          await syncDesigner(deps, await jobFor(id));
          await scenario.first(h, id);
          const jobA = await jobFor(id);
          let step = 0;
          let jobB: Awaited<ReturnType<typeof jobFor>> | null = null;
          const atCut = async () => {
            await scenario.second(h, id);
            jobB = await jobFor(id);
            if (timing === 'at-the-cut') await syncDesigner(deps, jobB);
          };
          const beforeCall = async () => {
            if (step === cut) await atCut();
            step += 1;
          };
          const cutDeps = { designers: stepped(deps.designers, beforeCall), writer: stepped(deps.writer, beforeCall), changes: deps.changes };
          await syncDesigner(cutDeps, jobA);
          if (step <= cut) await atCut();
          if (timing === 'after-A') await syncDesigner(deps, jobB!);
          await syncDesigner(deps, jobA);

          await h.es.indices.refresh({ index: h.names.designers });
          const doc = await h.getDoc('designers', id);
          const version = await h.rowVersion('designers', id);
          if (!doc) problems.push(`cut ${cut}, B ${timing}: missing (row version ${version})`);
          else if (doc.version !== version) problems.push(`cut ${cut}, B ${timing}: index version ${doc.version}, row ${version}`);
        }
      }
      console.log(`[interleavings] ${scenario.name}: ${cases} interleavings, ${problems.length} lost`);
      expect(problems).toEqual([]);
    });
  }
});
