import type { IndexKind } from '../../search/elasticsearch/index-names.ts';

/**
 * Serialises rebuilds of one kind across processes. The lock must be released when its holder dies
 * (a crashed worker), or no rebuild of that kind could run again.
 */
export interface RebuildLock {
  withLock<R>(kind: IndexKind, run: () => Promise<R>): Promise<R>;
}
