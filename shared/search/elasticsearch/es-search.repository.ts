import type { Client, estypes } from '@elastic/elasticsearch';
import type { Designer } from '../../domain/designer.schema.ts';
import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import type { OpenRole } from '../../domain/open-role.schema.ts';
import type { OpenRoleFilters } from '../../domain/open-role-search.schema.ts';
import type { Page, PageRequest } from '../../domain/pagination.ts';
import { type Cursor, decodeCursor, encodeCursor, expiredCursor, invalidCursor, queryFingerprint, type SortValueKind } from '../cursor.codec.ts';
import type { DesignerKey, SearchPort } from '../search.port.ts';
import { fromDesignerSource } from './designer.document.ts';
import { fromOpenRoleSource } from './open-role.document.ts';
import { buildDesignerSearchRequest, designerSortKeys, type SearchWindow } from './designer-query.translator.ts';
import { isMissingPit, isRejectedRequest, mapSearchError } from './es-errors.ts';
import type { IndexNames } from './index-names.ts';
import { buildOpenRoleSearchRequest, openRoleSortKeys } from './open-role-query.translator.ts';

const PIT_KEEP_ALIVE = '2m';

interface Walk<F extends object> {
  kind: Cursor['k'];
  index: string;
  filters: F;
  page: PageRequest;
  /** Relevance-sorted walks need a point in time: scores move when any document changes. */
  needsSnapshot: boolean;
  /** The kinds of the sort values, which a cursor must match. */
  sort: readonly SortValueKind[];
  request: (window: SearchWindow) => Omit<estypes.SearchRequest, 'index' | 'pit'>;
}

export class ElasticsearchSearchRepository implements SearchPort {
  constructor(
    private readonly client: Client,
    private readonly indices: IndexNames,
  ) {}

  async searchDesigners(filters: DesignerFilters, page: PageRequest): Promise<Page<Designer>> {
    return this.walk(
      {
        kind: 'designers',
        index: this.indices.designers,
        filters,
        page,
        needsSnapshot: Boolean(filters.q?.trim()),
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
        needsSnapshot: Boolean(filters.q?.trim()),
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
    const cursor = walk.page.cursor ? decodeCursor(walk.page.cursor, walk.kind, walk.filters, walk.sort) : undefined;
    const offset = cursor ? cursor.o : walk.page.offset;
    // A cursor page cannot judge has_more from offset and total: records added or deleted behind the
    // cursor move the total but not the walk. It reads one record more than it serves and looks.
    const probe = cursor && walk.page.limit > 0 ? 1 : 0;
    const window: SearchWindow = cursor
      ? { size: walk.page.limit + probe, searchAfter: cursor.sa }
      : { size: walk.page.limit, from: walk.page.offset };

    let response: estypes.SearchResponse;
    try {
      response = await this.client.search({
        ...walk.request(window),
        ...(cursor?.pit ? { pit: { id: cursor.pit, keep_alive: PIT_KEEP_ALIVE } } : { index: walk.index }),
      });
    } catch (error) {
      if (cursor?.pit && isMissingPit(error)) throw expiredCursor();
      // Everything else in the request was built from validated input; what the engine rejects is the
      // client's point-in-time id.
      if (cursor?.pit && isRejectedRequest(error)) throw invalidCursor();
      return mapSearchError(error);
    }

    const hits = response.hits.hits.slice(0, walk.page.limit);
    const total = typeof response.hits.total === 'number' ? response.hits.total : (response.hits.total?.value ?? 0);
    const hasMore = probe ? response.hits.hits.length > hits.length : offset + hits.length < total;
    let nextCursor: string | null = null;
    const last = hits.at(-1);
    if (hasMore && last?.sort) {
      let pit = response.pit_id ?? cursor?.pit;
      if (!pit && walk.needsSnapshot) pit = await this.openPit(walk.index);
      nextCursor = encodeCursor({
        v: 1,
        k: walk.kind,
        h: queryFingerprint(walk.filters),
        o: offset + hits.length,
        sa: last.sort as Cursor['sa'],
        ...(pit ? { pit } : {}),
      });
    }
    return {
      items: hits.map((h) => map(h._source)),
      total,
      limit: walk.page.limit,
      offset,
      hasMore,
      nextCursor,
    };
  }

  private async openPit(index: string): Promise<string | undefined> {
    try {
      const { id } = await this.client.openPointInTime({ index, keep_alive: PIT_KEEP_ALIVE });
      return id;
    } catch (error) {
      return mapSearchError(error);
    }
  }
}
