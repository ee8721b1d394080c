import type { IndexedDesigner } from '../../domain/designer.schema.ts';
import type { IndexedOpenRole } from '../../domain/open-role.schema.ts';
import type { Change, ChangeEntity } from '../outbox/change.ts';
import type { ChangeConfirmation, SettledChange } from '../ports/change-confirmation.port.ts';
import type { DocumentWriter, WriteResult } from '../ports/document-writer.port.ts';
import type { RowReader } from '../ports/row-reader.port.ts';
import { PAGE_BYTES, pageRows } from '../../store/table.reader.ts';
import { BatchWriteError, isPermanentFailure } from './ingest-job.errors.ts';
import type { SyncBatchJob } from './sync-batch-job.schema.ts';

export interface SyncBatchDeps {
  designers: Pick<RowReader<IndexedDesigner>, 'loadMany'>;
  openRoles: Pick<RowReader<IndexedOpenRole>, 'loadMany'>;
  writer: DocumentWriter;
  /** Hands rows to single-row jobs (their own retries, their own failure reasons). */
  handOff(changes: Change[]): Promise<unknown>;
  changes: Pick<ChangeConfirmation, 'confirm'>;
}

export interface SyncBatchOutcome {
  indexed: number;
  deleted: number;
  /** Writes refused because the index already held a newer (or the same) version. */
  stale: number;
  /**
   * Rows passed to single-row jobs: gone rows, rows that cannot be listed, documents refused for good,
   * and listed rows a newer delete of their id refused.
   */
  handedOff: number;
}

/** One kind's rows and documents, as a batch reads and writes them. */
interface BatchKind<T> {
  rows: Pick<RowReader<T>, 'loadMany'>;
  /** The public name the kind's documents are written through. */
  index: string;
  write(items: T[]): Promise<WriteResult>;
}

/**
 * The batched twin of syncEntity, for bursts: one read of the rows (one statement, one snapshot), then
 * one bulk request of versioned writes, per part of about PAGE_BYTES of rows (a batch of ordinary rows
 * is two parts: its first 50, which measure the rows, and the rest). Like a single-row job it writes what each row is now, whatever
 * the payload says, with the row's own version (external versioning): so batches that run late, twice,
 * shuffled or interleaved with single-row jobs never overwrite a newer document.
 *
 * Listed rows are indexed and unlisted ones deleted up to their row's version, in bulk. A row that is gone
 * takes the single-row path, which owns the rules for choosing a delete's version; so does a row whose data
 * cannot be listed, and a document Elasticsearch refused for good, so that each fails on its own job
 * with its reason instead of failing the batch.
 */
export function syncBatch(deps: SyncBatchDeps, job: SyncBatchJob): Promise<SyncBatchOutcome> {
  return BATCH_KINDS[job.entity](deps, job);
}

/** Each outbox entity's rows and documents; the kinds differ in type, so each is its own call. */
const BATCH_KINDS: Readonly<Record<ChangeEntity, (deps: SyncBatchDeps, job: SyncBatchJob) => Promise<SyncBatchOutcome>>> = {
  designer: (deps, job) =>
    syncKind(deps, job, { rows: deps.designers, index: deps.writer.names.designers, write: (items) => deps.writer.indexDesigners(items) }),
  open_role: (deps, job) =>
    syncKind(deps, job, { rows: deps.openRoles, index: deps.writer.names.openRoles, write: (items) => deps.writer.indexOpenRoles(items) }),
};

async function syncKind<T>(deps: SyncBatchDeps, job: SyncBatchJob, kind: BatchKind<T>): Promise<SyncBatchOutcome> {
  const ids = job.items.map((i) => i.id);
  const byId = new Map(job.items.map((i) => [i.id, i]));
  const outcome: SyncBatchOutcome = { indexed: 0, deleted: 0, stale: 0, handedOff: 0 };
  const single = new Set<string>();
  const versions = new Map<string, number>();

  // A part of the batch at a time, about PAGE_BYTES of rows each (sized by the rows of the part before),
  // so a batch of large rows never holds them all with their documents at once.
  for (let start = 0, size = Math.min(FIRST_PART_ROWS, ids.length); start < ids.length; ) {
    const part = ids.slice(start, start + size);
    start += part.length;
    const states = await kind.rows.loadMany(part);

    const listed: T[] = [];
    const unlisted: { id: string; version: number }[] = [];
    for (const [id, state] of states) {
      if (state.state === 'listed') listed.push(state.item);
      else if (state.state === 'unlisted') unlisted.push({ id, version: state.version });
      else single.add(id);
      if (state.state === 'listed' || state.state === 'unlisted') versions.set(id, state.version);
    }
    if (listed.length > 0) size = pageRows(listed, ids.length, PAGE_BYTES);

    const written = listed.length === 0 ? empty() : await kind.write(listed);
    const deleted = unlisted.length === 0 ? empty() : await deps.writer.deleteUpTo(unlisted, kind.index);

    const failures = [...written.failed, ...deleted.failed];
    const transient = failures.filter((f) => !isPermanentFailure(f));
    if (transient.length > 0) {
      throw new BatchWriteError(`Elasticsearch did not take ${transient.length} of ${part.length} writes: ${transient[0]!.reason}`);
    }
    for (const f of failures) single.add(f.id);
    // A listed row refused with nothing live under its id lost to a newer delete of that id: the single-row
    // job gives it a version above that delete (see syncEntity).
    const live = await deps.writer.liveIds(written.staleIds, kind.index);
    for (const id of written.staleIds) if (!live.has(id)) single.add(id);
    outcome.indexed += written.applied;
    outcome.deleted += deleted.applied;
    outcome.stale += written.stale + deleted.stale;
  }

  // Rows handed off are confirmed by their own jobs; the rest are in the index now, at their version or newer.
  const settled: SettledChange[] = [...versions].filter(([id]) => !single.has(id)).map(([id, version]) => ({ id, version }));
  await deps.changes.confirm(job.entity, settled);
  if (single.size > 0) {
    await deps.handOff(
      [...single].map((id) => {
        const item = byId.get(id)!;
        return { id: item.change_id, entity: job.entity, entityId: id, op: 'update', version: item.version };
      }),
    );
  }
  return { ...outcome, handedOff: single.size };
}

/** The first part of a batch, small: its rows tell how many of the kind fit in PAGE_BYTES. */
const FIRST_PART_ROWS = 50;

function empty(): WriteResult {
  return { applied: 0, stale: 0, staleIds: [], failed: [] };
}
