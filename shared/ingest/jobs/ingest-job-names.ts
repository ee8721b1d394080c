import type { ChangeEntity } from '../../domain/entity.registry.ts';
/** BullMQ job names; one handler each in services/ingest-worker. */
export const JOB_NAMES = {
  syncDesigner: 'sync-designer',
  syncOpenRole: 'sync-open-role',
  syncBatch: 'sync-batch',
  reindex: 'reindex',
  expireOpenRoles: 'expire-open-roles',
} as const;
export type JobName = (typeof JOB_NAMES)[keyof typeof JOB_NAMES];

/** Row syncs run many at a time; rebuilds and sweeps run one at a time on their own queue. */
export const QUEUE_NAMES = { sync: 'sync', maintenance: 'maintenance' } as const;
export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/** The single-row sync job of each outbox entity. */
export const SYNC_JOB_NAMES: Readonly<Record<ChangeEntity, JobName>> = {
  designer: JOB_NAMES.syncDesigner,
  open_role: JOB_NAMES.syncOpenRole,
};
