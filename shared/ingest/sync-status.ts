import type { ElasticsearchIndexManager } from '../search/elasticsearch/es-index.manager.ts';
import type { ChangeLogRepository } from './change-log.repository.ts';
import type { DesignerSource } from './designer.source.ts';
import type { IngestQueues, JobView, QueueCounts } from './ingest-queues.ts';
import type { OpenRoleSource } from './open-role.source.ts';

export interface SyncStatus {
  queues: QueueCounts;
  failed_jobs: Pick<JobView, 'id' | 'queue' | 'name' | 'data' | 'attempts_made' | 'failed_reason' | 'finished_at'>[];
  /** Listed rows in the store against documents behind the alias (open roles: unexpired only). */
  counts: {
    designers: { store: number; index: number };
    open_roles: { store: number; index: number };
  };
  /** Outbox rows not yet handed to the queue. */
  unsynced_changes: { count: number; oldest_age_seconds: number | null };
}

export interface SyncStatusDeps {
  queues: IngestQueues;
  changeLog: ChangeLogRepository;
  designers: DesignerSource;
  openRoles: OpenRoleSource;
  manager: ElasticsearchIndexManager;
}

/** What `designer-directory status` prints: is the index in step with the store, and if not, why. */
export async function getSyncStatus(deps: SyncStatusDeps, now: Date = new Date(), failedLimit = 20): Promise<SyncStatus> {
  const [queues, failed, designersStore, designersIndex, rolesStore, rolesIndex, backlog] = await Promise.all([
    deps.queues.counts(),
    deps.queues.failedJobs(failedLimit),
    deps.designers.countListed(),
    deps.manager.countDocuments('designers'),
    deps.openRoles.countListed(),
    deps.manager.countDocuments('openRoles', { liveAt: now }),
    deps.changeLog.backlog(),
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
  };
}
