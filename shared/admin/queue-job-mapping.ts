import { z } from 'zod';
import { ENTITIES, entityOfIndexKind, INDEX_KINDS } from '../domain/entity.registry.ts';
import type { JobView } from '../ingest/runtime/ingest-queues.ts';
import { JOB_NAMES } from '../ingest/jobs/ingest-job-names.ts';
import { ReindexTargetSchema } from '../ingest/jobs/maintenance-job.schema.ts';
import {
  type AdminIndexKind,
  type AdminJob,
  AdminJobNameSchema,
  AdminJobProgressSchema,
  type AdminReindexResult,
  AdminReindexResultSchema,
} from './admin-job.schema.ts';

const RecordSchema = z.record(z.string(), z.unknown());
const IndexKindSchema = z.enum(INDEX_KINDS);

/** What the worker's rebuild returns (ReindexResult): the admin result without the counts it adds. */
const QueueReindexResultSchema = AdminReindexResultSchema.omit({ designers: true, open_roles: true }).required({ kinds: true });

/**
 * A queue job as the admin API shows it. BullMQ starts every job at progress 0 and keeps whatever the
 * job reports; only a {done, total} report is progress here, anything else is "none yet" (null).
 */
export function toAdminJob(view: JobView): AdminJob {
  const data = RecordSchema.safeParse(view.data).data ?? {};
  const reindex = view.name === JOB_NAMES.reindex;
  return {
    id: view.id,
    queue: view.queue,
    name: AdminJobNameSchema.parse(view.name),
    state: view.state,
    target: reindex ? (ReindexTargetSchema.safeParse(data.target).data ?? null) : null,
    data,
    progress: AdminJobProgressSchema.safeParse(withPublicKind(view.progress)).data ?? null,
    attempts_made: view.attempts_made,
    stalled_count: view.stalled_count,
    failed_reason: view.failed_reason,
    result: reindex ? reindexResult(view.result) : (RecordSchema.safeParse(view.result).data ?? null),
    created_at: view.created_at,
    finished_at: view.finished_at,
  };
}

/** The rebuild's own report, with the per-index counts both modes answer with. */
function reindexResult(result: unknown): AdminReindexResult | null {
  const report = RecordSchema.safeParse(result).data;
  const kinds = Array.isArray(report?.kinds) ? report.kinds.map(withPublicKind) : report?.kinds;
  const parsed = QueueReindexResultSchema.safeParse(report ? { ...report, kinds } : result);
  if (!parsed.success) return null;
  const indexed = (kind: AdminIndexKind) => parsed.data.kinds.filter((k) => k.kind === kind).reduce((sum, k) => sum + k.indexed, 0);
  return { ...parsed.data, designers: indexed(ENTITIES.designer.collection), open_roles: indexed(ENTITIES.openRole.collection) };
}

/** The worker names an index by its key in IndexNames (openRoles); the API spells data open_roles. */
function withPublicKind(value: unknown): unknown {
  const report = RecordSchema.safeParse(value).data;
  const kind = IndexKindSchema.safeParse(report?.kind);
  return kind.success ? { ...report, kind: ENTITIES[entityOfIndexKind(kind.data)].collection } : value;
}
