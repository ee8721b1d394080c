import type { SourceState } from '../../store/row-state.ts';
import type { WriteResult } from './document-writer.port.ts';

/** The ports one row sync needs, bound to one kind: the row as it is now, and that kind's documents. */
export interface EntitySync<T> {
  /** The row's state; for an absent row, the version of its delete from the same snapshot. */
  load(id: string): Promise<SourceState<T>>;
  index(item: T): Promise<WriteResult>;
  deleteUpTo(id: string, version: number): Promise<WriteResult>;
  /** Whether the index holds a live document for the id (realtime). */
  isIndexed(id: string): Promise<boolean>;
  /** Gives the row a new version if it still holds `version` (see TableReader.touch in the store). */
  touch(id: string, version: number): Promise<boolean>;
  /** Records in the outbox that the index holds the row at `version` or newer (ChangeConfirmation). */
  confirm(id: string, version: number): Promise<void>;
}
