import type { Client } from '@elastic/elasticsearch';
import type { IndexedDesigner } from '../../domain/designer.schema.ts';
import type { IndexedOpenRole } from '../../domain/open-role.schema.ts';
import { toDesignerDocument } from './designer.document.ts';
import type { IndexNames } from './index-names.ts';
import { toOpenRoleDocument } from './open-role.document.ts';

export type BulkOperation =
  | { op: 'index'; id: string; version: number; doc: object }
  | { op: 'delete'; id: string; version: number };

export interface BulkResult {
  /** Operations Elasticsearch applied. */
  applied: number;
  /** Operations skipped because the index already held the same or a newer version. */
  stale: number;
  failed: { id: string; reason: string }[];
}

type Source<T> = AsyncIterable<T> | Iterable<T>;

/**
 * Writes documents with external versioning: the source row's version decides, so a stale write never
 * overwrites a newer one, whatever order the writes arrive in. A version conflict is counted as stale,
 * not as a failure.
 */
export class ElasticsearchDocumentWriter {
  constructor(
    private readonly client: Client,
    readonly names: IndexNames,
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

  async bulk(operations: Source<BulkOperation>, index: string): Promise<BulkResult> {
    const failed: BulkResult['failed'] = [];
    let stale = 0;
    const stats = await this.client.helpers.bulk<BulkOperation>({
      datasource: toAsyncIterator(operations),
      onDocument: (o) => {
        const meta = { _index: index, _id: o.id, version: o.version, version_type: 'external' as const };
        return o.op === 'index' ? [{ index: meta }, o.doc] : { delete: meta };
      },
      onDrop: (dropped) => {
        if (dropped.status === 409) {
          stale += 1;
          return;
        }
        failed.push({ id: dropped.document.id, reason: JSON.stringify(dropped.error) });
      },
      retries: 3,
    });
    return { applied: stats.successful, stale, failed };
  }
}

async function* map<T, U>(items: Source<T>, fn: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield fn(item);
}

function toAsyncIterator<T>(items: Source<T>): AsyncIterator<T> {
  return map(items, (x) => x);
}
