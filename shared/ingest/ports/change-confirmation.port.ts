import type { ChangeEntity, SettledChange } from '../outbox/change.ts';

export type { SettledChange };

/**
 * The outbox learns here that changes are in the index. A change handed to the queue is only as safe as
 * Redis; it counts as delivered once a sync or a rebuild confirms it (ChangeLogRepository), and
 * `status` and the Redis-loss reconciliation go by that. Implemented by ChangeLogRepository.
 */
export interface ChangeConfirmation {
  /** Confirms every change of each row up to the version written for it. */
  confirm(entity: ChangeEntity, settled: readonly SettledChange[]): Promise<void>;
  /** Confirms every change of a kind the snapshot could see: a rebuild has written them all. */
  confirmSeen(entity: ChangeEntity, snapshot: string): Promise<void>;
}
