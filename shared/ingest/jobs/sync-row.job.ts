import type { IndexedDesigner } from '../../domain/designer.schema.ts';
import type { IndexedOpenRole } from '../../domain/open-role.schema.ts';
import type { ChangeEntity } from '../outbox/change.ts';
import type { ChangeConfirmation } from '../ports/change-confirmation.port.ts';
import type { DocumentWriter, WriteResult } from '../ports/document-writer.port.ts';
import type { EntitySync } from '../ports/entity-sync.port.ts';
import type { RowReader } from '../ports/row-reader.port.ts';
import { syncEntity, type SyncOutcome } from './sync-entity.job.ts';
import type { SyncDesignerJob, SyncOpenRoleJob } from './sync-job.schema.ts';

export interface SyncDesignerDeps {
  designers: RowReader<IndexedDesigner>;
  writer: DocumentWriter;
  changes: Pick<ChangeConfirmation, 'confirm'>;
}

export interface SyncOpenRoleDeps {
  openRoles: RowReader<IndexedOpenRole>;
  writer: DocumentWriter;
  changes: Pick<ChangeConfirmation, 'confirm'>;
}

/** Where a row sync confirms what it wrote. */
interface Confirmer {
  entity: ChangeEntity;
  changes: Pick<ChangeConfirmation, 'confirm'>;
}

/** The sync ports of one table: its reader, and the writer bound to its index. */
function rowSync<T>(
  rows: RowReader<T>,
  writer: DocumentWriter,
  index: string,
  write: (items: T[]) => Promise<WriteResult>,
  { entity, changes }: Confirmer,
): EntitySync<T> {
  return {
    load: (id) => rows.load(id),
    index: (item) => write([item]),
    deleteUpTo: (id, version) => writer.deleteUpTo([{ id, version }], index),
    isIndexed: async (id) => (await writer.liveIds([id], index)).has(id),
    touch: (id, version) => rows.touch(id, version),
    confirm: (id, version) => changes.confirm(entity, [{ id, version }]),
  };
}

/** Brings one designer's search document up to date with its row (see syncEntity). */
export function syncDesigner({ designers, writer, changes }: SyncDesignerDeps, job: SyncDesignerJob): Promise<SyncOutcome> {
  const confirmer: Confirmer = { entity: 'designer', changes };
  return syncEntity(rowSync(designers, writer, writer.names.designers, (items) => writer.indexDesigners(items), confirmer), job);
}

/** Brings one open role's search document up to date with its row; an expired open role is deleted. */
export function syncOpenRole({ openRoles, writer, changes }: SyncOpenRoleDeps, job: SyncOpenRoleJob): Promise<SyncOutcome> {
  const confirmer: Confirmer = { entity: 'open_role', changes };
  return syncEntity(rowSync(openRoles, writer, writer.names.openRoles, (items) => writer.indexOpenRoles(items), confirmer), job);
}
