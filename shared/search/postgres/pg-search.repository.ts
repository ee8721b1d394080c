import { ENTITIES, entityOfCollection } from '../../domain/entity.registry.ts';
import type { Designer } from '../../domain/designer.schema.ts';
import type { DesignerFilters } from '../../domain/designer-search.schema.ts';
import { InvalidInputError, SearchTimedOutError } from '../../domain/errors.ts';
import type { OpenRole } from '../../domain/open-role.schema.ts';
import type { OpenRoleFilters } from '../../domain/open-role-search.schema.ts';
import type { Page, PageRequest } from '../../domain/pagination.ts';
import type { Db } from '../../store/db.ts';
import { DesignerReader } from '../../store/designer.reader.ts';
import { type DesignerRow, toDesigner } from '../../store/designer.row.ts';
import { type OpenRoleRow, toOpenRole } from '../../store/open-role.row.ts';
import type { PageWindow } from '../page-window.ts';
import type { SynonymSet, SynonymSource } from '../query-synonyms.ts';
import { factsToCarry, type ReadingFacts } from '../reading-facts.ts';
import { StoredSynonyms } from './stored-synonyms.repository.ts';
import { type Cursor, CursorCodec, queryFingerprint, type SortValueKind } from '../cursor.codec.ts';
import { hasFreeText, type SearchFilters } from '../search-rules.ts';
import type { DesignerKey, DesignerPage, DesignerSearchOptions, SearchPort } from '../search.port.ts';
import type { DesignerFacets } from '../../domain/designer-facets.schema.ts';
import { readDesignerFacets } from './designer-facets.builder.ts';
import { designerSearchSpec, designerSortKeys, factStatement } from './designer-query.builder.ts';
import { understandQuery } from '../query-words.ts';
import { lookUpQueryTerms, NO_QUERY_TERMS, type QueryTerms, queryTermsBytes } from './query-terms.ts';
import { openRoleSearchSpec, openRoleSortKeys } from './open-role-query.builder.ts';
import { isStatementTimeout, mapDatabaseError } from './pg-errors.ts';
import { SearchTextUpkeep } from './search-text-upkeep.ts';
import { currentSnapshot, SnapshotCache } from './snapshot-cache.ts';
import type { Suggestion, SuggestionKind } from '../../domain/suggest.schema.ts';
import { rankSuggestions } from '../suggest.rules.ts';
import { similarDesignersStatement, type Statement, suggestStatement } from './similar-suggest.builder.ts';
import { countStatement, pageStatement, type SearchSpec, type SortKey, topOfRanking } from './sql-builder.ts';

export interface PostgresSearchOptions {
  publicBaseUrl: string;
  /**
   * Upper bound for one search's statements (Postgres statement_timeout, which cancels the statement in the
   * server). PGlite runs no timer inside its engine: there the word limits of the free-text parameters bound a search.
   */
  timeoutMs: number;
  /** Signs and checks cursors, with the secret every replica shares; a secret of this repository's own when absent. */
  cursors?: CursorCodec;
  /** The synonyms searches expand queries with; the curated list with the store's rules (StoredSynonyms) when absent. */
  synonyms?: SynonymSource;
}

/** The kind of cursor value each SQL type of a sort key is bound as. */
const CURSOR_KIND: Record<string, SortValueKind> = { int: 'int32', bigint: 'int64_text', text: 'keyword', float8: 'score' };

function sortKinds(keys: readonly SortKey[]): SortValueKind[] {
  return keys.map((key) => {
    const kind = CURSOR_KIND[key.cast];
    if (!kind) throw new Error(`sort key ${key.column} has no cursor kind for SQL type ${key.cast}`);
    return kind;
  });
}

/** A search found rows queued for new search text: it gives up its snapshot, catches up and starts again. */
const CATCH_UP_FIRST = Symbol('catch up first');

type SortedRow<R> = R & { sort_values: Cursor['sa']; total_matches?: string };

/** Reads the facets of a search in its transaction; countKey names its matching set (the count's statement). */
type Facets = (tx: Db, spec: SearchSpec, snapshot: () => Promise<string>, countKey: string) => Promise<DesignerFacets>;

/**
 * SearchPort over the store's own tables: tsvector and GIN, words folded in the application as for
 * Elasticsearch. Pages are keyset walks: the cursor carries the last record's sort values (no snapshot).
 */
export class PostgresSearchRepository implements SearchPort {
  private readonly designers: DesignerReader;
  private readonly upkeep: SearchTextUpkeep;
  /** Totals reused until something writes: the count is half of a filtered page's cost on PGlite. */
  private readonly counts = new SnapshotCache<number>();
  /** Facet counts, reused the same way: a facet is a count per value over the same matches. */
  private readonly facetCounts = new SnapshotCache<DesignerFacets>();
  /** Vocabulary lookups reused until something writes: a typo's expansions cost a scan of similar-length words. */
  private readonly vocabulary = new SnapshotCache<QueryTerms>({ sizeOf: queryTermsBytes });
  /** What the store holds of what a request may rank by (factStatement), reused the same way. */
  private readonly facts = new SnapshotCache<ReadingFacts>();
  private readonly cursors: CursorCodec;
  private readonly synonyms: SynonymSource;

  constructor(
    private readonly db: Db,
    private readonly options: PostgresSearchOptions,
  ) {
    this.cursors = options.cursors ?? CursorCodec.random();
    this.designers = new DesignerReader(db, options.publicBaseUrl);
    this.upkeep = new SearchTextUpkeep(db);
    this.synonyms = options.synonyms ?? new StoredSynonyms(db);
  }

  /**
   * Start-up: turns the search-text queue on and recomputes every row whose text is stale by version (rows
   * a migration marked, rows written while the queue was off), then whatever is queued.
   */
  async prepare(): Promise<void> {
    await this.upkeep.catchUp();
  }

  async searchDesigners(filters: DesignerFilters, page: PageRequest, options: DesignerSearchOptions = {}): Promise<DesignerPage> {
    const names = options.facets ?? [];
    const facets: Facets | undefined =
      names.length > 0
        ? async (tx, spec, snapshot, countKey) =>
            this.facetCounts.get(await snapshot(), `${JSON.stringify(names)}\u0000${countKey}`, () => readDesignerFacets(tx, spec, names))
        : undefined;
    const synonyms = await this.synonymsFor(filters.q);
    return this.walk('designers', filters, page, designerSortKeys(filters), (tx, snapshot, carried) => this.designerTerms(tx, snapshot, filters, synonyms, carried), (terms) => designerSearchSpec(filters, terms, synonyms), (row: DesignerRow) =>
      toDesigner(row, this.options.publicBaseUrl),
    facets);
  }

  async searchOpenRoles(filters: OpenRoleFilters, page: PageRequest, now: Date): Promise<Page<OpenRole>> {
    const synonyms = await this.synonymsFor(filters.q);
    return this.walk('open_roles', filters, page, openRoleSortKeys(filters), (tx, snapshot) => this.queryTerms(tx, snapshot, filters.q), (terms) => openRoleSearchSpec(filters, terms, now, synonyms), (row: OpenRoleRow) =>
      toOpenRole(row),
    );
  }

  async findDesigner(key: DesignerKey): Promise<Designer | null> {
    try {
      return await this.designers.findListed(key);
    } catch (error) {
      return mapDatabaseError(error);
    }
  }

  async similarDesigners(designer: Designer, limit: number): Promise<Designer[]> {
    const rows = await this.readFresh<DesignerRow>(similarDesignersStatement(designer, limit));
    return rows.map((row) => toDesigner(row, this.options.publicBaseUrl));
  }

  async suggest(word: string, limit: number): Promise<Suggestion[]> {
    const rows = await this.readFresh<{ text: string; kind: SuggestionKind; count: number }>(suggestStatement(word, limit));
    return rankSuggestions(rows.map((r) => ({ text: r.text, kind: r.kind, count: Number(r.count) })), limit);
  }

  /** One statement over search text that has caught up with every write, bounded in time like a search. */
  private async readFresh<R extends object>(statement: Statement): Promise<R[]> {
    try {
      await this.upkeep.catchUp();
      return await this.db.transaction(async (tx) => {
        await tx.query('SET TRANSACTION READ ONLY');
        await tx.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.trunc(this.options.timeoutMs))}`);
        return (await tx.query<R>(statement.sql, statement.params)).rows;
      });
    } catch (error) {
      if (isStatementTimeout(error)) throw new SearchTimedOutError(this.options.timeoutMs, { cause: error });
      return mapDatabaseError(error);
    }
  }

  async isReady(): Promise<boolean> {
    try {
      const { rows } = await this.db.query<{ ready: boolean }>(
        `SELECT to_regclass('designer_search') IS NOT NULL AND to_regclass('open_role_search') IS NOT NULL AS ready`,
      );
      return rows[0]?.ready === true;
    } catch {
      return false;
    }
  }

  /** The synonyms in force, read only by a search with free text. */
  private async synonymsFor(q: string | undefined): Promise<SynonymSet | undefined> {
    return hasFreeText(q) ? this.synonyms.current() : undefined;
  }

  private async queryTerms(tx: Db, snapshot: () => Promise<string>, q: string | undefined): Promise<QueryTerms> {
    const { words, filler } = understandQuery(q);
    if (words.length === 0) return NO_QUERY_TERMS;
    const all = [...words, ...filler];
    return this.vocabulary.get(await snapshot(), JSON.stringify(all), () => lookUpQueryTerms(tx, all));
  }

  /**
   * A designer search's query terms, with what the store holds of what it may rank by (ReadingFacts), in its
   * snapshot; on a cursor page, the facts its walk's first page read (`carried`).
   */
  private async designerTerms(
    tx: Db,
    snapshot: () => Promise<string>,
    filters: DesignerFilters,
    synonyms: SynonymSet | undefined,
    carried: ReadingFacts | undefined,
  ): Promise<QueryTerms> {
    const terms = await this.queryTerms(tx, snapshot, filters.q);
    if (carried) return { ...terms, ...carried };
    const statement = factStatement(filters, synonyms);
    if (!statement) return terms;
    const read = async (): Promise<ReadingFacts> => {
      const row = (await tx.query<{ employer_held: boolean | null; place_held: boolean | null }>(statement.sql, statement.params)).rows[0];
      return { employerHeld: row?.employer_held ?? undefined, placeHeld: row?.place_held ?? undefined };
    };
    return { ...terms, ...(await this.facts.get(await snapshot(), `${statement.sql}\u0000${JSON.stringify(statement.params)}`, read)) };
  }

  /** The page read from spec.top's rows alone, when that is the page of all matches; else undefined. */
  private async topPage<R extends object>(tx: Db, spec: SearchSpec, bound: number, window: PageWindow): Promise<SortedRow<R>[] | undefined> {
    const statement = pageStatement(spec, window, { top: true });
    const { rows } = await tx.query<SortedRow<R>>(statement.sql, statement.params);
    return topOfRanking(rows.map((row) => Number(row.sort_values[0])), window, bound) ? rows : undefined;
  }

  private async walk<F extends object, R extends object, T>(
    kind: Cursor['k'],
    filters: F,
    page: PageRequest,
    keys: readonly SortKey[],
    lookUp: (tx: Db, snapshot: () => Promise<string>, carried: ReadingFacts | undefined) => Promise<QueryTerms>,
    specOf: (terms: QueryTerms) => SearchSpec,
    map: (row: R) => T,
    facets?: Facets,
  ): Promise<Page<T> & { facets?: DesignerFacets }> {
    const cursor = page.cursor ? this.cursors.decode(page.cursor, kind, filters, sortKinds(keys)) : undefined;
    const offset = cursor ? cursor.o : page.offset;
    try {
      await this.upkeep.enable();
      for (let attempt = 0; ; attempt++) {
        const found = await this.db.transaction(async (tx) => {
          // One snapshot for the total and the page, and a bound on how long a search may take.
          await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
          await tx.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.trunc(this.options.timeoutMs))}`);
          // Rows written since the last search (by anyone, in any way) get their text first. Checked in the
          // search's own snapshot, so a search takes the store once (PGlite serves one at a time) and, with
          // nothing queued, sees the text of every write it sees. Once caught up it goes on whatever was
          // queued since, as it did before the check moved here.
          if (attempt === 0 && (await this.upkeep.hasQueued(tx))) return CATCH_UP_FIRST;
          // Read once, and only by a search that remembers something under it.
          let snapshotRead: Promise<string> | undefined;
          const snapshot = () => (snapshotRead ??= currentSnapshot(tx));
          const terms = await lookUp(tx, snapshot, cursor?.f);
          const spec = specOf(terms);
          // A cursor page reads one record more than it serves: whether more follow is judged by what is
          // there, not by offset and total, which records added or deleted behind the cursor move.
          const probe = cursor && page.limit > 0 ? 1 : 0;
          const window: PageWindow = cursor
            ? { limit: page.limit + probe, offset: 0, after: cursor.sa }
            : { limit: page.limit, offset: page.offset };
          // Open roles' counts carry the clock (expiry) and never repeat: remembering them would only push
          // designers' reusable totals out of the cache.
          const count = countStatement(spec);
          const countKey = `${count.sql}\u0000${JSON.stringify(count.params)}`;
          const remembered = ENTITIES[entityOfCollection(kind)].listed.liveUntil === undefined;
          const known = remembered ? this.counts.peek(await snapshot(), countKey) : undefined;
          // Relevance order reads every match to rank them: a first page whose total is not known yet counts
          // them on the way. Once known, pages rank without the count: on a Postgres server the count over
          // the window keeps the ranking out of the parallel workers and spills every match to disk at 100k.
          // A relevance page is read from the rows that can rank highest first, and from every match only when
          // those do not settle it (topOfRanking): the bench's misspelt three-word query ranks a seventh of its matches then.
          let fetched = spec.top && page.limit > 0 ? await this.topPage<R>(tx, spec, spec.top.bound, window) : undefined;
          const withTotal = fetched === undefined && known === undefined && !cursor && page.limit > 0 && hasFreeText((filters as SearchFilters).q);
          if (fetched === undefined) {
            const statement = pageStatement(spec, window, { withTotal });
            fetched = page.limit > 0 ? (await tx.query<SortedRow<R>>(statement.sql, statement.params)).rows : [];
          }
          let total: number;
          if (known !== undefined) total = known;
          else if (withTotal && fetched[0]) {
            total = Number(fetched[0].total_matches);
            if (remembered) this.counts.set(await snapshot(), countKey, total);
          } else {
            const counted = async () => Number((await tx.query<{ total: string }>(count.sql, count.params)).rows[0]?.total ?? 0);
            total = remembered ? await this.counts.get(await snapshot(), countKey, counted) : await counted();
          }
          const rows = fetched.slice(0, page.limit);
          // limit=0 is a count, not a page: nothing to continue from, so no more and no cursor (docs/api.md).
          const hasMore = page.limit > 0 && (probe ? fetched.length > rows.length : offset + rows.length < total);
          const last = rows.at(-1);
          // The facts this page read its request with (ReadingFacts) go on in the cursor: every page reads it so.
          const facts = factsToCarry(terms);
          const nextCursor =
            hasMore && last
              ? this.cursors.encode({ v: 1, k: kind, h: queryFingerprint(filters), o: offset + rows.length, sa: last.sort_values, ...(facts ? { f: facts } : {}) })
              : null;
          const withFacets = facets ? { facets: await facets(tx, spec, snapshot, countKey) } : {};
          return { items: rows.map(map), total, limit: page.limit, offset, hasMore, nextCursor, ...withFacets };
        });
        if (found !== CATCH_UP_FIRST) return found;
        await this.upkeep.catchUp();
      }
    } catch (error) {
      if (error instanceof InvalidInputError) throw error;
      if (isStatementTimeout(error)) throw new SearchTimedOutError(this.options.timeoutMs, { cause: error });
      return mapDatabaseError(error);
    }
  }
}
