import { z } from 'zod';
import { ENTITY_SEGMENTS, INDEX_KINDS } from '../../domain/entity.registry.ts';

export const REINDEX_TARGETS = [...ENTITY_SEGMENTS, 'all'] as const;
export const ReindexTargetSchema = z.enum(REINDEX_TARGETS);
export type ReindexTarget = z.infer<typeof ReindexTargetSchema>;

/** A full rebuild of one or both indices; also the body of POST /api/admin/reindex. */
export const ReindexJobSchema = z.strictObject({ target: ReindexTargetSchema.default('all') });
export type ReindexJob = z.infer<typeof ReindexJobSchema>;

/** The scheduled sweep takes no input: "now" is when it runs. */
export const ExpireOpenRolesJobSchema = z.strictObject({});
export type ExpireOpenRolesJob = z.infer<typeof ExpireOpenRolesJobSchema>;

export const ReindexPhaseSchema = z.enum(['waiting-for-lock', 'loading', 'replaying', 'swapping', 'catching-up', 'done']);

/** What a reindex job reports through job.updateProgress, read back by the CLI and the admin API. */
export const ReindexProgressSchema = z.object({
  target: ReindexTargetSchema,
  kind: z.enum(INDEX_KINDS),
  phase: ReindexPhaseSchema,
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Documents per second over the whole run so far. */
  rate: z.number().nonnegative(),
  elapsed_ms: z.number().int().nonnegative(),
});
export type ReindexProgress = z.infer<typeof ReindexProgressSchema>;
