import type { ExpiredOpenRoleRemover } from '../ports/document-writer.port.ts';
import { IndexWriteError } from './ingest-job.errors.ts';

export interface ExpireOpenRolesOutcome {
  removed: number;
  /** Open roles extended (re-indexed at a newer version) while the sweep ran; left in place. */
  skipped: number;
}

/**
 * Removes open roles whose expiry has passed from the index. The API already hides them at query time;
 * this keeps the index from filling with expired open roles. Each is deleted only at the version the sweep
 * saw, so an open role extended meanwhile stays.
 */
export async function expireOpenRoles(deps: { writer: ExpiredOpenRoleRemover }, now: Date): Promise<ExpireOpenRolesOutcome> {
  const result = await deps.writer.deleteExpiredOpenRoles(now);
  const failure = result.failed[0];
  if (failure) throw new IndexWriteError(`Elasticsearch refused to delete expired listing ${failure.id}: ${failure.reason}`, false);
  return { removed: result.applied, skipped: result.stale };
}
