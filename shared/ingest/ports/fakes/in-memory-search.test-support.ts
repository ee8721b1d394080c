import type { IndexedDesigner } from '../../../domain/designer.schema.ts';
import type { IndexedOpenRole } from '../../../domain/open-role.schema.ts';
import type { IndexHealth } from '../../../search/elasticsearch/es-index-manager.ts';
import { type IndexKind, indexNames, type IndexNames, parseIndexVersion, versionedIndexName } from '../../../search/elasticsearch/index-names.ts';
import type { DocumentWriter, ExpiredOpenRoleRemover, Items, WriteResult } from '../document-writer.port.ts';
import type { IndexManager } from '../index-manager.port.ts';

/** What an index holds for an id: a document, or the version of its delete (a tombstone). */
export interface StoredEntry {
  version: number;
  live: boolean;
  /** Open roles: when the open role expires (what the expiry sweep looks at). */
  expiresAt?: string;
}

type Operation = { op: 'index'; id: string; version: number; expiresAt?: string } | { op: 'delete'; id: string; version: number };

/**
 * Elasticsearch as the ingest ports see it, in memory: versioned indices behind aliases, external
 * versioning (a write lands only above the version held, a delete up to and including it), and
 * tombstones, so that a late write can lose to a newer delete exactly as it does against the cluster.
 */
export class InMemorySearch implements DocumentWriter, ExpiredOpenRoleRemover, IndexManager {
  readonly names: IndexNames;
  /** Concrete indices by name. */
  readonly indices = new Map<string, Map<string, StoredEntry>>();
  readonly aliases = new Map<string, string>();
  readonly refreshSuspended = new Set<string>();
  /** Ids whose every write is refused, with the status Elasticsearch would answer (400: the document itself). */
  readonly refusals = new Map<string, { status: number; reason: string }>();
  /** Bulk requests made, by operation kind: a batch should write in one request per kind. */
  readonly requests: { op: Operation['op']; index: string; count: number }[] = [];

  constructor(prefix = 'test_') {
    this.names = indexNames(prefix);
  }

  /** A target ready to write: every kind's alias on a first, empty index. */
  static async ready(prefix?: string): Promise<InMemorySearch> {
    const search = new InMemorySearch(prefix);
    await search.ensureIndices();
    return search;
  }

  refuse(id: string, status: number, reason = `refused with ${status}`): void {
    this.refusals.set(id, { status, reason });
  }

  /** The entry an index (or the index behind an alias) holds for an id. */
  entry(target: string, id: string): StoredEntry | undefined {
    return this.resolve(target)?.get(id);
  }

  /** Live documents of an index (or alias), id to version. */
  live(target: string): Map<string, number> {
    const docs = new Map<string, number>();
    for (const [id, e] of this.resolve(target) ?? []) if (e.live) docs.set(id, e.version);
    return docs;
  }

  // DocumentWriter

  indexDesigners(items: Items<IndexedDesigner>, index = this.names.designers): Promise<WriteResult> {
    return this.bulk(map(items, (d) => ({ op: 'index' as const, id: d.designer.id, version: d.version })), index);
  }

  indexOpenRoles(items: Items<IndexedOpenRole>, index = this.names.openRoles): Promise<WriteResult> {
    return this.bulk(map(items, (r) => ({ op: 'index' as const, id: r.role.id, version: r.version, expiresAt: r.role.expires_at })), index);
  }

  deleteUpTo(items: Items<{ id: string; version: number }>, index: string): Promise<WriteResult> {
    return this.bulk(map(items, (i) => ({ op: 'delete' as const, id: i.id, version: i.version })), index);
  }

  async liveIds(ids: readonly string[], index: string): Promise<Set<string>> {
    return new Set(ids.filter((id) => this.entry(index, id)?.live));
  }

  // ExpiredOpenRoleRemover

  async deleteExpiredOpenRoles(now: Date): Promise<WriteResult> {
    const expired = [...(this.resolve(this.names.openRoles) ?? [])]
      .filter(([, e]) => e.live && e.expiresAt !== undefined && e.expiresAt <= now.toISOString())
      .map(([id, e]) => ({ id, version: e.version }));
    return this.deleteUpTo(expired, this.names.openRoles);
  }

  // IndexManager

  async ensureIndices(): Promise<void> {
    for (const kind of Object.keys(this.names) as IndexKind[]) {
      if (this.aliases.has(this.names[kind])) continue;
      const index = versionedIndexName(this.names[kind], 1);
      this.indices.set(index, new Map());
      this.aliases.set(this.names[kind], index);
    }
  }

  async currentIndex(kind: IndexKind): Promise<string | null> {
    return this.aliases.get(this.names[kind]) ?? null;
  }

  async listVersions(kind: IndexKind): Promise<{ index: string; version: number }[]> {
    return [...this.indices.keys()]
      .map((index) => ({ index, version: parseIndexVersion(this.names[kind], index) }))
      .filter((v): v is { index: string; version: number } => v.version !== null)
      .sort((a, b) => a.version - b.version);
  }

  async partialVersions(kind: IndexKind): Promise<string[]> {
    const current = await this.currentIndex(kind);
    const currentVersion = current ? parseIndexVersion(this.names[kind], current) : null;
    if (currentVersion === null) return [];
    return (await this.listVersions(kind)).filter((v) => v.version > currentVersion).map((v) => v.index);
  }

  async createNextIndex(kind: IndexKind): Promise<string> {
    const index = versionedIndexName(this.names[kind], ((await this.listVersions(kind)).at(-1)?.version ?? 0) + 1);
    if (this.indices.has(index)) throw new Error(`${index} already exists`);
    this.indices.set(index, new Map());
    return index;
  }

  async pruneVersions(kind: IndexKind, keep: readonly string[]): Promise<string[]> {
    const pruned: string[] = [];
    for (const { index } of await this.listVersions(kind)) {
      if (keep.includes(index)) continue;
      this.indices.delete(index);
      this.refreshSuspended.delete(index);
      pruned.push(index);
    }
    return pruned;
  }

  async startBulkLoad(index: string): Promise<void> {
    this.refreshSuspended.add(index);
  }

  async finishBulkLoad(index: string): Promise<IndexHealth> {
    this.refreshSuspended.delete(index);
    return { status: 'green', wanted: 'green', timedOut: false };
  }

  async swapAlias(kind: IndexKind, to: string): Promise<void> {
    if (!this.indices.has(to)) throw new Error(`no index ${to}`);
    this.aliases.set(this.names[kind], to);
  }

  private resolve(target: string): Map<string, StoredEntry> | undefined {
    return this.indices.get(this.aliases.get(target) ?? target);
  }

  private async bulk(operations: AsyncIterable<Operation>, target: string): Promise<WriteResult> {
    const result: WriteResult = { applied: 0, stale: 0, staleIds: [], failed: [] };
    let count = 0;
    let kind: Operation['op'] = 'index';
    for await (const o of operations) {
      count += 1;
      kind = o.op;
      const index = this.resolve(target);
      const refusal = this.refusals.get(o.id);
      if (refusal) {
        result.failed.push({ id: o.id, reason: refusal.reason, status: refusal.status });
        continue;
      }
      if (!index) {
        result.failed.push({ id: o.id, reason: `no such index or alias ${target}`, status: 404 });
        continue;
      }
      const held = index.get(o.id);
      // external: only a newer version writes; external_gte (deletes): the same version may too.
      const stale = held !== undefined && (o.op === 'index' ? held.version >= o.version : held.version > o.version);
      if (stale) {
        result.stale += 1;
        result.staleIds.push(o.id);
        continue;
      }
      index.set(o.id, o.op === 'index' ? { version: o.version, live: true, expiresAt: o.expiresAt } : { version: o.version, live: false });
      result.applied += 1;
    }
    if (count > 0) this.requests.push({ op: kind, index: target, count });
    return result;
  }
}

async function* map<T, U>(items: Items<T>, fn: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield fn(item);
}
