import type { Client, estypes } from '@elastic/elasticsearch';
import type { IndexedDesigner } from '../../domain/designer.schema.ts';
import { OPEN_ROLE_LISTED_RULE } from '../../domain/open-role.fields.ts';
import type { IndexedOpenRole } from '../../domain/open-role.schema.ts';
import { toDesignerDocument } from './designer.document.ts';
import type { IndexNames } from './index-names.ts';
import { toOpenRoleDocument } from './open-role.document.ts';
import { endedFilter } from './query-clauses.ts';

export type BulkOperation =
  | { op: 'index'; id: string; version: number; doc: object }
  | { op: 'delete'; id: string; version: number };

export interface BulkResult {
  /** Operations Elasticsearch applied. */
  applied: number;
  /** Operations skipped because the index already held the same or a newer version. */
  stale: number;
  /** The ids of those stale operations. */
  staleIds: string[];
  failed: { id: string; reason: string; status?: number }[];
}

/** `external`: only a strictly newer version writes. `external_gte`: the same version may write too. */
type VersionType = 'external' | 'external_gte';

type Source<T> = AsyncIterable<T> | Iterable<T>;

/**
 * What one bulk load holds at once. The helper pulls a document from its source only while a request
 * slot is free or the body it is filling is under flushBytes, so a slow Elasticsearch slows the source
 * (a keyset reader, a batch) instead of filling the heap: at most `concurrency` requests in flight, each
 * kept until its answer (its retries and failure reports read it), and one body being filled, about
 * flushBytes each and one document more. A body lives as its serialized lines, the ndjson the transport
 * joins them into and the buffer on the socket: about three times flushBytes per request, so ~9 MiB for
 * the defaults, however many documents a load has and however slowly they are taken.
 */
export interface BulkLimits {
  /** Serialized bytes of documents per bulk request (the helper's flushBytes; its default is 5 MB). */
  flushBytes: number;
  /** Bulk requests in flight at once (the helper's default is 5). */
  concurrency: number;
  /** Retries of the operations Elasticsearch answered 429 (too busy), each after retryWaitMs; the rest are dropped and reported. */
  retries: number;
  retryWaitMs: number;
}

export const DEFAULT_BULK_LIMITS: BulkLimits = { flushBytes: 1024 * 1024, concurrency: 2, retries: 3, retryWaitMs: 5000 };

/**
 * Only what the helper reads of each item's outcome (its operation, status and error): an answer of a
 * few bytes per operation, not the ~200 of its index, id, version, shards and sequence numbers.
 */
const BULK_RESPONSE_FILTER = 'errors,items.*.status,items.*.error';

/**
 * Writes documents with external versioning: the source row's version decides, so a stale write never
 * overwrites a newer one, whatever order the writes arrive in. A version conflict is counted as stale,
 * not as a failure.
 */
export class ElasticsearchDocumentWriter {
  constructor(
    private readonly client: Client,
    readonly names: IndexNames,
    private readonly limits: BulkLimits = DEFAULT_BULK_LIMITS,
  ) {}

  indexDesigners(items: Source<IndexedDesigner>, index = this.names.designers): Promise<BulkResult> {
    return this.bulk(
      map(items, (d) => ({ op: 'index' as const, id: d.designer.id, version: d.version, doc: toDesignerDocument(d) })),
      index,
    );
  }

  indexOpenRoles(items: Source<IndexedOpenRole>, index = this.names.openRoles): Promise<BulkResult> {
    return this.bulk(
      map(items, (r) => ({ op: 'index' as const, id: r.role.id, version: r.version, doc: toOpenRoleDocument(r.role) })),
      index,
    );
  }

  bulk(operations: Source<BulkOperation>, index: string): Promise<BulkResult> {
    return this.run(operations, index, 'external');
  }

  /**
   * Deletes each document whose indexed version is at most the given one (version_type external_gte).
   * For a row that stopped being listed at version v, the index can only hold v or older, so deleting "up to
   * v" also removes a document written at exactly v (an open role that expired without an edit).
   */
  deleteUpTo(items: Source<{ id: string; version: number }>, index: string): Promise<BulkResult> {
    return this.run(
      map(items, (i) => ({ op: 'delete' as const, id: i.id, version: i.version })),
      index,
      'external_gte',
    );
  }

  /**
   * Which of these ids have a live document (realtime: a write just acknowledged counts). A version
   * conflict with no live document means the index holds a newer delete of that id.
   */
  async liveIds(ids: readonly string[], index: string): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const response = await this.client.mget({ index, ids: [...ids], _source: false, realtime: true });
    return new Set(response.docs.filter((d) => 'found' in d && d.found).map((d) => d._id));
  }

  /**
   * Removes open roles whose expires_at has passed, each at the version it was read at, so an open role
   * extended (re-indexed at a newer version) meanwhile is never removed. Pages through the alias by id.
   */
  async deleteExpiredOpenRoles(now: Date, pageSize = 500): Promise<BulkResult> {
    const total: BulkResult = { applied: 0, stale: 0, staleIds: [], failed: [] };
    let after: estypes.FieldValue[] | undefined;
    for (;;) {
      const response = await this.client.search({
        index: this.names.openRoles,
        query: endedFilter(OPEN_ROLE_LISTED_RULE, now),
        sort: [{ id: { order: 'asc' } }],
        size: pageSize,
        version: true,
        _source: false,
        ...(after ? { search_after: after } : {}),
      });
      const hits = response.hits.hits;
      if (hits.length === 0) return total;
      const result = await this.deleteUpTo(
        hits.map((h) => ({ id: h._id!, version: h._version! })),
        this.names.openRoles,
      );
      total.applied += result.applied;
      total.stale += result.stale;
      total.staleIds.push(...result.staleIds);
      total.failed.push(...result.failed);
      if (hits.length < pageSize) return total;
      after = hits.at(-1)!.sort;
    }
  }

  private async run(operations: Source<BulkOperation>, index: string, versionType: VersionType): Promise<BulkResult> {
    const failed: BulkResult['failed'] = [];
    const staleIds: string[] = [];
    let absent = 0;
    const stats = await this.client.helpers.bulk<BulkOperation>({
      datasource: toAsyncIterator(operations),
      onDocument: (o) => {
        const meta = { _index: index, _id: o.id, version: o.version, version_type: versionType };
        return o.op === 'index' ? [{ index: meta }, o.doc] : { delete: meta };
      },
      onDrop: (dropped) => {
        // The helper hands no document for a dropped delete: the id is in the action line.
        const action = dropped.operation as { index?: { _id?: string }; delete?: { _id?: string } };
        const id = action.index?._id ?? action.delete?._id ?? '';
        if (dropped.status === 409) {
          staleIds.push(id);
          return;
        }
        if (dropped.status === 404 && action.delete) {
          absent += 1;
          return;
        }
        failed.push({ id, reason: JSON.stringify(dropped.error), status: dropped.status });
      },
      flushBytes: this.limits.flushBytes,
      concurrency: this.limits.concurrency,
      retries: this.limits.retries,
      wait: this.limits.retryWaitMs,
      filter_path: BULK_RESPONSE_FILTER,
      // Through a public name, the alias must exist: otherwise Elasticsearch would auto-create a plain
      // index under that name with guessed mappings, and the alias could never be created after.
      require_alias: index === this.names.designers || index === this.names.openRoles,
    });
    // A delete of an absent document leaves the index as asked: it counts as applied. (Alone in a batch it
    // answers 404 without `errors`, and the helper already counts it as successful.)
    return { applied: stats.successful + absent, stale: staleIds.length, staleIds, failed };
  }
}

async function* map<T, U>(items: Source<T>, fn: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield fn(item);
}

function toAsyncIterator<T>(items: Source<T>): AsyncIterator<T> {
  return map(items, (x) => x);
}
