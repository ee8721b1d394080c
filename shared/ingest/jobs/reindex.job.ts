import { ENTITIES, entityOfSegment, INDEX_KINDS } from '../../domain/entity.registry.ts';
import type { IndexedDesigner } from '../../domain/designer.schema.ts';
import type { IndexedOpenRole } from '../../domain/open-role.schema.ts';
import type { Logger } from '../../logging/logger.ts';
import type { IndexKind } from '../../search/elasticsearch/index-names.ts';
import type { ChangeEntity } from '../outbox/change.ts';
import type { ChangeConfirmation } from '../ports/change-confirmation.port.ts';
import type { ChangeSource } from '../ports/change-source.port.ts';
import type { DocumentWriter, Items, WriteResult } from '../ports/document-writer.port.ts';
import type { IndexManager } from '../ports/index-manager.port.ts';
import type { RebuildLock } from '../ports/rebuild-lock.port.ts';
import type { ListedRows, RowReader } from '../ports/row-reader.port.ts';
import type { InvalidSourceRowError, SourceState } from '../../store/row-state.ts';
import { IndexWriteError } from './ingest-job.errors.ts';
import type { ReindexProgress, ReindexTarget } from './maintenance-job.schema.ts';

/** One kind's rows as a rebuild reads them: all listed rows, and the rows changes touched. */
export type RebuildRows<T> = ListedRows<T> & Pick<RowReader<T>, 'loadMany'>;

export interface ReindexDeps {
  /** Serialises rebuilds of a kind across workers. */
  lock: RebuildLock;
  changes: ChangeSource & Pick<ChangeConfirmation, 'confirmSeen'>;
  designers: RebuildRows<IndexedDesigner>;
  openRoles: RebuildRows<IndexedOpenRole>;
  indices: IndexManager;
  writer: DocumentWriter;
  logger: Logger;
}

export type ReindexPhase = ReindexProgress['phase'];

export interface ReindexOptions {
  /** Rows per keyset page and ids per replay page. */
  pageSize?: number;
  /** Best effort and throttled: a failing report never fails the rebuild. */
  onProgress?: (progress: ReindexProgress) => Promise<unknown> | unknown;
  /** Awaited at every phase boundary; a throw stops the rebuild there (as a crash would). */
  onPhase?: (kind: IndexKind, phase: ReindexPhase) => Promise<void> | void;
  /** Awaited after each row handed to the bulk load (done and total of the whole run so far). */
  onAdvance?: (kind: IndexKind, done: number, total: number) => Promise<void> | void;
  progressEveryMs?: number;
  signal?: AbortSignal;
}

export interface KindReindexResult {
  kind: IndexKind;
  index: string;
  previous: string | null;
  pruned: string[];
  /** Half-built indices of interrupted runs (a worker crash), removed before this run began. */
  discarded: string[];
  indexed: number;
  /** Rows whose data cannot make a valid document; left out, and logged. */
  invalid: number;
  /** Entities re-read because transactions the start snapshot could not see touched them. */
  replayed: number;
}

export interface ReindexResult {
  target: ReindexTarget;
  kinds: KindReindexResult[];
  elapsed_ms: number;
}

interface KindPlan<T> {
  kind: IndexKind;
  entity: ChangeEntity;
  count(): Promise<number>;
  stream(pageSize: number, onInvalid: (error: InvalidSourceRowError) => void): AsyncIterable<T>;
  loadMany(ids: string[]): Promise<Map<string, SourceState<T>>>;
  index(items: Items<T>, index: string): Promise<WriteResult>;
}

export function reindexKinds(target: ReindexTarget): IndexKind[] {
  return target === 'all' ? [...INDEX_KINDS] : [ENTITIES[entityOfSegment(target)].indexKind];
}

/**
 * Rebuilds indices without downtime. Per kind:
 *  1. take the Postgres snapshot (the change high-water mark) before reading anything;
 *  2. create the next versioned index and stream the listed rows into it (keyset pages, helpers.bulk);
 *  3. replay every row touched by a transaction the snapshot could not see: the stream may have read
 *     it before the change, or the change's sync job wrote only to the old index;
 *  4. swap the alias in one atomic action;
 *  5. replay again, for changes the sync jobs wrote to the old index between 3 and 4;
 *  6. keep the previous index (rollback) and delete older ones, including those of runs that died.
 * The alias moves only at 4, after a complete load, so a crash anywhere leaves it on a complete index
 * and a new run starts over from a new snapshot, first deleting the half-built index of the run that
 * died (any version above the alias's). Restarting beats resuming from a keyset position: the dead
 * run's snapshot and its unreplayed changes would have to be trusted too, and a full load is minutes.
 * Runs of one kind are serialised by a lock that is released when its holder dies (see RebuildLock), so
 * no live run's index is ever taken for a dead one's.
 */
export async function reindex(deps: ReindexDeps, target: ReindexTarget, options: ReindexOptions = {}): Promise<ReindexResult> {
  const started = Date.now();
  const pageSize = options.pageSize ?? 500;
  const kinds = reindexKinds(target);
  const plans: Record<IndexKind, KindPlan<IndexedDesigner> | KindPlan<IndexedOpenRole>> = {
    designers: designerPlan(deps),
    openRoles: openRolePlan(deps),
  };

  let total = 0;
  for (const kind of kinds) total += await plans[kind].count();
  const reporter = new ProgressReporter(target, total, started, options);

  const results: KindReindexResult[] = [];
  for (const kind of kinds) {
    options.signal?.throwIfAborted();
    const plan = plans[kind] as KindPlan<unknown>;
    reporter.phase(kind, 'waiting-for-lock');
    results.push(await deps.lock.withLock(kind, () => rebuild(deps, plan, pageSize, reporter, options)));
  }
  reporter.finish();
  await reporter.flush();
  return { target, kinds: results, elapsed_ms: Date.now() - started };
}

async function rebuild<T>(
  deps: ReindexDeps,
  plan: KindPlan<T>,
  pageSize: number,
  reporter: ProgressReporter,
  options: ReindexOptions,
): Promise<KindReindexResult> {
  const { kind } = plan;
  const phase = async (p: ReindexPhase) => {
    reporter.phase(kind, p);
    await options.onPhase?.(kind, p);
    options.signal?.throwIfAborted();
  };

  await deps.indices.ensureIndices();
  const discarded = await deps.indices.partialVersions(kind);
  if (discarded.length) {
    deps.logger.warn({ kind, discarded }, 'reindex: removing the half-built indices of an interrupted run');
    const keep = (await deps.indices.listVersions(kind)).map((v) => v.index).filter((i) => !discarded.includes(i));
    await deps.indices.pruneVersions(kind, keep);
  }
  const snapshot = await deps.changes.snapshot();
  const previous = await deps.indices.currentIndex(kind);
  const index = await deps.indices.createNextIndex(kind);
  deps.logger.info({ kind, index, previous, snapshot }, 'reindex: loading');
  await deps.indices.startBulkLoad(index);

  await phase('loading');
  let invalid = 0;
  const onInvalid = (error: InvalidSourceRowError) => {
    invalid += 1;
    deps.logger.warn({ kind, id: error.id, reason: error.message }, 'reindex: row left out');
  };
  const loaded = await plan.index(counted(plan.stream(pageSize, onInvalid), reporter, options, kind), index);
  assertWritten(loaded, index);
  const health = await deps.indices.finishBulkLoad(index);
  if (health.timedOut) deps.logger.warn({ kind, index, ...health }, 'reindex: swapping in an index whose replicas are not all assigned yet');

  await phase('replaying');
  let replayed = await replay(deps, plan, snapshot, index, pageSize);

  await phase('swapping');
  await deps.indices.swapAlias(kind, index);
  deps.logger.info({ kind, index, previous }, 'reindex: alias swapped');

  await phase('catching-up');
  // Every change committed before this replay reads the outbox is in the new index once it ends: the
  // stream took those the start snapshot saw, the replays the rest. So they are confirmed, including
  // a backlog handed to this rebuild (ChangeLogRepository.handOverBacklog), which no other job holds.
  const seen = await deps.changes.snapshot();
  replayed += await replay(deps, plan, snapshot, index, pageSize);
  await deps.changes.confirmSeen(plan.entity, seen);
  const pruned = await deps.indices.pruneVersions(kind, previous ? [index, previous] : [index]);
  await phase('done');
  return { kind, index, previous, pruned, discarded, indexed: loaded.applied, invalid, replayed };
}

/** Re-reads, a page at a time, every entity changed after the snapshot and writes its state now. */
async function replay<T>(deps: ReindexDeps, plan: KindPlan<T>, snapshot: string, index: string, pageSize: number): Promise<number> {
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const changed = await deps.changes.changedSince(plan.entity, snapshot, after, pageSize);
    if (changed.length === 0) return count;
    const states = await plan.loadMany(changed.map((c) => c.entityId));
    const listed: T[] = [];
    const deletes: { id: string; version: number }[] = [];
    for (const change of changed) {
      const state = states.get(change.entityId) ?? { state: 'absent' as const, version: null };
      if (state.state === 'listed') listed.push(state.item);
      // For a gone row, its delete (read with its absence) carries a version above any it was indexed at.
      else deletes.push({ id: change.entityId, version: state.version ?? change.version });
    }
    if (listed.length) assertWritten(await plan.index(listed, index), index);
    if (deletes.length) assertWritten(await deps.writer.deleteUpTo(deletes, index), index);
    count += changed.length;
    if (changed.length < pageSize) return count;
    after = changed.at(-1)!.entityId;
  }
}

function assertWritten(result: WriteResult, index: string): void {
  const failure = result.failed[0];
  if (failure) {
    throw new IndexWriteError(
      `${result.failed.length} documents were dropped writing ${index} (first: ${failure.id}: ${failure.reason})`,
      false,
    );
  }
}

async function* counted<T>(items: AsyncIterable<T>, reporter: ProgressReporter, options: ReindexOptions, kind: IndexKind): AsyncGenerator<T> {
  for await (const item of items) {
    options.signal?.throwIfAborted();
    reporter.advance();
    if (options.onAdvance) await options.onAdvance(kind, reporter.done, reporter.total);
    yield item;
  }
}

function designerPlan(deps: ReindexDeps): KindPlan<IndexedDesigner> {
  return {
    kind: 'designers',
    entity: 'designer',
    count: () => deps.designers.countListed(),
    stream: (pageSize, onInvalid) => deps.designers.streamListed({ pageSize, onInvalid }),
    loadMany: (ids) => deps.designers.loadMany(ids),
    index: (items, index) => deps.writer.indexDesigners(items, index),
  };
}

function openRolePlan(deps: ReindexDeps): KindPlan<IndexedOpenRole> {
  return {
    kind: 'openRoles',
    entity: 'open_role',
    count: () => deps.openRoles.countListed(),
    stream: (pageSize, onInvalid) => deps.openRoles.streamListed({ pageSize, onInvalid }),
    loadMany: (ids) => deps.openRoles.loadMany(ids),
    index: (items, index) => deps.writer.indexOpenRoles(items, index),
  };
}

/**
 * Throttled, ordered, best-effort progress reports. One is sent at a time and only the newest waits
 * behind it (a newer report makes an unsent one moot), so a slow or unreachable Redis holds one report,
 * not one per tick for as long as it is down.
 */
class ProgressReporter {
  done = 0;
  private kind: IndexKind = 'designers';
  private current: ReindexPhase = 'waiting-for-lock';
  private lastReport = 0;
  private pending: ReindexProgress | null = null;
  private sending: Promise<void> | null = null;

  constructor(
    private readonly target: ReindexTarget,
    public total: number,
    private readonly started: number,
    private readonly options: ReindexOptions,
  ) {}

  advance(): void {
    this.done += 1;
    if (Date.now() - this.lastReport >= (this.options.progressEveryMs ?? 250)) this.report();
  }

  phase(kind: IndexKind, phase: ReindexPhase): void {
    this.kind = kind;
    this.current = phase;
    this.report();
  }

  finish(): void {
    this.current = 'done';
    this.total = Math.max(this.total, this.done);
    this.report();
  }

  async flush(): Promise<void> {
    while (this.sending) await this.sending;
  }

  private report(): void {
    this.lastReport = Date.now();
    const elapsed = Date.now() - this.started;
    this.pending = {
      target: this.target,
      kind: this.kind,
      phase: this.current,
      done: this.done,
      total: Math.max(this.total, this.done),
      rate: elapsed > 0 ? Math.round((this.done / elapsed) * 1000 * 10) / 10 : 0,
      elapsed_ms: elapsed,
    };
    this.kick();
  }

  private kick(): void {
    if (this.sending) return;
    this.sending = this.sendPending().finally(() => {
      this.sending = null;
      // A report made between the last send and this line.
      if (this.pending) this.kick();
    });
  }

  private async sendPending(): Promise<void> {
    const send = this.options.onProgress;
    for (let progress = this.pending; progress; progress = this.pending) {
      this.pending = null;
      try {
        await send?.(progress);
      } catch {
        // Best effort: the next report says it again.
      }
    }
  }
}
