import type { WriteResult } from '../ports/document-writer.port.ts';
import type { EntitySync } from '../ports/entity-sync.port.ts';
import type { SourceState } from '../../store/row-state.ts';
import { IndexWriteError, isPermanentFailure } from './ingest-job.errors.ts';

export interface SyncOutcome {
  action: 'indexed' | 'deleted';
  /** The version written: the row's, or for a gone row the newest recorded for it. */
  version: number;
  /** A newer version was already in the index, so nothing was overwritten. */
  stale: boolean;
  /** Why: listed → indexed; unlisted, invalid or absent → deleted. */
  state: SourceState<unknown>['state'];
  /** Set when the row exists but cannot be listed as it stands (see InvalidSourceRowError). */
  reason?: string;
  /** The index held a newer delete of this id than the row's version, so the row was given a new one. */
  revived?: boolean;
}

/**
 * Re-reads the row and writes what it is now, whatever the job's payload says: so a job that runs late,
 * twice, or out of order writes the current state (or nothing, when a newer version already landed),
 * and a stale job can never bring back a deleted row, even after Elasticsearch forgot the delete
 * (index.gc_deletes). Once the index holds the row's state, the row's changes up to the version written
 * are confirmed in the outbox; a revived row is confirmed by the job of the change that revives it.
 */
export async function syncEntity<T>(sync: EntitySync<T>, job: { id: string; version: number }): Promise<SyncOutcome> {
  const found = await sync.load(job.id);
  if (found.state === 'listed') {
    const result = outcome('indexed', found.version, found.state, await sync.index(found.item));
    if (!result.stale || (await sync.isIndexed(job.id))) {
      await sync.confirm(job.id, found.version);
      return result;
    }
    // Refused with nothing live under the id: a delete newer than this row's version holds it. That
    // happens when a re-insert drew its version (a column default) before a concurrent delete of the
    // same id drew the delete's, then waited on the primary key. The row needs a version above the
    // delete's; the change that gives it one brings its own sync job.
    return { ...result, revived: await sync.touch(job.id, found.version) };
  }
  // A row still there (unlisted or invalid) can only have been indexed at its current version or older.
  // A gone row's delete change holds a version above all of them and, read in the same snapshot as the
  // row's absence, below any re-insert's (see the store's TableReader.loadMany): a delete never takes a
  // version a live row can hold. The payload's version is the fallback for an outbox with no record of the row.
  const version = found.state === 'absent' ? (found.version ?? job.version) : found.version;
  const result = outcome('deleted', version, found.state, await sync.deleteUpTo(job.id, version));
  // An invalid row is not what the index should show: it stays unconfirmed, so `status` counts it.
  if (found.state === 'invalid') return { ...result, reason: found.reason };
  await sync.confirm(job.id, version);
  return result;
}

function outcome(action: SyncOutcome['action'], version: number, state: SyncOutcome['state'], result: WriteResult): SyncOutcome {
  const failure = result.failed[0];
  if (failure) {
    throw new IndexWriteError(
      `Elasticsearch refused ${action === 'indexed' ? 'the document' : 'the delete'}: ${failure.reason}`,
      isPermanentFailure(failure),
    );
  }
  return { action, version, stale: result.stale > 0, state };
}
