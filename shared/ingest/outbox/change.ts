import type { ChangeEntity } from '../../domain/entity.registry.ts';

/** The outbox's name for a kind of row (change_log.entity), declared in the entity registry. */
export type { ChangeEntity };

/** One row of the outbox, as the relay hands it on. */
export interface Change {
  id: number;
  entity: ChangeEntity;
  entityId: string;
  op: 'insert' | 'update' | 'delete';
  version: number;
}

/** An entity touched by transactions a snapshot could not see, with the newest version they wrote. */
export interface ChangedEntity {
  entityId: string;
  version: number;
}

/** A row's change as a sync wrote it: the index now holds this version of the row, or a newer one. */
export interface SettledChange {
  id: string;
  version: number;
}
