/**
 * What a sync job finds when it re-reads a row: a document to write, a row that exists but is not
 * listed (draft, hidden, opted out, expired), a listed row whose data cannot make a valid document
 * (written around the import checks), or no row at all.
 */
export type SourceState<T> =
  | { state: 'listed'; item: T; version: number }
  | { state: 'unlisted'; version: number }
  | { state: 'invalid'; version: number; reason: string }
  /** version: the newest the outbox recorded for the row (its delete), read in the same snapshot; null when none. */
  | { state: 'absent'; version: number | null };

/** A row that exists but cannot become a valid document (bad data written around the import checks). */
export class InvalidSourceRowError extends Error {
  constructor(
    readonly entity: string,
    readonly id: string,
    detail: string,
  ) {
    super(`${entity} ${id} in the store is not a valid document: ${detail}`);
    this.name = 'InvalidSourceRowError';
  }
}
