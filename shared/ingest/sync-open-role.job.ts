import type { ElasticsearchDocumentWriter } from '../search/elasticsearch/es-document.writer.ts';
import type { OpenRoleSource } from './open-role.source.ts';
import { syncEntity, type SyncOutcome } from './sync-entity.ts';
import type { SyncOpenRoleJob } from './sync-job.schema.ts';

export interface SyncOpenRoleDeps {
  openRoles: OpenRoleSource;
  writer: ElasticsearchDocumentWriter;
}

/** Brings one open role's search document up to date with its row; an expired listing is deleted. */
export function syncOpenRole(deps: SyncOpenRoleDeps, job: SyncOpenRoleJob): Promise<SyncOutcome> {
  return syncEntity(
    {
      load: (id) => deps.openRoles.load(id),
      index: (item) => deps.writer.indexOpenRoles([item]),
      deleteUpTo: (id, version) => deps.writer.deleteUpTo([{ id, version }], deps.writer.names.openRoles),
    },
    job,
  );
}
