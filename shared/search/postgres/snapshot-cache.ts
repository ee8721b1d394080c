import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../store/db.ts';

/** Entries remembered per process and kind: a few hundred filter sets and queries cover what people repeat. */
const MAX_ENTRIES = 1000;
/**
 * What one cache may hold, as estimated by its sizeOf, whatever the entries' count: one query's vocabulary
 * can name 50 expansions for each of its words.
 */
const MAX_BYTES = 8 * 2 ** 20;
/** An entry's own cost: its digest key, the LRU's bookkeeping, a small value. */
const ENTRY_BYTES = 200;

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

/**
 * A read in a snapshot. The read's key is often its SQL and parameters (4–17 KB for a free-text count), so
 * the entry keeps its digest: 1,000 such keys held as written would be 4–17 MB of strings.
 */
function entryKey(snapshot: string, key: string): string {
  return `${snapshot}\u0000${createHash('sha256').update(key).digest('base64')}`;
}

/**
 * Results of reads (totals, vocabulary lookups), remembered for as long as the data they read cannot have
 * changed: the key is the read and the snapshot it ran in. A result is therefore reused between writes and
 * never across one, on any replica. Only for reads that can repeat: one whose parameters carry the clock
 * (open roles' expiry) would never hit and only evict others.
 */
export class SnapshotCache<V extends object | number> {
  private readonly values: LRUCache<string, V>;
  /** Reads under way: searches that arrive together after a write wait for one count instead of each running it. */
  private readonly reading = new Map<string, Promise<V>>();

  /** sizeOf estimates a value's bytes, for values that can be large (a query's vocabulary). */
  constructor(options: { sizeOf?: (value: V) => number; maxBytes?: number } = {}) {
    const sizeOf = options.sizeOf ?? (() => 0);
    this.values = new LRUCache<string, V>({
      max: MAX_ENTRIES,
      maxSize: options.maxBytes ?? MAX_BYTES,
      sizeCalculation: (value) => ENTRY_BYTES + sizeOf(value),
    });
  }

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
