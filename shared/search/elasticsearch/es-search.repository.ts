import { type Client, errors, type estypes } from '@elastic/elasticsearch';
import type { Designer } from '../../domain/designer.schema.ts';
import { BackendUnavailableError, SearchTimedOutError } from '../../domain/errors.ts';
import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import type { OpenRole } from '../../domain/open-role.schema.ts';
import type { OpenRoleFilters } from '../../domain/open-role-search.schema.ts';
import { MAX_RESULT_WINDOW, type Page, type PageRequest } from '../../domain/pagination.ts';
import { type Cursor, CursorCodec, expiredCursor, invalidCursor, queryFingerprint, type SortValueKind } from '../cursor.codec.ts';
import { hasFreeText } from '../search-rules.ts';
import type { DesignerKey, SearchPort } from '../search.port.ts';
import { fromDesignerSource } from './designer.document.ts';
import { fromOpenRoleSource } from './open-role.document.ts';
import { buildDesignerSearchRequest, designerSortKeys } from './designer-query.translator.ts';
import { isMissingPit, isRejectedRequest, mapSearchError } from './es-errors.ts';
import type { IndexNames } from './index-names.ts';
import { buildOpenRoleSearchRequest, openRoleSortKeys } from './open-role-query.translator.ts';
import { PIT_KEEP_ALIVE, PitPool } from './pit-pool.ts';
import type { PageWindow } from '../page-window.ts';


interface Walk<F extends object> {
  kind: Cursor['k'];
  index: string;
  filters: F;
  page: PageRequest;
  /** Relevance-sorted walks need a point in time: scores move when any document changes. */
  needsSnapshot: boolean;
  /** The kinds of the sort values, which a cursor must match. */
  sort: readonly SortValueKind[];
  request: (window: PageWindow) => Omit<estypes.SearchRequest, 'index' | 'pit'>;
}

export interface ElasticsearchSearchOptions {
  /** Points in time this process holds open at most (ES_MAX_OPEN_PITS). */
  maxOpenPits?: number;
  /** Of those, the ones one client's walks hold at most (ES_MAX_OPEN_PITS_PER_CLIENT). */
  maxOpenPitsPerClient?: number;
  /**
   * Signs and checks cursors with the secret every replica shares (CURSOR_SECRET, else the store's), so a
   * snapshot a cursor names is read by whichever replica receives it; a secret of this repository's own
   * when absent (a test of one repository).
   */
  cursors?: CursorCodec;
  /**
   * How long one search may run (SEARCH_TIMEOUT_MS); past it the engine stops it and the caller gets
   * SearchTimedOutError. Unset (benchmarks, tests with their own client): the client's request timeout alone.
   */
  searchTimeoutMs?: number;
}

export const DEFAULT_MAX_OPEN_PITS = 500;
export const DEFAULT_MAX_OPEN_PITS_PER_CLIENT = 50;
/**
 * A search's own `timeout` is checked by the shards as they collect; the rewrite of a query (fuzzy automata,
 * prefix expansions) and the reduce are not covered. The HTTP request is given this much longer and then
 * abandoned, which closes its connection: Elasticsearch cancels the search task of a closed connection.
 * The client's own request timeout must be at least as long (searchClientTimeoutMs): its connection pool
 * gives up at that, whatever a request asks.
 */
const ABANDON_AFTER_TIMEOUT_MS = 1000;

/** The Elasticsearch client's request timeout for a search repository whose searches may run `searchTimeoutMs`. */
export function searchClientTimeoutMs(searchTimeoutMs: number): number {
  return searchTimeoutMs + ABANDON_AFTER_TIMEOUT_MS;
}

export class ElasticsearchSearchRepository implements SearchPort {
  private readonly pits: PitPool;
  private readonly cursors: CursorCodec;
  private readonly searchTimeoutMs: number | undefined;

  constructor(
    private readonly client: Client,
    private readonly indices: IndexNames,
    options: ElasticsearchSearchOptions = {},
  ) {
    this.cursors = options.cursors ?? CursorCodec.random();
    this.pits = new PitPool(client, {
      maxOpen: options.maxOpenPits ?? DEFAULT_MAX_OPEN_PITS,
      maxPerReader: options.maxOpenPitsPerClient ?? DEFAULT_MAX_OPEN_PITS_PER_CLIENT,
    });
    this.searchTimeoutMs = options.searchTimeoutMs;
  }

  /** Points in time this process holds open now. */
  openPits(): number {
    return this.pits.size();
  }

  /** Points in time the walks of one client (PageRequest.reader) hold open now. */
  openPitsOf(reader: string): number {
    return this.pits.sizeOf(reader);
  }

  async searchDesigners(filters: DesignerFilters, page: PageRequest): Promise<Page<Designer>> {
    return this.walk(
      {
        kind: 'designers',
        index: this.indices.designers,
        filters,
        page,
        needsSnapshot: hasFreeText(filters.q),
        sort: designerSortKeys(filters).map((k) => k.value),
        request: (w) => buildDesignerSearchRequest(filters, w),
      },
      fromDesignerSource,
    );
  }

  async searchOpenRoles(filters: OpenRoleFilters, page: PageRequest, now: Date): Promise<Page<OpenRole>> {
    return this.walk(
      {
        kind: 'open_roles',
        index: this.indices.openRoles,
        filters,
        page,
        needsSnapshot: hasFreeText(filters.q),
        sort: openRoleSortKeys(filters).map((k) => k.value),
        request: (w) => buildOpenRoleSearchRequest(filters, w, now),
      },
      fromOpenRoleSource,
    );
  }

  async findDesigner(key: DesignerKey): Promise<Designer | null> {
    try {
      const response = await this.client.search({
        index: this.indices.designers,
        query: { term: 'slug' in key ? { slug: key.slug } : { id: key.id } },
        size: 1,
        _source: ['designer'],
      });
      const hit = response.hits.hits[0];
      return hit ? fromDesignerSource(hit._source) : null;
    } catch (error) {
      return mapSearchError(error);
    }
  }

  async isReady(): Promise<boolean> {
    try {
      return await this.client.indices.existsAlias({ name: [this.indices.designers, this.indices.openRoles] });
    } catch {
      return false;
    }
  }

  private async walk<F extends object, T>(walk: Walk<F>, map: (source: unknown) => T): Promise<Page<T>> {
    const cursor = walk.page.cursor ? this.cursors.decode(walk.page.cursor, walk.kind, walk.filters, walk.sort, { snapshotTiebreaker: 'doc_position' }) : undefined;
    const offset = cursor ? cursor.o : walk.page.offset;
    // A cursor page cannot judge has_more from offset and total: records added or deleted behind the
    // cursor move the total but not the walk. It reads one record more than it serves and looks.
    const probe = cursor && walk.page.limit > 0 ? 1 : 0;

    // A relevance walk reads one snapshot, opened only when a client follows its first cursor (most
    // q searches never do). The records served before the snapshot existed travel in the cursor and
    // are left out of the snapshot's pages, so the walk still sees every record once.
    // A cursor's snapshot is read by whichever replica receives it: the cursor's signature says a replica
    // sharing the cursor secret opened it, and this process counts it as its own from here (its client's
    // share, the pool's bound, its keep-alive, closing it on the walk's last page). An id in a cursor
    // without a valid signature never got this far: decoding refused it.
    let carried: string | undefined;
    // Every snapshot this request reads is held until it answers: no other request may close it meanwhile.
    const held: string[] = [];
    if (cursor?.pit !== undefined) {
      carried = await this.pits.adopt(cursor.pit, { reader: walk.page.reader });
      held.push(carried);
    }
    let pit = carried;
    const openFor = async (): Promise<string> => {
      // Keyed by this cursor, as a first cursor's: replaying it cannot fill the pool either.
      const id = await this.pits.open(walk.index, { walk: walk.page.cursor, reader: walk.page.reader });
      held.push(id);
      return id;
    };
    try {
      const served = cursor?.x;
      let window: PageWindow;
      if (!cursor) window = { limit: walk.page.limit, offset: walk.page.offset };
      else if (walk.needsSnapshot && !pit) {
        // The walk's first cursor: a snapshot shared by every request on this process that follows it.
        const position = positionInSnapshot(cursor, walk.page.limit + probe);
        pit = await openFor();
        window = position ?? { limit: walk.page.limit + probe, after: cursor.sa };
      } else window = { limit: walk.page.limit + probe, after: cursor.sa };

      const limit = this.searchTimeoutMs;
      const search = async () => {
        const response = await this.client.search(
          {
            ...walk.request(window),
            ...(pit ? { pit: { id: pit, keep_alive: PIT_KEEP_ALIVE } } : { index: walk.index }),
            ...(served?.length ? excluding(served) : {}),
            ...(limit !== undefined ? { timeout: `${limit}ms` } : {}),
          },
          {
            // A search abandoned for its time is not sent again (the transport's retryOnTimeout is off): that would
            // double what the slowest ones cost. A node that refuses the connection is still retried on the next.
            ...(limit !== undefined ? { requestTimeout: searchClientTimeoutMs(limit) } : {}),
            ...(walk.page.signal ? { signal: walk.page.signal } : {}),
          },
        );
        // Partial hits would rank and count only what the shards reached in time: no page is served from them.
        if (response.timed_out && limit !== undefined) throw new SearchTimedOutError(limit);
        return response;
      };
      let response: estypes.SearchResponse;
      try {
        try {
          response = await search();
        } catch (error) {
          if (!(carried && isMissingPit(error))) throw error;
          // The walk's snapshot is gone (its keep-alive ran out on the cluster, or the replica that served the
          // walk's last page closed it). The walk goes on in a new snapshot by position, as one begun from an
          // offset page does; past the window positions reach, it must start again.
          this.pits.gone(carried);
          const resumed = positionInSnapshot(cursor!, walk.page.limit + probe);
          if (!resumed) throw expiredCursor();
          window = resumed;
          pit = await openFor();
          response = await search();
        }
      } catch (error) {
        // A snapshot this request opened goes to no client: free it once no request reads it.
        if (pit && pit !== carried) await this.pits.finish(pit);
        if (carried && isMissingPit(error)) throw expiredCursor();
        // Everything else in the request was built from validated input; what the engine rejects is the
        // snapshot id, which a replica opened: let it go.
        if (carried && isRejectedRequest(error)) {
          await this.pits.finish(carried);
          throw invalidCursor();
        }
        if (error instanceof errors.TimeoutError && limit !== undefined) throw new SearchTimedOutError(limit, { cause: error });
        // The client went away and its search was cancelled: no one reads this answer, and it is no fault.
        if (error instanceof errors.RequestAbortedError && walk.page.signal?.aborted) {
          throw new BackendUnavailableError('The request was closed before its search finished; the search was cancelled.', { cause: error });
        }
        return mapSearchError(error);
      }
      if (pit && response.pit_id && response.pit_id !== pit) {
        // The engine renamed the snapshot; the hold moves with it.
        this.pits.touch(pit, response.pit_id);
        held[held.indexOf(pit)] = response.pit_id;
        pit = response.pit_id;
      } else if (pit) this.pits.touch(pit, pit);

      const hits = response.hits.hits.slice(0, walk.page.limit);
      const matched = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
      const total = matched + servedStillMatching(response);
      const hasMore = probe ? response.hits.hits.length > hits.length : offset + hits.length < total;
      let nextCursor: string | null = null;
      const last = hits.at(-1);
      if (hasMore && last?.sort) {
        // The first page of a relevance walk names what it served, for the snapshot to leave out.
        const firstServed = !cursor && walk.needsSnapshot && offset === 0 ? hits.map((h) => idOf(h)) : undefined;
        const carry = served ?? firstServed;
        nextCursor = this.cursors.encode({
          v: 1,
          k: walk.kind,
          h: queryFingerprint(walk.filters),
          o: offset + hits.length,
          sa: last.sort as Cursor['sa'],
          ...(pit ? { pit } : {}),
          ...(carry ? { x: carry } : {}),
        });
      } else if (pit) {
        // The last page: the snapshot closes when the last request reading it (a retry, a second tab) lets go.
        await this.pits.finish(pit);
      }
      return {
        items: hits.map((h) => map(h._source)),
        total,
        limit: walk.page.limit,
        offset,
        hasMore,
        nextCursor,
      };
    } finally {
      for (const id of held) await this.pits.release(id);
    }
  }
}

/**
 * Where a walk stands in a snapshot it has not read from yet: its position, less the records served before
 * any snapshot (which the snapshot's pages leave out); null where offsets do not reach.
 */
function positionInSnapshot(cursor: Cursor, limit: number): PageWindow | null {
  const position = cursor.o - (cursor.x?.length ?? 0);
  return position + limit <= MAX_RESULT_WINDOW ? { limit, offset: position } : null;
}

const SERVED_AGG = 'served_before_snapshot';

/** Leaves the already-served records out of the hits but counts them, so meta.total stays exact. */
function excluding(ids: string[]): Pick<estypes.SearchRequest, 'post_filter' | 'aggs'> {
  return {
    post_filter: { bool: { must_not: [{ terms: { id: ids } }] } },
    aggs: { [SERVED_AGG]: { filter: { terms: { id: ids } } } },
  };
}

function servedStillMatching(response: estypes.SearchResponse): number {
  const agg = response.aggregations?.[SERVED_AGG] as estypes.AggregationsFilterAggregate | undefined;
  return agg?.doc_count ?? 0;
}

function idOf(hit: estypes.SearchHit): string {
  if (hit._id === undefined) throw new Error('a search hit without _id');
  return hit._id;
}
