import type { BulkResult, ElasticsearchDocumentWriter } from '../search/elasticsearch/es-document.writer.ts';
import type { Change } from './change-log.repository.ts';
import type { SourceState } from './source-state.ts';
import type { SyncBatchJob } from './sync-batch-job.schema.ts';
import type { DesignerSource } from './designer.source.ts';
import type { OpenRoleSource } from './open-role.source.ts';

export interface SyncBatchDeps {
  designers: Pick<DesignerSource, 'loadMany'>;
  openRoles: Pick<OpenRoleSource, 'loadMany'>;
  writer: ElasticsearchDocumentWriter;
  /** Hands rows to single-row jobs (their own retries, their own failure reasons). */
  handOff(changes: Change[]): Promise<unknown>;
}

export interface SyncBatchOutcome {
  indexed: number;
  deleted: number;
  /** Writes refused because the index already held a newer (or the same) version. */
  stale: number;
  /** Rows passed to single-row jobs: gone rows, rows that cannot be listed, documents refused for good. */
  handedOff: number;
}

/** Elasticsearch could not take part of a batch for now; the whole batch is retried (writes are versioned). */
export class BatchWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BatchWriteError';
  }
}

/**
 * The batched twin of syncEntity, for bursts: one read of every row (one statement, one snapshot), then
 * one bulk request of versioned writes. Like a single-row job it writes what each row is now, whatever
 * the payload says, with the row's own version (external versioning): so batches that run late, twice,
 * shuffled or interleaved with single-row jobs never overwrite a newer document.
 *
 * Listed rows are indexed and unlisted ones deleted up to their row's version, in bulk. A row that is gone
 * takes the single-row path, which owns the rules for choosing a delete's version; so does a row whose data
 * cannot be listed, and a document Elasticsearch refused for good, so that each fails on its own job
 * with its reason instead of failing the batch.
 */
export async function syncBatch(deps: SyncBatchDeps, job: SyncBatchJob): Promise<SyncBatchOutcome> {
  const ids = job.items.map((i) => i.id);
  const byId = new Map(job.items.map((i) => [i.id, i]));
  const source = job.entity === 'designer' ? deps.designers : deps.openRoles;
  const states = (await source.loadMany(ids)) as Map<string, SourceState<unknown>>;

  const listed: unknown[] = [];
  const unlisted: { id: string; version: number }[] = [];
  const single = new Set<string>();
  for (const [id, state] of states) {
    if (state.state === 'listed') listed.push(state.item);
    else if (state.state === 'unlisted') unlisted.push({ id, version: state.version });
    else single.add(id);
  }

  const index = job.entity === 'designer' ? deps.writer.names.designers : deps.writer.names.openRoles;
  const written =
    listed.length === 0
      ? empty()
      : job.entity === 'designer'
        ? await deps.writer.indexDesigners(listed as Parameters<ElasticsearchDocumentWriter['indexDesigners']>[0])
        : await deps.writer.indexOpenRoles(listed as Parameters<ElasticsearchDocumentWriter['indexOpenRoles']>[0]);
  const deleted = unlisted.length === 0 ? empty() : await deps.writer.deleteUpTo(unlisted, index);

  const failures = [...written.failed, ...deleted.failed];
  // 400 and 413: the document itself was refused; anything else (overload, a missing alias) can pass.
  const transient = failures.filter((f) => f.status !== 400 && f.status !== 413);
  if (transient.length > 0) {
    throw new BatchWriteError(`Elasticsearch did not take ${transient.length} of ${ids.length} writes: ${transient[0]!.reason}`);
  }
  for (const f of failures) single.add(f.id);

  if (single.size > 0) {
    await deps.handOff(
      [...single].map((id) => {
        const item = byId.get(id)!;
        return { id: item.change_id, entity: job.entity, entityId: id, op: 'update', version: item.version };
      }),
    );
  }
  return {
    indexed: written.applied,
    deleted: deleted.applied,
    stale: written.stale + deleted.stale,
    handedOff: single.size,
  };
}

function empty(): BulkResult {
  return { applied: 0, stale: 0, failed: [] };
}
