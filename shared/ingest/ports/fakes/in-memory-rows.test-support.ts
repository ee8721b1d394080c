import { InvalidSourceRowError, type SourceState } from '../../../store/row-state.ts';
import type { ListedRows, RowReader } from '../row-reader.port.ts';

/** The store's one version sequence: rows, and the deletes the outbox records, draw from it. */
export class VersionClock {
  private last = 0;

  next(): number {
    this.last += 1;
    return this.last;
  }
}

/**
 * One table of rows in memory, as the ingest ports read it: each row listed (with its document), unlisted,
 * or invalid; a removed row is absent with the version of its delete. Reads see the table as it is at the
 * moment of the call, like one statement's snapshot.
 */
export class InMemoryRows<T extends { version: number }> implements RowReader<T>, ListedRows<T> {
  private readonly rows = new Map<string, SourceState<T>>();
  /** Versions of deletes recorded for rows that are gone (what the outbox holds). */
  private readonly deletes = new Map<string, number>();

  constructor(
    private readonly clock: VersionClock,
    private readonly entity: string,
    private readonly idOf: (item: T) => string,
    private readonly withVersion: (item: T, version: number) => T,
  ) {}

  /** Inserts or updates a listed row at a new version; returns the row's document. */
  put(item: T): T {
    const listed = this.withVersion(item, this.clock.next());
    this.rows.set(this.idOf(listed), { state: 'listed', item: listed, version: listed.version });
    return listed;
  }

  /** Unlists a row (draft, hidden, opted out, expired) at a new version. */
  unlist(id: string): number {
    const version = this.clock.next();
    this.rows.set(id, { state: 'unlisted', version });
    return version;
  }

  /** A listed row whose data cannot make a document, at a new version. */
  corrupt(id: string, reason: string): number {
    const version = this.clock.next();
    this.rows.set(id, { state: 'invalid', version, reason });
    return version;
  }

  /** Deletes the row; the outbox records the delete at a new version, which is returned. */
  remove(id: string): number {
    const version = this.clock.next();
    this.rows.delete(id);
    this.deletes.set(id, version);
    return version;
  }

  async load(id: string): Promise<SourceState<T>> {
    return (await this.loadMany([id])).get(id)!;
  }

  async loadMany(ids: readonly string[]): Promise<Map<string, SourceState<T>>> {
    return new Map(ids.map((id) => [id, this.rows.get(id) ?? { state: 'absent', version: this.deletes.get(id) ?? null }]));
  }

  async touch(id: string, version: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || row.version !== version) return false;
    const next = this.clock.next();
    this.rows.set(id, row.state === 'listed' ? { state: 'listed', item: this.withVersion(row.item, next), version: next } : { ...row, version: next });
    return true;
  }

  async countListed(): Promise<number> {
    return [...this.rows.values()].filter((r) => r.state === 'listed' || r.state === 'invalid').length;
  }

  async *streamListed(options: { onInvalid?: (error: InvalidSourceRowError) => void } = {}): AsyncGenerator<T> {
    const ids = [...this.rows.keys()].sort();
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row?.state === 'listed') yield row.item;
      else if (row?.state === 'invalid') {
        const error = new InvalidSourceRowError(this.entity, id, row.reason);
        if (!options.onInvalid) throw error;
        options.onInvalid(error);
      }
    }
  }
}
