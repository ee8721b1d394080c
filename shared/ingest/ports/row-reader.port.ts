import type { InvalidSourceRowError, SourceState } from '../../store/row-state.ts';

/**
 * Rows of one kind as they are now, each as what the index should hold for it. Implemented by the
 * store's DesignerReader and OpenRoleReader.
 */
export interface RowReader<T> {
  /** The row's state; for an absent row, the version of its delete, read in the same snapshot. */
  load(id: string): Promise<SourceState<T>>;
  /** The states of several rows from one snapshot; every id asked for is in the map. */
  loadMany(ids: readonly string[]): Promise<Map<string, SourceState<T>>>;
  /** Gives the row a fresh version (a change of its own) if it still holds `version`; false otherwise. */
  touch(id: string, version: number): Promise<boolean>;
}

/** Every listed row of one kind, for a rebuild. Implemented by the store's readers. */
export interface ListedRows<T> {
  countListed(): Promise<number>;
  /** Listed rows in id order; rows that cannot make a document go to onInvalid (or throw without it). */
  streamListed(options?: { pageSize?: number; onInvalid?: (error: InvalidSourceRowError) => void }): AsyncIterable<T>;
}
