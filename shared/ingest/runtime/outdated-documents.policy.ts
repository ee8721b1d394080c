import { ENTITIES, entityOfIndexKind } from '../../domain/entity.registry.ts';
import type { Logger } from '../../logging/logger.ts';
import type { IndexKind } from '../../search/elasticsearch/index-names.ts';
import type { ReindexTarget } from '../jobs/maintenance-job.schema.ts';

export interface OutdatedDocumentsDeps {
  /** The kinds whose live index holds documents an earlier release built (ElasticsearchIndexManager). */
  outdatedDocuments(): Promise<IndexKind[]>;
  /** Queues a rebuild, or joins the one of that target already waiting or running (IngestQueues). */
  enqueueReindex(target: ReindexTarget): Promise<string>;
  logger: Pick<Logger, 'info'>;
}

/**
 * After an upgrade that changes what documents hold (DOCUMENT_VERSION), the documents already indexed
 * are rebuilt in the background, without downtime, as `designer-directory reindex` would: searches keep
 * reading the old index until the alias swaps. Every worker that starts checks; the queue keeps one
 * rebuild per target, and the rebuilt index carries the new version, so it happens once.
 */
export async function rebuildOutdatedDocuments(deps: OutdatedDocumentsDeps): Promise<ReindexTarget[]> {
  const targets = (await deps.outdatedDocuments()).map((kind): ReindexTarget => ENTITIES[entityOfIndexKind(kind)].segment);
  for (const target of targets) {
    const job = await deps.enqueueReindex(target);
    deps.logger.info({ target, job }, 'the index holds documents of an earlier release: rebuilding it');
  }
  return targets;
}
