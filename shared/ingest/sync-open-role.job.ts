import type { ElasticsearchDocumentWriter } from '../search/elasticsearch/es-document.writer.ts';
import type { ChangeLogRepository } from './change-log.repository.ts';
import type { OpenRoleSource } from './open-role.source.ts';
import { syncEntity, type SyncOutcome } from './sync-entity.ts';
import type { SyncOpenRoleJob } from './sync-job.schema.ts';

export interface SyncOpenRoleDeps {
  openRoles: OpenRoleSource;
  changeLog: Pick<ChangeLogRepository, 'latestVersion'>;
  writer: ElasticsearchDocumentWriter;
}

/** Brings one open role's search document up to date with its row; an expired listing is deleted. */
export function syncOpenRole(deps: SyncOpenRoleDeps, job: SyncOpenRoleJob): Promise<SyncOutcome> {
  return syncEntity(
    {
      entity: 'open_role',
      load: (id) => deps.openRoles.load(id),
      index: (item) => deps.writer.indexOpenRoles([item]),
      deleteUpTo: (id, version) => deps.writer.deleteUpTo([{ id, version }], deps.writer.names.openRoles),
      changeLog: deps.changeLog,
    },
    job,
  );
}
