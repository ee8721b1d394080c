import { ENTITIES, ENTITY_KEYS } from '../../domain/entity.registry.ts';
import type { Logger } from '../../logging/logger.ts';
import type { IndexKind } from '../../search/elasticsearch/index-names.ts';
import type { ReindexTarget } from '../jobs/maintenance-job.schema.ts';
import type { ChangeEntity } from '../outbox/change.ts';
import type { ChangeLogRepository } from '../outbox/change-log.repository.ts';

export interface BacklogRebuildDeps {
  changeLog: Pick<ChangeLogRepository, 'handOverBacklog'>;
  /** Documents behind a kind's alias now. */
  countIndexed(kind: IndexKind): Promise<number>;
  enqueueRebuild(target: ReindexTarget): Promise<unknown>;
  /** Smaller backlogs always drain through batch jobs, whatever the index holds. */
  minChanges: number;
  logger: Logger;
}

/** Rebuilds are per kind, so the backlog is weighed per kind. */
const KINDS: readonly { entity: ChangeEntity; kind: IndexKind; target: ReindexTarget }[] = ENTITY_KEYS.map((key) => ({
  entity: ENTITIES[key].change,
  kind: ENTITIES[key].indexKind,
  target: ENTITIES[key].segment,
}));

export const DEFAULT_REBUILD_MIN_CHANGES = 10_000;

/**
 * A first load (a filled store, an empty index) or a re-import that changes everything puts at least as
 * many changes in the outbox as the index holds documents. Draining them as batch jobs re-reads rows by id,
 * writes into an index that refreshes every second and claims, queues and marks every change; a
 * rebuild streams the rows by key into an index that does not refresh until it is swapped in, at the
 * rate of a plain bulk load (BENCHMARKS.md). So when a kind's backlog is at least `minChanges` and at
 * least its index's size, the whole backlog goes to one rebuild instead. The rebuild's own snapshot and
 * replays keep every guarantee a reindex has for changes made while it runs. Returns how many changes
 * were handed over.
 */
export async function rebuildLargeBacklogs(deps: BacklogRebuildDeps): Promise<number> {
  let handed = 0;
  for (const { entity, kind, target } of KINDS) {
    const indexed = await deps.countIndexed(kind);
    const changes = await deps.changeLog.handOverBacklog(entity, Math.max(deps.minChanges, indexed), async () => {
      await deps.enqueueRebuild(target);
    });
    if (changes > 0) deps.logger.info({ entity, changes, indexed }, 'outbox backlog handed to one rebuild');
    handed += changes;
  }
  return handed;
}
