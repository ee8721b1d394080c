import type { EntityCollection, IndexKind } from '../../domain/entity.registry.ts';
import type { ChangeLogRepository } from '../outbox/change-log.repository.ts';
import type { IndexCounter, IndexManager } from '../ports/index-manager.port.ts';
import type { ListedRows } from '../ports/row-reader.port.ts';
import type { IngestQueues, JobView, QueueCounts } from './ingest-queues.ts';

export interface SyncStatus {
  queues: QueueCounts;
  failed_jobs: Pick<JobView, 'id' | 'queue' | 'name' | 'data' | 'attempts_made' | 'failed_reason' | 'finished_at'>[];
  /** Listed rows in the store against documents behind the alias (open roles: unexpired only). */
  counts: {
    designers: { store: number; index: number };
    open_roles: { store: number; index: number };
  };
  /**
   * Outbox rows whose change is not confirmed in the index yet: not handed to the queue, waiting in it,
   * or lost with a Redis that lost its data (the worker hands those over again).
   */
  unsynced_changes: { count: number; oldest_age_seconds: number | null };
  reindex: ReindexStatus;
}

/**
 * Rebuilds: the jobs waiting or running (with how often a crashed worker cut them off) and the newest
 * finished one; per kind, the index behind the alias and any half-built versions above it, which are
 * either the running rebuild's or left by a crashed one (the next run removes those).
 */
export interface ReindexStatus {
  jobs: {
    id: string;
    state: string;
    target: unknown;
    progress: unknown;
    stalled_count: number;
    attempts_made: number;
    failed_reason: string | null;
    finished_at: string | null;
    /**
     * For an active job: running (a live worker holds it) or lost (the worker running it stopped without
     * finishing: crashed, killed or out of memory; the next worker to start runs it again). Null otherwise.
     */
    worker: 'running' | 'lost' | null;
  }[];
  indices: Record<EntityCollection, { alias_on: string | null; partial: string[]; partial_state: PartialState }>;
}

/** building: a rebuild is waiting or running and will replace (or discard) them; leftover: none is. */
export type PartialState = 'none' | 'building' | 'leftover';

export interface SyncStatusDeps {
  queues: Pick<IngestQueues, 'counts' | 'failedJobs' | 'reindexJobs' | 'heldByWorker'>;
  changeLog: Pick<ChangeLogRepository, 'unconfirmed'>;
  designers: Pick<ListedRows<unknown>, 'countListed'>;
  openRoles: Pick<ListedRows<unknown>, 'countListed'>;
  manager: Pick<IndexManager, 'currentIndex' | 'partialVersions'> & IndexCounter;
}

/** What `designer-directory status` prints: is the index in step with the store, and if not, why. */
export async function getSyncStatus(deps: SyncStatusDeps, now: Date = new Date(), failedLimit = 20): Promise<SyncStatus> {
  const [queues, failed, designersStore, designersIndex, rolesStore, rolesIndex, backlog, reindex] = await Promise.all([
    deps.queues.counts(),
    deps.queues.failedJobs(failedLimit),
    deps.designers.countListed(),
    deps.manager.countDocuments('designers'),
    deps.openRoles.countListed(),
    deps.manager.countDocuments('openRoles', { liveAt: now }),
    deps.changeLog.unconfirmed(),
    getReindexStatus(deps),
  ]);
  return {
    queues,
    failed_jobs: failed.map(({ id, queue, name, data, attempts_made, failed_reason, finished_at }) => ({
      id,
      queue,
      name,
      data,
      attempts_made,
      failed_reason,
      finished_at,
    })),
    counts: {
      designers: { store: designersStore, index: designersIndex },
      open_roles: { store: rolesStore, index: rolesIndex },
    },
    unsynced_changes: { count: backlog.count, oldest_age_seconds: backlog.oldestAgeSeconds },
    reindex,
  };
}

async function getReindexStatus(deps: SyncStatusDeps): Promise<ReindexStatus> {
  const views = await deps.queues.reindexJobs();
  const running = views.some((v) => v.state !== 'completed' && v.state !== 'failed');
  const index = async (kind: IndexKind) => {
    const partial = await deps.manager.partialVersions(kind);
    const partial_state: PartialState = partial.length === 0 ? 'none' : running ? 'building' : 'leftover';
    return { alias_on: await deps.manager.currentIndex(kind), partial, partial_state };
  };
  const jobs = await Promise.all(
    views.map(async (v) => ({
      id: v.id,
      state: v.state,
      target: (v.data as { target?: unknown } | null)?.target ?? null,
      progress: v.progress,
      stalled_count: v.stalled_count,
      attempts_made: v.attempts_made,
      failed_reason: v.failed_reason,
      finished_at: v.finished_at,
      worker: v.state === 'active' ? ((await deps.queues.heldByWorker(v.id)) ? ('running' as const) : ('lost' as const)) : null,
    })),
  );
  return { jobs, indices: { designers: await index('designers'), open_roles: await index('openRoles') } };
}
