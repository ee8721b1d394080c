import { LRUCache } from 'lru-cache';

/** Prefixes of at most this many characters are served from the cache (SHORT_PREFIX_FRESH_MS). */
export const SHORT_PREFIX_LENGTH = 3;
/** How long a short prefix's completions are served as they are, before a request refreshes them. */
export const SHORT_PREFIX_FRESH_MS = 5_000;
/** Past this age completions are not served: the request waits for fresh ones. */
export const SHORT_PREFIX_STALE_MS = 60_000;
/** Short prefixes remembered: the letters, pairs and triples people start words with, times the limits asked. */
const MAX_ENTRIES = 2_000;

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
  // lru-cache serves a stale entry once while its fetch runs behind (allowStale), shares one fetch among the
  // requests that ask meanwhile, and drops the entry when that fetch fails.
  private readonly entries: LRUCache<string, V, () => Promise<V>>;

  constructor(clock: () => number = () => performance.now()) {
    this.entries = new LRUCache<string, V, () => Promise<V>>({
      max: MAX_ENTRIES,
      ttl: SHORT_PREFIX_FRESH_MS,
      allowStale: true,
      perf: { now: clock },
      // Read the clock on every get: its default caches the time for a millisecond.
      ttlResolution: 0,
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    // Past the stale bound an entry is not served: the request waits for fresh completions.
    if (this.entries.getRemainingTTL(key) <= SHORT_PREFIX_FRESH_MS - SHORT_PREFIX_STALE_MS) this.entries.delete(key);
    return (await this.entries.fetch(key, { context: load }))!;
  }
}
