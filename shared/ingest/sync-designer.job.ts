import type { ElasticsearchDocumentWriter } from '../search/elasticsearch/es-document.writer.ts';
import type { DesignerSource } from './designer.source.ts';
import { syncEntity, type SyncOutcome } from './sync-entity.ts';
import type { SyncDesignerJob } from './sync-job.schema.ts';

export interface SyncDesignerDeps {
  designers: DesignerSource;
  writer: ElasticsearchDocumentWriter;
}

/** Brings one designer's search document up to date with its row (see syncEntity). */
export function syncDesigner(deps: SyncDesignerDeps, job: SyncDesignerJob): Promise<SyncOutcome> {
  return syncEntity(
    {
      load: (id) => deps.designers.load(id),
      index: (item) => deps.writer.indexDesigners([item]),
      deleteUpTo: (id, version) => deps.writer.deleteUpTo([{ id, version }], deps.writer.names.designers),
    },
    job,
  );
}
