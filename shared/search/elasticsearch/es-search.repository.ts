import { type Client, errors, type estypes } from '@elastic/elasticsearch';
import type { Designer } from '../../domain/designer.schema.ts';
import { ServiceUnavailableError, SearchTimedOutError } from '../../domain/errors.ts';
import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import type { OpenRole } from '../../domain/open-role.schema.ts';
import type { OpenRoleFilters } from '../../domain/open-role-search.schema.ts';
import { MAX_RESULT_WINDOW, type Page, type PageRequest } from '../../domain/pagination.ts';
import { type Cursor, CursorCodec, expiredCursor, invalidCursor, queryFingerprint, type SortValueKind } from '../cursor.codec.ts';
import { hasFreeText } from '../search-rules.ts';
import type { DesignerKey, DesignerPage, DesignerSearchOptions, SearchCaller, SearchPort } from '../search.port.ts';
import { buildFacetAggregations, buildFacetCountRequest, readFacetAggregations } from './designer-facets.translator.ts';
import { fromDesignerSource } from './designer.document.ts';
import { fromOpenRoleSource } from './open-role.document.ts';
import { buildDesignerSearchRequest, buildFactRequests, designerSortKeys } from './designer-query.translator.ts';
import { isMissingSnapshot, isRejectedRequest, mapSearchError } from './es-errors.ts';
import type { IndexNames } from './index-names.ts';
import { buildOpenRoleSearchRequest, openRoleSortKeys } from './open-role-query.translator.ts';
import { SNAPSHOT_KEEP_ALIVE, SnapshotPool } from './snapshot-pool.ts';
import type { PageWindow } from '../page-window.ts';
import type { Suggestion } from '../../domain/suggest.schema.ts';
import { buildSimilarDesignersRequest } from './similar-designers.translator.ts';
import { buildSuggestRequest, readSuggestResponse } from './suggest-query.translator.ts';
import { CURATED_ONLY, type SynonymSet, type SynonymSource } from '../query-synonyms.ts';
import { factsToCarry, type ReadingFacts } from '../reading-facts.ts';


interface Walk<F extends object> {
  kind: Cursor['k'];
  index: string;
  filters: F;
  page: PageRequest;
  /** Who follows the walk: its snapshots count against that client's share. */
  client: string | undefined;
  /** Relevance-sorted walks need a snapshot: scores move when any document changes. */
  needsSnapshot: boolean;
  /** The kinds of the sort values, which a cursor must match. */
  sort: readonly SortValueKind[];
  /** The request of one page, read with the walk's facts. */
  request: (window: PageWindow, facts: ReadingFacts) => Omit<estypes.SearchRequest, 'index' | 'pit'>;
  /** Looks up what the request's reading needs (ReadingFacts), on a walk's first page; the cursor carries them on. */
  readFacts?: () => Promise<ReadingFacts>;
}

export interface ElasticsearchSearchOptions {
  /** Snapshots this process holds open at most (ES_MAX_OPEN_PITS). */
  maxOpenSnapshots?: number;
  /** Of those, the ones one client's walks hold at most (ES_MAX_OPEN_PITS_PER_CLIENT). */
  maxOpenSnapshotsPerClient?: number;
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
  /** The synonyms searches expand queries with (StoredSynonyms); the curated list alone when absent. */
  synonyms?: SynonymSource;
}

export const DEFAULT_MAX_OPEN_SNAPSHOTS = 500;
export const DEFAULT_MAX_OPEN_SNAPSHOTS_PER_CLIENT = 50;
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
  private readonly snapshots: SnapshotPool;
  private readonly cursors: CursorCodec;
  private readonly searchTimeoutMs: number | undefined;
  private readonly synonyms: SynonymSource;

  constructor(
    private readonly client: Client,
    private readonly indices: IndexNames,
    options: ElasticsearchSearchOptions = {},
  ) {
    this.cursors = options.cursors ?? CursorCodec.random();
    this.snapshots = new SnapshotPool(client, {
      maxOpen: options.maxOpenSnapshots ?? DEFAULT_MAX_OPEN_SNAPSHOTS,
      maxPerClient: options.maxOpenSnapshotsPerClient ?? DEFAULT_MAX_OPEN_SNAPSHOTS_PER_CLIENT,
    });
    this.searchTimeoutMs = options.searchTimeoutMs;
    this.synonyms = options.synonyms ?? CURATED_ONLY;
  }

  /** Snapshots this process holds open now. */
  openSnapshots(): number {
    return this.snapshots.size();
  }

  /** Snapshots the walks of one client (SearchCaller) hold open now. */
  openSnapshotsOf(client: string): number {
    return this.snapshots.sizeOf(client);
  }

  async searchDesigners(filters: DesignerFilters, page: PageRequest, options: DesignerSearchOptions = {}): Promise<DesignerPage> {
    const facets = options.facets ?? [];
    const freeText = hasFreeText(filters.q);
    const synonyms = freeText ? await this.synonyms.current() : undefined;
    // Without free text the facets are a cached request of their own, read at the same time (see
    // buildFacetCountRequest); with it, aggregations of the page's own request.
    const countApart = facets.length > 0 && !freeText;
    const [{ aggregations, ...found }, counted] = await Promise.all([
      this.walk(
        {
          kind: 'designers',
          index: this.indices.designers,
          filters,
          page,
          client: options.client,
          needsSnapshot: freeText,
          sort: designerSortKeys(filters).map((k) => k.value),
          ...(freeText ? { readFacts: () => this.facts(filters, synonyms, page.signal) } : {}),
          request: (w, facts) => ({
            ...buildDesignerSearchRequest(filters, w, synonyms, facts),
            ...(facets.length > 0 && !countApart ? { aggs: buildFacetAggregations(facets) } : {}),
          }),
        },
        fromDesignerSource,
      ),
      countApart ? this.countFacets(buildFacetCountRequest(buildDesignerSearchRequest(filters, { limit: 0 }).query, facets), page.signal) : undefined,
    ]);
    return facets.length > 0 ? { ...found, facets: readFacetAggregations(facets, counted ?? aggregations) } : found;
  }

  /** What the index holds of what the request may rank by rather than require (buildFactRequests), looked up at once. */
  private async facts(filters: DesignerFilters, synonyms: SynonymSet | undefined, signal: AbortSignal | undefined): Promise<ReadingFacts> {
    const held = async (request: estypes.SearchRequest | null): Promise<boolean | undefined> => {
      if (!request) return undefined;
      const { hits } = this.whole(await this.client.search({ index: this.indices.designers, ...request, ...this.timeout() }, this.requestOptions(signal)));
      return (typeof hits.total === 'number' ? hits.total : (hits.total?.value ?? 0)) > 0;
    };
    const requests = buildFactRequests(filters, synonyms);
    try {
      const [employerHeld, placeHeld] = await Promise.all([held(requests.employerHeld), held(requests.placeHeld)]);
      return { employerHeld, placeHeld };
    } catch (error) {
      return this.mapEngineError(error, signal);
    }
  }

  /** The aggregations of a facet count request, under the search's time limit and its caller's signal. */
  private async countFacets(request: estypes.SearchRequest, signal: AbortSignal | undefined): Promise<Record<string, estypes.AggregationsAggregate> | undefined> {
    try {
      const response = await this.client.search({ index: this.indices.designers, ...request, ...this.timeout() }, this.requestOptions(signal));
      return this.whole(response).aggregations;
    } catch (error) {
      return this.mapEngineError(error, signal);
    }
  }

  async searchOpenRoles(filters: OpenRoleFilters, page: PageRequest, now: Date, caller: SearchCaller = {}): Promise<Page<OpenRole>> {
    const synonyms = hasFreeText(filters.q) ? await this.synonyms.current() : undefined;
    return this.walk(
      {
        kind: 'open_roles',
        index: this.indices.openRoles,
        filters,
        page,
        client: caller.client,
        needsSnapshot: hasFreeText(filters.q),
        sort: openRoleSortKeys(filters).map((k) => k.value),
        request: (w) => buildOpenRoleSearchRequest(filters, w, now, synonyms),
      },
      fromOpenRoleSource,
    ).then(({ aggregations: _aggregations, ...found }) => found);
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

  async similarDesigners(designer: Designer, limit: number): Promise<Designer[]> {
    try {
      const response = await this.client.search({ index: this.indices.designers, ...buildSimilarDesignersRequest(designer, limit), ...this.timeout() }, this.requestOptions());
      return response.hits.hits.map((hit) => fromDesignerSource(hit._source));
    } catch (error) {
      return this.mapEngineError(error);
    }
  }

  async suggest(word: string, limit: number): Promise<Suggestion[]> {
    try {
      const response = await this.client.search({ index: this.indices.designers, ...buildSuggestRequest(word, limit), ...this.timeout() }, this.requestOptions());
      return readSuggestResponse(response, limit);
    } catch (error) {
      return this.mapEngineError(error);
    }
  }

  private timeout(): Pick<estypes.SearchRequest, 'timeout'> {
    return this.searchTimeoutMs !== undefined ? { timeout: `${this.searchTimeoutMs}ms` } : {};
  }

  /** The client's side of a search's time limit, and the signal that cancels it when its caller hangs up. */
  private requestOptions(signal?: AbortSignal): { requestTimeout?: number; signal?: AbortSignal } {
    return {
      ...(this.searchTimeoutMs !== undefined ? { requestTimeout: searchClientTimeoutMs(this.searchTimeoutMs) } : {}),
      ...(signal ? { signal } : {}),
    };
  }

  /** Partial hits and counts would hold only what the shards reached in time: no answer is served from them. */
  private whole<R extends { timed_out: boolean }>(response: R): R {
    if (response.timed_out && this.searchTimeoutMs !== undefined) throw new SearchTimedOutError(this.searchTimeoutMs);
    return response;
  }

  /** A search past its time limit, one whose caller hung up (no fault: no one reads the answer), or the engine's error. */
  private mapEngineError(error: unknown, signal?: AbortSignal): never {
    if (error instanceof errors.TimeoutError && this.searchTimeoutMs !== undefined) throw new SearchTimedOutError(this.searchTimeoutMs, { cause: error });
    if (error instanceof errors.RequestAbortedError && signal?.aborted) {
      throw new ServiceUnavailableError('The request was closed before its search finished; the search was cancelled.', { cause: error });
    }
    return mapSearchError(error);
  }

  async isReady(): Promise<boolean> {
    try {
      return await this.client.indices.existsAlias({ name: [this.indices.designers, this.indices.openRoles] });
    } catch {
      return false;
    }
  }

  /**
   * One page of a walk, in named steps: take the cursor's snapshot (adopt), choose the window (opening the
   * walk's snapshot on its first cursor), run the page (going on in a new snapshot if the cursor's is gone),
   * follow a renamed snapshot, hand the snapshot over in the next cursor or finish it on the last page, and
   * release every snapshot this request held. Answers the page and the aggregations its request asked for (facets).
   */
  private async walk<F extends object, T>(
    walk: Walk<F>,
    map: (source: unknown) => T,
  ): Promise<Page<T> & { aggregations?: Record<string, estypes.AggregationsAggregate> | undefined }> {
    const cursor = walk.page.cursor ? this.cursors.decode(walk.page.cursor, walk.kind, walk.filters, walk.sort, { snapshotTiebreaker: 'doc_position' }) : undefined;
    const offset = cursor ? cursor.o : walk.page.offset;
    const facts = cursor?.f ?? (walk.readFacts ? await walk.readFacts() : {});
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
    const request = new SnapshotRequest(this.snapshots, walk.index, walk.page.cursor, walk.client);
    try {
      await request.adopt(cursor?.pit);
      const window = await this.firstWindow(walk, cursor, probe, request);
      const response = await this.runPage(walk, facts, cursor, probe, window, request);
      request.follow(response.pit_id);

      const hits = response.hits.hits.slice(0, walk.page.limit);
      const matched = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
      const total = matched + servedStillMatching(response);
      // limit=0 is a count, not a page: nothing to continue from, so no more and no cursor (docs/api.md).
      const hasMore = walk.page.limit > 0 && (probe ? response.hits.hits.length > hits.length : offset + hits.length < total);
      const nextCursor = await this.handOver(walk, facts, cursor, offset, hits, hasMore, request);
      return {
        items: hits.map((h) => map(h._source)),
        total,
        limit: walk.page.limit,
        offset,
        hasMore,
        nextCursor,
        aggregations: response.aggregations,
      };
    } finally {
      await request.release();
    }
  }

  /** The window this page reads; on a relevance walk's first cursor, in the walk's snapshot, opened now. */
  private async firstWindow<F extends object>(walk: Walk<F>, cursor: Cursor | undefined, probe: number, request: SnapshotRequest): Promise<PageWindow> {
    if (!cursor) return { limit: walk.page.limit, offset: walk.page.offset };
    if (walk.needsSnapshot && !request.id) {
      // The walk's first cursor: a snapshot shared by every request on this process that follows it.
      const position = positionInSnapshot(cursor, walk.page.limit + probe);
      await request.open();
      return position ?? { limit: walk.page.limit + probe, after: cursor.sa };
    }
    return { limit: walk.page.limit + probe, after: cursor.sa };
  }

  /** Runs the search; a cursor's snapshot that is gone is replaced by a new one, read by position. */
  private async runPage<F extends object>(
    walk: Walk<F>,
    facts: ReadingFacts,
    cursor: Cursor | undefined,
    probe: number,
    window: PageWindow,
    request: SnapshotRequest,
  ): Promise<estypes.SearchResponse> {
    try {
      try {
        return await this.search(walk, facts, window, request.id, cursor?.x);
      } catch (error) {
        if (!(request.carried && isMissingSnapshot(error))) throw error;
        // The walk's snapshot is gone (its keep-alive ran out on the cluster, or the replica that served the
        // walk's last page closed it). The walk goes on in a new snapshot by position, as one begun from an
        // offset page does; past the window positions reach, it must start again.
        this.snapshots.gone(request.carried);
        const resumed = positionInSnapshot(cursor!, walk.page.limit + probe);
        if (!resumed) throw expiredCursor();
        await request.open();
        return await this.search(walk, facts, resumed, request.id, cursor?.x);
      }
    } catch (error) {
      // A snapshot this request opened goes to no client: free it once no request reads it.
      await request.finishOpened();
      if (request.carried && isMissingSnapshot(error)) throw expiredCursor();
      // Everything else in the request was built from validated input; what the engine rejects is the
      // snapshot id, which a replica opened: let it go.
      if (request.carried && isRejectedRequest(error)) {
        await this.snapshots.finish(request.carried);
        throw invalidCursor();
      }
      return this.mapEngineError(error, walk.page.signal);
    }
  }

  /** One search request: in the snapshot when there is one, leaving out what the walk served before it. */
  private async search<F extends object>(
    walk: Walk<F>,
    facts: ReadingFacts,
    window: PageWindow,
    snapshot: string | undefined,
    served: string[] | undefined,
  ): Promise<estypes.SearchResponse> {
    const request = walk.request(window, facts);
    // The served ids' count joins the request's own aggregations (facets) rather than replacing them.
    const exclusion = served?.length ? excluding(served) : undefined;
    // A search abandoned for its time is not sent again (the transport's retryOnTimeout is off): that would
    // double what the slowest ones cost. A node that refuses the connection is still retried on the next.
    const response = await this.client.search(
      {
        ...request,
        ...(snapshot ? { pit: { id: snapshot, keep_alive: SNAPSHOT_KEEP_ALIVE } } : { index: walk.index }),
        ...(exclusion ? { post_filter: exclusion.post_filter, aggs: { ...request.aggs, ...exclusion.aggs } } : {}),
        ...this.timeout(),
      },
      this.requestOptions(walk.page.signal),
    );
    return this.whole(response);
  }

  /** The next page's cursor, carrying the snapshot; or, on the last page, the snapshot's end. */
  private async handOver<F extends object>(
    walk: Walk<F>,
    facts: ReadingFacts,
    cursor: Cursor | undefined,
    offset: number,
    hits: estypes.SearchHit[],
    hasMore: boolean,
    request: SnapshotRequest,
  ): Promise<string | null> {
    const last = hits.at(-1);
    const snapshot = request.id;
    if (hasMore && last?.sort) {
      // The first page of a relevance walk names what it served, for the snapshot to leave out.
      const firstServed = !cursor && walk.needsSnapshot && offset === 0 ? hits.map((h) => idOf(h)) : undefined;
      const carry = cursor?.x ?? firstServed;
      const carriedFacts = factsToCarry(facts);
      return this.cursors.encode({
        v: 1,
        k: walk.kind,
        h: queryFingerprint(walk.filters),
        o: offset + hits.length,
        sa: last.sort as Cursor['sa'],
        // The cursor's key keeps Elasticsearch's name (see cursor.codec.ts).
        ...(snapshot ? { pit: snapshot } : {}),
        ...(carry ? { x: carry } : {}),
        ...(carriedFacts ? { f: carriedFacts } : {}),
      });
    }
    // The last page: the snapshot closes when the last request reading it (a retry, a second tab) lets go.
    if (snapshot) await this.snapshots.finish(snapshot);
    return null;
  }
}

/**
 * The snapshots one request reads, held until it answers so that no other request closes them meanwhile:
 * the one its cursor carried (adopted), and the one it opened, if any.
 */
class SnapshotRequest {
  /** The snapshot the cursor carried, once adopted. */
  carried: string | undefined;
  /** The snapshot this page reads now. */
  id: string | undefined;
  private readonly held: string[] = [];

  constructor(
    private readonly pool: SnapshotPool,
    private readonly index: string,
    private readonly cursor: string | undefined,
    private readonly client: string | undefined,
  ) {}

  /** Takes in the snapshot a signed cursor names (counted from now on by this process). */
  async adopt(id: string | undefined): Promise<void> {
    if (id === undefined) return;
    this.carried = await this.pool.adopt(id, { client: this.client });
    this.held.push(this.carried);
    this.id = this.carried;
  }

  /** Opens the walk's snapshot, keyed by this cursor as a first cursor's: replaying it cannot fill the pool. */
  async open(): Promise<void> {
    const id = await this.pool.open(this.index, { walk: this.cursor, client: this.client });
    this.held.push(id);
    this.id = id;
  }

  /** The search failed: a snapshot this request opened (not the cursor's) is of no further use. */
  async finishOpened(): Promise<void> {
    if (this.id && this.id !== this.carried) await this.pool.finish(this.id);
  }

  /** A page was read: the engine may have renamed the snapshot, and the hold moves with it. */
  follow(renamed: string | undefined): void {
    const id = this.id;
    if (!id) return;
    if (renamed && renamed !== id) {
      this.pool.touch(id, renamed);
      this.held[this.held.indexOf(id)] = renamed;
      this.id = renamed;
    } else this.pool.touch(id, id);
  }

  async release(): Promise<void> {
    for (const id of this.held) await this.pool.release(id);
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
