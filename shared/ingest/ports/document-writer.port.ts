import type { IndexedDesigner } from '../../domain/designer.schema.ts';
import type { IndexedOpenRole } from '../../domain/open-role.schema.ts';
import type { IndexNames } from '../../search/elasticsearch/index-names.ts';

/** What a batch of versioned writes did, one outcome per operation. */
export interface WriteResult {
  /** Operations the index applied (a delete of an absent document counts: the index is as asked). */
  applied: number;
  /** Operations skipped because the index already held the same or a newer version of the id. */
  stale: number;
  /** The ids of those stale operations. */
  staleIds: string[];
  /** Operations the index refused; status 400 or 413 means the document itself was refused. */
  failed: { id: string; reason: string; status?: number }[];
}

export type Items<T> = AsyncIterable<T> | Iterable<T>;

/**
 * Versioned document writes (external versioning: the row's version decides, so a stale write never
 * overwrites a newer one). `index` is a public name by default, or a concrete index a rebuild fills.
 * Implemented by ElasticsearchDocumentWriter.
 */
export interface DocumentWriter {
  /** The public names (aliases) the writes go to by default. */
  readonly names: IndexNames;
  indexDesigners(items: Items<IndexedDesigner>, index?: string): Promise<WriteResult>;
  indexOpenRoles(items: Items<IndexedOpenRole>, index?: string): Promise<WriteResult>;
  /** Deletes each document whose version is at most the given one. */
  deleteUpTo(items: Items<{ id: string; version: number }>, index: string): Promise<WriteResult>;
  /** Which of these ids have a live document, realtime (a write just acknowledged counts). */
  liveIds(ids: readonly string[], index: string): Promise<Set<string>>;
}

/** The expiry sweep's one write. Implemented by ElasticsearchDocumentWriter. */
export interface ExpiredOpenRoleRemover {
  /** Removes open roles expired at `now`, each only at the version it was read at. */
  deleteExpiredOpenRoles(now: Date): Promise<WriteResult>;
}
