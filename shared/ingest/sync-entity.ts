import type { BulkResult } from '../search/elasticsearch/es-document.writer.ts';
import type { SourceState } from './source-state.ts';

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
}

/** Elasticsearch refused a write. permanent: the document itself was rejected (retrying cannot help). */
export class IndexWriteError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'IndexWriteError';
  }
}

/** The ports one sync needs: the row as it is now, and the document writer. */
export interface EntitySync<T> {
  /** The row's state; for an absent row, the version of its delete from the same snapshot. */
  load(id: string): Promise<SourceState<T>>;
  index(item: T): Promise<BulkResult>;
  deleteUpTo(id: string, version: number): Promise<BulkResult>;
}

/**
 * Re-reads the row and writes what it is now, whatever the job's payload says: so a job that runs late,
 * twice, or out of order writes the current state (or nothing, when a newer version already landed),
 * and a stale job can never bring back a deleted row, even after Elasticsearch forgot the delete
 * (index.gc_deletes).
 */
export async function syncEntity<T>(sync: EntitySync<T>, job: { id: string; version: number }): Promise<SyncOutcome> {
  const found = await sync.load(job.id);
  if (found.state === 'listed') {
    return outcome('indexed', found.version, found.state, await sync.index(found.item));
  }
  // A row still there (unlisted or invalid) can only have been indexed at its current version or older.
  // A gone row's delete change holds a version above all of them and, read in the same snapshot as the
  // row's absence, below any re-insert's (see RowSource.loadMany): a delete never takes a version a live
  // row can hold. The payload's version is the fallback for an outbox with no record of the row.
  const version = found.state === 'absent' ? (found.version ?? job.version) : found.version;
  const result = outcome('deleted', version, found.state, await sync.deleteUpTo(job.id, version));
  return found.state === 'invalid' ? { ...result, reason: found.reason } : result;
}

function outcome(action: SyncOutcome['action'], version: number, state: SyncOutcome['state'], result: BulkResult): SyncOutcome {
  const failure = result.failed[0];
  if (failure) {
    // 400 and 413: the document itself was refused. A missing alias (404) or overload (429) can pass.
    const permanent = failure.status === 400 || failure.status === 413;
    throw new IndexWriteError(`Elasticsearch refused ${action === 'indexed' ? 'the document' : 'the delete'}: ${failure.reason}`, permanent);
  }
  return { action, version, stale: result.stale > 0, state };
}
