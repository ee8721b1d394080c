import { z } from 'zod';
import { ENTITY_COLLECTIONS } from '../domain/entity.registry.ts';
import { JOB_NAMES, QUEUE_NAMES } from '../ingest/jobs/ingest-job-names.ts';
import { ReindexJobSchema, ReindexProgressSchema, ReindexTargetSchema } from '../ingest/jobs/maintenance-job.schema.ts';

/**
 * The admin API's job view, one shape for both modes: the BullMQ queue and the embedded mode, which runs
 * a reindex in process. Field names are those the queue mode has always answered with, plus `target`
 * (the embedded mode's); each mode fills what it has and answers null for what it cannot know.
 */

const instant = () => z.iso.datetime({ offset: true });
const count = () => z.int().nonnegative();

export const AdminJobStateSchema = z
  .enum(['waiting', 'waiting-children', 'prioritized', 'delayed', 'active', 'completed', 'failed', 'unknown'])
  .describe('BullMQ job state; a reindex of the embedded mode is only ever completed or failed.')
  .meta({ id: 'AdminJobState' });
export type AdminJobState = z.infer<typeof AdminJobStateSchema>;

export const AdminJobNameSchema = z.enum(JOB_NAMES).meta({ id: 'AdminJobName' });

/** Which index a rebuild step is on, spelt as data is (CONTRIBUTING.md): designers or open_roles. */
export const AdminIndexKindSchema = z.enum(ENTITY_COLLECTIONS).meta({ id: 'AdminIndexKind' });
export type AdminIndexKind = z.infer<typeof AdminIndexKindSchema>;

/** done and total always; a queued rebuild also reports which index and phase it is on, and its rate. */
export const AdminJobProgressSchema = ReindexProgressSchema.partial()
  .required({ done: true, total: true })
  .extend({ kind: AdminIndexKindSchema.optional() })
  .describe('Rows handed to the new index so far, of the total to rebuild.')
  .meta({ id: 'AdminJobProgress' });
export type AdminJobProgress = z.infer<typeof AdminJobProgressSchema>;

/**
 * Documents rebuilt per index, in both modes. The queue mode adds the detail of its Elasticsearch rebuild
 * (the indices swapped and pruned, rows replayed or left out), hence the open object.
 */
export const AdminReindexResultSchema = z
  .looseObject({
    designers: count().describe('Designer documents rebuilt.'),
    open_roles: count().describe('Open-role documents rebuilt.'),
    target: ReindexTargetSchema.optional(),
    kinds: z
      .array(z.looseObject({ kind: AdminIndexKindSchema, index: z.string(), indexed: count() }))
      .optional()
      .describe('Queue mode: one entry per rebuilt Elasticsearch index.'),
    elapsed_ms: count().optional(),
  })
  .meta({ id: 'AdminReindexResult' });
export type AdminReindexResult = z.infer<typeof AdminReindexResultSchema>;

/** What a row sync or the expiry sweep returned; their shapes belong to the ingest worker. */
export const AdminJobOutcomeSchema = z.record(z.string(), z.unknown()).meta({ id: 'AdminJobOutcome' });

export const AdminJobSchema = z
  .strictObject({
    id: z.string(),
    queue: z
      .enum(QUEUE_NAMES)
      .nullable()
      .describe('The BullMQ queue holding the job; null when it ran in this process (the embedded mode).'),
    name: AdminJobNameSchema,
    state: AdminJobStateSchema,
    target: ReindexTargetSchema.nullable().describe('What a reindex rebuilds; null for other jobs.'),
    data: z.record(z.string(), z.unknown()).describe('The job payload.'),
    progress: AdminJobProgressSchema.nullable().describe('null until the job reports progress (row syncs never do).'),
    attempts_made: count(),
    stalled_count: count().describe('Runs cut off by a dead worker and handed to another one.'),
    failed_reason: z.string().nullable(),
    result: z.union([AdminReindexResultSchema, AdminJobOutcomeSchema]).nullable().describe('null until the job completes.'),
    created_at: instant(),
    finished_at: instant().nullable(),
  })
  .meta({ id: 'AdminJob' });
export type AdminJob = z.infer<typeof AdminJobSchema>;

/** The body of POST /api/admin/reindex (the ingest's own job payload: a missing target means all). */
export const ReindexRequestSchema = ReindexJobSchema.meta({ id: 'ReindexRequest' });

export const ReindexAcceptedSchema = z
  .strictObject({ job_id: z.string().describe('Read it back at /api/admin/jobs/{job_id}.'), target: ReindexTargetSchema })
  .meta({ id: 'ReindexAccepted' });

export const ReindexAcceptedResponseSchema = z
  .strictObject({ success: z.literal(true), data: ReindexAcceptedSchema })
  .meta({ id: 'ReindexAcceptedResponse' });
export type ReindexAcceptedResponse = z.infer<typeof ReindexAcceptedResponseSchema>;

export const AdminJobResponseSchema = z.strictObject({ success: z.literal(true), data: AdminJobSchema }).meta({ id: 'AdminJobResponse' });
export type AdminJobResponse = z.infer<typeof AdminJobResponseSchema>;

export const RetryFailedResponseSchema = z
  .strictObject({
    success: z.literal(true),
    data: z.strictObject({ retried: count().describe('Failed jobs moved back to waiting.') }),
  })
  .meta({ id: 'RetryFailedResponse' });
export type RetryFailedResponse = z.infer<typeof RetryFailedResponseSchema>;
