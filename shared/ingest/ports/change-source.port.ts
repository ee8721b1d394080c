import type { ChangedEntity, ChangeEntity } from '../outbox/change.ts';

/**
 * The outbox as a rebuild reads it: a high-water mark, and what changed past it. Implemented by
 * ChangeLogRepository.
 */
export interface ChangeSource {
  /** An opaque mark of what is committed now; rows read afterwards are at least this new. */
  snapshot(): Promise<string>;
  /**
   * Entities of a kind changed by transactions the snapshot could not see, with the newest version
   * each wrote, in entity id order, a page of at most `limit` after `afterId`.
   */
  changedSince(entity: ChangeEntity, snapshot: string, afterId: string | null, limit: number): Promise<ChangedEntity[]>;
}
