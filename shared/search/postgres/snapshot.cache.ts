import { LRUCache } from 'lru-cache';
import type { Db } from '../../store/db.ts';

/** Entries remembered per process and kind: a few hundred filter sets and queries cover what people repeat. */
const MAX_ENTRIES = 1000;

/**
 * The transaction's snapshot (`pg_current_snapshot()`: its xmin, xmax and in-progress ids). Two snapshots
 * with the same three see exactly the same committed rows, and a search, being read-only, never takes a
 * transaction id, so the snapshot only moves when something writes. tx must be REPEATABLE READ, so that
 * every statement of the search reads this snapshot.
 */
export async function currentSnapshot(tx: Db): Promise<string> {
  const { rows } = await tx.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot');
  return rows[0]!.snapshot;
}

/** A read in a snapshot: a snapshot (digits, colons, commas) holds no NUL, so the first one ends it. */
function entryKey(snapshot: string, key: string): string {
  return `${snapshot}\u0000${key}`;
}

/**
 * Results of reads (totals, vocabulary lookups), remembered for as long as the data they read cannot have
 * changed: the key is the read and the snapshot it ran in. A result is therefore reused between writes and
 * never across one, on any replica. Only for reads that can repeat: one whose parameters carry the clock
 * (open roles' expiry) would never hit and only evict others.
 */
export class SnapshotCache<V extends object | number> {
  private readonly values = new LRUCache<string, V>({ max: MAX_ENTRIES });
  /** Reads under way: searches that arrive together after a write wait for one count instead of each running it. */
  private readonly reading = new Map<string, Promise<V>>();

  async get(snapshot: string, key: string, read: () => Promise<V>): Promise<V> {
    const known = this.peek(snapshot, key);
    if (known !== undefined) return known;
    const at = entryKey(snapshot, key);
    const underway = this.reading.get(at);
    if (underway) {
      try {
        return await underway;
      } catch {
        // The other search's read failed (its timeout, its connection): this one reads for itself.
      }
    }
    const mine = read();
    this.reading.set(at, mine);
    try {
      const value = await mine;
      this.set(snapshot, key, value);
      return value;
    } finally {
      if (this.reading.get(at) === mine) this.reading.delete(at);
    }
  }

  /** The value remembered for this read in this snapshot, if any; reads nothing. */
  peek(snapshot: string, key: string): V | undefined {
    return this.values.get(entryKey(snapshot, key));
  }

  /** Remembers a value the caller read in this snapshot by other means (a total counted on a page's way). */
  set(snapshot: string, key: string, value: V): void {
    this.values.set(entryKey(snapshot, key), value);
  }
}
