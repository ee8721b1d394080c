import { z } from 'zod';
import { CHANGE_ENTITIES } from '../../domain/entity.registry.ts';
import { SyncDesignerJobSchema } from './sync-job.schema.ts';

/** Rows one batch job covers at most: one keyset-sized read and one bulk request. */
export const MAX_SYNC_BATCH = 1000;

/**
 * "Bring these rows' search documents up to date": a burst of changes (an import, an initial load) in
 * one job instead of one job per row. Each item is what a single-row job would carry.
 */
export const SyncBatchJobSchema = z.strictObject({
  entity: z.enum(CHANGE_ENTITIES),
  items: z.array(SyncDesignerJobSchema.extend({ id: z.string().min(1) })).min(1).max(MAX_SYNC_BATCH),
});
export type SyncBatchJob = z.infer<typeof SyncBatchJobSchema>;
