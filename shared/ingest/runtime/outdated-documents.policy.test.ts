import { describe, expect, it } from 'vitest';
import type { IndexKind } from '../../search/elasticsearch/index-names.ts';
import type { ReindexTarget } from '../jobs/maintenance-job.schema.ts';
import { rebuildOutdatedDocuments } from './outdated-documents.policy.ts';

function deps(outdated: IndexKind[]) {
  const queued: ReindexTarget[] = [];
  const logged: unknown[] = [];
  return {
    queued,
    logged,
    outdatedDocuments: () => Promise.resolve(outdated),
    enqueueReindex: (target: ReindexTarget) => {
      queued.push(target);
      return Promise.resolve(`reindex-${target}`);
    },
    logger: { info: (fields: unknown) => void logged.push(fields) },
  };
}

describe('rebuildOutdatedDocuments', () => {
  it('queues one rebuild per index of an earlier release, by its reindex target, and says so', async () => {
    const d = deps(['designers', 'openRoles']);
    expect(await rebuildOutdatedDocuments(d)).toEqual(['designers', 'open-roles']);
    expect(d.queued).toEqual(['designers', 'open-roles']);
    expect(d.logged).toEqual([
      { target: 'designers', job: 'reindex-designers' },
      { target: 'open-roles', job: 'reindex-open-roles' },
    ]);
  });

  it('queues nothing when every index is current', async () => {
    const d = deps([]);
    expect(await rebuildOutdatedDocuments(d)).toEqual([]);
    expect(d.queued).toEqual([]);
  });
});
