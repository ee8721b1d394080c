import { LRUCache } from 'lru-cache';

/** Prefixes of at most this many characters are served from the cache (SHORT_PREFIX_FRESH_MS). */
export const SHORT_PREFIX_LENGTH = 3;
/** How long a short prefix's completions are served as they are, before a request refreshes them. */
export const SHORT_PREFIX_FRESH_MS = 5_000;
/** Past this age completions are not served: the request waits for fresh ones. */
export const SHORT_PREFIX_STALE_MS = 60_000;
/** Short prefixes remembered: the letters, pairs and triples people start words with, times the limits asked. */
const MAX_ENTRIES = 2_000;

interface Entry<V> {
  value: V;
  at: number;
  refreshing?: Promise<void> | undefined;
}

/**
 * Completions of one to three letters, served from memory and refreshed behind the request that finds them
 * older than SHORT_PREFIX_FRESH_MS. Such a prefix matches most of the directory, so the engine counts over
 * nearly every record (about 35 ms on Elasticsearch at 100,000 designers, where longer prefixes take a few):
 * without this, the first keystroke after every write paid for it, and Elasticsearch's request cache is
 * emptied by each refresh that brings a write. Counts may therefore lag writes by SHORT_PREFIX_FRESH_MS, and
 * never by more than SHORT_PREFIX_STALE_MS. A refresh that fails drops the entry, so the next request asks
 * the engine and sees its error.
 */
export class ShortPrefixCache<V extends object> {
  private readonly entries = new LRUCache<string, Entry<V>>({ max: MAX_ENTRIES });

  constructor(private readonly clock: () => number = Date.now) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    const age = entry ? this.clock() - entry.at : Infinity;
    if (entry && age < SHORT_PREFIX_FRESH_MS) return entry.value;
    if (entry && age < SHORT_PREFIX_STALE_MS) {
      entry.refreshing ??= this.load(key, load).then(
        () => undefined,
        () => {
          this.entries.delete(key);
        },
      );
      return entry.value;
    }
    return this.load(key, load);
  }

  private async load(key: string, load: () => Promise<V>): Promise<V> {
    const value = await load();
    this.entries.set(key, { value, at: this.clock() });
    return value;
  }
}
