import type { IndexHealth } from '../../search/elasticsearch/es-index-manager.ts';
import type { IndexKind } from '../../search/elasticsearch/index-names.ts';

/**
 * The versioned indices behind the public aliases, as a rebuild drives them. Implemented by
 * ElasticsearchIndexManager.
 */
export interface IndexManager {
  /** Creates the aliases (and their first indices) when missing. */
  ensureIndices(): Promise<void>;
  /** The concrete index behind the alias, or null when there is none. */
  currentIndex(kind: IndexKind): Promise<string | null>;
  /** Concrete indices of a kind, oldest first. */
  listVersions(kind: IndexKind): Promise<{ index: string; version: number }[]>;
  /** Versions above the one behind the alias: left by a rebuild that never reached its swap. */
  partialVersions(kind: IndexKind): Promise<string[]>;
  /** Creates the next versioned index (no alias); returns its name. */
  createNextIndex(kind: IndexKind): Promise<string>;
  /** Deletes every versioned index of a kind except those named; returns what it deleted. */
  pruneVersions(kind: IndexKind, keep: readonly string[]): Promise<string[]>;
  /** No refreshes and no replicas during a bulk load into an index nobody reads yet. */
  startBulkLoad(index: string): Promise<void>;
  /**
   * Puts the configured refreshes and replicas back, makes everything loaded so far searchable and waits
   * for the replicas (the health reached, and whether the wait timed out first).
   */
  finishBulkLoad(index: string): Promise<IndexHealth>;
  /** Moves the alias to `to` in one atomic action. */
  swapAlias(kind: IndexKind, to: string): Promise<void>;
}

/** Documents behind a kind's alias (open roles with liveAt: unexpired ones only). */
export interface IndexCounter {
  countDocuments(kind: IndexKind, options?: { liveAt?: Date }): Promise<number>;
}
