import type { IndexedDesigner } from '../../domain/designer.schema.ts';
import type { IndexedOpenRole } from '../../domain/open-role.schema.ts';
import type { Logger } from '../../logging/logger.ts';
import type { Change } from '../outbox/change.ts';
import type { ChangeConfirmation } from '../ports/change-confirmation.port.ts';
import type { ChangeSource } from '../ports/change-source.port.ts';
import type { DocumentWriter, ExpiredOpenRoleRemover } from '../ports/document-writer.port.ts';
import type { IndexManager } from '../ports/index-manager.port.ts';
import type { RebuildLock } from '../ports/rebuild-lock.port.ts';
import type { ListedRows, RowReader } from '../ports/row-reader.port.ts';
import type { IngestContext } from './ingest-context.ts';
import { pgRebuildLock } from './pg-rebuild-lock.ts';

/**
 * Every port the ingest use cases take (each takes the part it needs). The use cases never see the
 * context's raw clients; this is the one place the concrete drivers are handed over as ports.
 */
export interface IngestPorts {
  designers: RowReader<IndexedDesigner> & ListedRows<IndexedDesigner>;
  openRoles: RowReader<IndexedOpenRole> & ListedRows<IndexedOpenRole>;
  writer: DocumentWriter & ExpiredOpenRoleRemover;
  indices: IndexManager;
  changes: ChangeSource & ChangeConfirmation;
  lock: RebuildLock;
  logger: Logger;
  /** Queues changes as single-row jobs: where a batch sends the rows it does not settle itself. */
  handOff(changes: Change[]): Promise<unknown>;
}

export function ingestPorts(ctx: IngestContext): IngestPorts {
  return {
    designers: ctx.designers,
    openRoles: ctx.openRoles,
    writer: ctx.writer,
    indices: ctx.manager,
    changes: ctx.changeLog,
    lock: pgRebuildLock(ctx.db),
    logger: ctx.logger,
    handOff: (changes) => ctx.queues.enqueueChanges(changes, { batch: false }),
  };
}
