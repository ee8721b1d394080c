import { type Client, errors } from '@elastic/elasticsearch';
import { type IndexKind, type IndexNames, parseIndexVersion, versionedIndexName } from './index-names.ts';
import { ENTITIES, entityOfIndexKind } from '../../domain/entity.registry.ts';
import { DOCUMENT_VERSION, indexBody, type IndexSettingsOptions, MAPPING_VERSION, type ReplicaSetting, replicaSettings } from './mappings.ts';
import { liveFilter } from './query-clauses.ts';

export const DEFAULT_INDEX_SETTINGS: IndexSettingsOptions = { shards: 1, replicas: '0-1', refreshInterval: '1s' };

/** The index settings of ES_INDEX_SHARDS and ES_INDEX_REPLICAS (defaults for what is not given). */
export function indexSettings(config: { ES_INDEX_SHARDS?: number; ES_INDEX_REPLICAS?: ReplicaSetting }): IndexSettingsOptions {
  return {
    ...DEFAULT_INDEX_SETTINGS,
    shards: config.ES_INDEX_SHARDS ?? DEFAULT_INDEX_SETTINGS.shards,
    replicas: config.ES_INDEX_REPLICAS ?? DEFAULT_INDEX_SETTINGS.replicas,
  };
}

/** How long a finished bulk load waits for its index's replicas before it is swapped in regardless. */
const DEFAULT_HEALTH_TIMEOUT_MS = 300_000;

export interface IndexHealth {
  status: 'green' | 'yellow' | 'red' | 'unknown' | 'unavailable';
  /** green when the cluster has the data nodes for every replica; yellow (primaries only) otherwise. */
  wanted: 'green' | 'yellow';
  timedOut: boolean;
}

/** Creates, lists and swaps the versioned indices behind the public aliases. */
export class ElasticsearchIndexManager {
  constructor(
    private readonly client: Client,
    readonly names: IndexNames,
    private readonly settings: IndexSettingsOptions = DEFAULT_INDEX_SETTINGS,
    private readonly healthTimeoutMs = DEFAULT_HEALTH_TIMEOUT_MS,
  ) {}

  /**
   * Idempotent and safe when several processes start at once (API replicas, workers): the first index
   * is created together with its alias in one request under a fixed name, so racers collide on the name
   * and the losers find the alias in place.
   */
  async ensureIndices(): Promise<void> {
    for (const kind of Object.keys(this.names) as IndexKind[]) {
      const alias = this.names[kind];
      if (await this.client.indices.existsAlias({ name: alias })) {
        await this.upgradeMapping(kind);
        await this.applyReplicas(kind);
        continue;
      }
      if (await this.createWithAlias(kind, versionedIndexName(alias, 1))) continue;
      if (await this.client.indices.existsAlias({ name: alias })) continue;
      // Version 1 exists without the alias (removed by hand): build a fresh version rather than trust it.
      const versions = await this.listVersions(kind);
      const next = versionedIndexName(alias, (versions.at(-1)?.version ?? 0) + 1);
      if (!(await this.createWithAlias(kind, next)) && !(await this.client.indices.existsAlias({ name: alias }))) {
        throw new Error(`Could not create ${next} for alias ${alias}`);
      }
    }
  }

  /**
   * An index created by an older release lacks the fields added since (its _meta.mapping_version is
   * lower): they are added in place, since dynamic: strict would otherwise reject every new document.
   * Only the missing fields are sent, which Elasticsearch always allows; a field that changed (an
   * analyzer) stays as it was until the rebuild its DOCUMENT_VERSION bump brings, and a reindex fills the
   * new fields for older documents.
   */
  async upgradeMapping(kind: IndexKind): Promise<boolean> {
    const index = await this.currentIndex(kind);
    if (!index) return false;
    const live = (await this.client.indices.getMapping({ index }))[index]?.mappings;
    const version = Number(live?._meta?.mapping_version ?? 1);
    if (version >= MAPPING_VERSION) return false;
    const { mappings } = indexBody(kind, this.settings);
    const missing = Object.fromEntries(Object.entries(mappings.properties ?? {}).filter(([field]) => !live?.properties?.[field]));
    // The documents are still the older release's: the new mapping does not make them current.
    await this.client.indices.putMapping({
      index,
      dynamic: mappings.dynamic,
      properties: missing,
      _meta: { ...mappings._meta, document_version: documentVersion(live?._meta) },
    });
    return true;
  }

  /**
   * The kinds whose live index holds documents an earlier release built (its _meta.document_version is
   * lower than DOCUMENT_VERSION): a rebuild makes them what this release would index.
   */
  async outdatedDocuments(): Promise<IndexKind[]> {
    const outdated: IndexKind[] = [];
    for (const kind of Object.keys(this.names) as IndexKind[]) {
      const index = await this.currentIndex(kind);
      if (index && documentVersion(await this.indexMeta(index)) < DOCUMENT_VERSION) outdated.push(kind);
    }
    return outdated;
  }

  /**
   * Gives the live index the configured replicas when they differ (number_of_replicas is dynamic, so a
   * changed ES_INDEX_REPLICAS takes effect at the next start). Shards are fixed at creation: a changed
   * ES_INDEX_SHARDS takes effect at the next reindex. True when the settings were changed.
   */
  async applyReplicas(kind: IndexKind): Promise<boolean> {
    const index = await this.currentIndex(kind);
    if (!index) return false;
    const live = (await this.client.indices.getSettings({ index, flat_settings: true }))[index]?.settings as Record<string, unknown> | undefined;
    if (live && sameReplicas(live, this.settings.replicas)) return false;
    await this.client.indices.putSettings({ index, settings: replicaSettings(this.settings.replicas) });
    return true;
  }

  private async indexMeta(index: string): Promise<Record<string, unknown> | undefined> {
    const response = await this.client.indices.getMapping({ index });
    return response[index]?.mappings._meta;
  }

  /** False when the index already exists (another process created it first). */
  private async createWithAlias(kind: IndexKind, index: string): Promise<boolean> {
    try {
      await this.client.indices.create({
        index,
        ...indexBody(kind, this.settings),
        aliases: { [this.names[kind]]: { is_write_index: true } },
      });
      return true;
    } catch (error) {
      if (error instanceof errors.ResponseError && error.body?.error?.type === 'resource_already_exists_exception') return false;
      throw error;
    }
  }

  /** Concrete indices of a kind, oldest first. */
  async listVersions(kind: IndexKind): Promise<{ index: string; version: number }[]> {
    const alias = this.names[kind];
    const response = await this.client.indices.get({ index: `${alias}_v*`, ignore_unavailable: true, allow_no_indices: true });
    return Object.keys(response)
      .map((index) => ({ index, version: parseIndexVersion(alias, index) }))
      .filter((v): v is { index: string; version: number } => v.version !== null)
      .sort((a, b) => a.version - b.version);
  }

  async currentIndex(kind: IndexKind): Promise<string | null> {
    try {
      const response = await this.client.indices.getAlias({ name: this.names[kind] });
      return Object.keys(response)[0] ?? null;
    } catch {
      return null;
    }
  }

  async createNextIndex(kind: IndexKind): Promise<string> {
    const versions = await this.listVersions(kind);
    const next = (versions.at(-1)?.version ?? 0) + 1;
    const index = versionedIndexName(this.names[kind], next);
    await this.client.indices.create({ index, ...indexBody(kind, this.settings) });
    return index;
  }

  /** One atomic alias action: readers see the old index or the new one, never neither. */
  async swapAlias(kind: IndexKind, to: string): Promise<void> {
    const alias = this.names[kind];
    const from = await this.currentIndex(kind);
    await this.client.indices.updateAliases({
      actions: [
        ...(from && from !== to ? [{ remove: { index: from, alias } }] : []),
        { add: { index: to, alias, is_write_index: true } },
      ],
    });
  }

  /** Removes the aliases and every versioned index of this prefix (tests and resets). */
  async dropAll(): Promise<void> {
    for (const kind of Object.keys(this.names) as IndexKind[]) {
      for (const { index } of await this.listVersions(kind)) {
        await this.client.indices.delete({ index, ignore_unavailable: true });
      }
    }
  }

  async refresh(): Promise<void> {
    await this.client.indices.refresh({ index: Object.values(this.names) });
  }

  /**
   * For a bulk load into an index nobody reads yet: no refreshes and no replicas until finishBulkLoad (a
   * replica then copies the finished segments instead of indexing every document a second time).
   */
  async startBulkLoad(index: string): Promise<void> {
    await this.client.indices.putSettings({ index, settings: { refresh_interval: '-1', ...replicaSettings(0) } });
  }

  /**
   * Puts back the configured refresh interval and replicas, makes everything loaded so far searchable, and
   * waits until the replicas are assigned (green), so that the index goes live with every copy it is
   * configured to have. A cluster with fewer data nodes than copies can only be yellow: that is waited for
   * instead. Past the health timeout the index goes live on what it has, and the result says so.
   */
  async finishBulkLoad(index: string): Promise<IndexHealth> {
    await this.client.indices.putSettings({
      index,
      settings: { refresh_interval: this.settings.refreshInterval, ...replicaSettings(this.settings.replicas) },
    });
    await this.client.indices.refresh({ index });
    const { number_of_data_nodes: dataNodes } = await this.client.cluster.health();
    // An auto-expand range asks for at least its lower bound.
    const replicas = this.settings.replicas;
    const fewest = typeof replicas === 'number' ? replicas : Number(replicas.split('-')[0]);
    const wanted = fewest < dataNodes ? 'green' : 'yellow';
    const health = await this.client.cluster.health(
      { index, wait_for_status: wanted, timeout: `${this.healthTimeoutMs}ms` },
      // A timed-out wait answers 408 with the health it reached.
      { ignore: [408], requestTimeout: this.healthTimeoutMs + 30_000 },
    );
    return { status: health.status.toLowerCase() as IndexHealth['status'], wanted, timedOut: health.timed_out };
  }

  /**
   * Versions above the one behind the alias: only a rebuild that never reached its swap leaves these
   * (runs are serialised, and the alias always moves to the newest complete version).
   */
  async partialVersions(kind: IndexKind): Promise<string[]> {
    const current = await this.currentIndex(kind);
    const currentVersion = current ? parseIndexVersion(this.names[kind], current) : null;
    if (currentVersion === null) return [];
    return (await this.listVersions(kind)).filter((v) => v.version > currentVersion).map((v) => v.index);
  }

  /** Deletes every versioned index of a kind except those named; returns what it deleted. */
  async pruneVersions(kind: IndexKind, keep: readonly string[]): Promise<string[]> {
    const pruned: string[] = [];
    for (const { index } of await this.listVersions(kind)) {
      if (keep.includes(index)) continue;
      await this.client.indices.delete({ index, ignore_unavailable: true });
      pruned.push(index);
    }
    return pruned;
  }

  /**
   * Documents behind a kind's alias. With liveAt, open roles count only while unexpired, as the API
   * shows them (expired open roles wait in the index for the expiry job). No alias yet (no worker has
   * started on this prefix) is 0 documents, not an error.
   */
  async countDocuments(kind: IndexKind, options: { liveAt?: Date } = {}): Promise<number> {
    const live = options.liveAt ? liveFilter(ENTITIES[entityOfIndexKind(kind)].listed, options.liveAt) : [];
    const response = await this.client.count({
      index: this.names[kind],
      ignore_unavailable: true,
      ...(live.length > 0 ? { query: { bool: { filter: live } } } : {}),
    });
    return response.count;
  }
}

/** Whether an index's flat settings already hold a replica setting (unset values are Elasticsearch's defaults). */
function sameReplicas(live: Record<string, unknown>, replicas: ReplicaSetting): boolean {
  const autoExpand = String(live['index.auto_expand_replicas'] ?? 'false');
  if (typeof replicas === 'string') return autoExpand === replicas;
  return autoExpand === 'false' && String(live['index.number_of_replicas'] ?? '1') === String(replicas);
}

/** An index without a document version predates it: version 1. */
function documentVersion(meta: Record<string, unknown> | undefined): number {
  return Number(meta?.document_version ?? 1);
}
