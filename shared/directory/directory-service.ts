import { type Designer, profileUrl } from '../domain/designer.schema.ts';
import type { DesignerFacets, DesignerHit } from '../domain/designer-facets.schema.ts';
import type { DesignerSearch } from '../domain/designer-search.schema.ts';
import { InvalidInputError, NotFoundError } from '../domain/errors.ts';
import type { OpenRole } from '../domain/open-role.schema.ts';
import type { OpenRoleSearch } from '../domain/open-role-search.schema.ts';
import { MAX_RESULT_WINDOW, type Page, type PageRules, resolvePage } from '../domain/pagination.ts';
import type { DesignerKey, SearchPort } from '../search/search.port.ts';
import { SIMILAR_LIMIT, type SimilarDesignersRequest } from '../domain/similar-designers.schema.ts';
import { lastWord, SUGGEST_LIMIT, type Suggestion, type SuggestRequest } from '../domain/suggest.schema.ts';
import { designerMatch, highlightWords, NO_WORD_FORMS, type WordForms } from '../search/designer-highlight.rules.ts';
import { withEnglishCountryNames, withEnglishPlaceMarkers } from '../search/country-names.rules.ts';
import { SHORT_PREFIX_LENGTH, ShortPrefixCache } from './short-prefix-cache.ts';

/** A page of a designer search: designers (each with its match when highlight was asked), and the facets asked for. */
export type DesignerResultPage = Page<DesignerHit> & { facets?: DesignerFacets };

/** The read-side use cases, shared by the REST routes and the MCP tools. */
export interface DirectoryService {
  /**
   * `client` names the client (its address) where the transport knows it; see SearchCaller. `signal`
   * aborts when the client stops waiting; see PageRequest.signal.
   */
  searchDesigners(search: DesignerSearch, rules: PageRules, client?: string, signal?: AbortSignal): Promise<DesignerResultPage>;
  getDesigner(key: DesignerKey): Promise<Designer>;
  searchOpenRoles(search: OpenRoleSearch, rules: PageRules, client?: string, signal?: AbortSignal): Promise<Page<OpenRole>>;
  /** Listed designers most like a listed one; NotFoundError when the slug names no listed designer. */
  similarDesigners(request: SimilarDesignersRequest): Promise<Designer[]>;
  /** Completions of the last word of request.q over listed designers. */
  suggest(request: SuggestRequest): Promise<Suggestion[]>;
}

export function createDirectoryService(deps: {
  search: SearchPort;
  now?: () => Date;
  /**
   * The serving process's public address. When given, every designer's profile_url is derived from it,
   * so links open on this deployment whatever base URL the indexing worker wrote into Elasticsearch.
   */
  publicBaseUrl?: string;
  /**
   * The word forms and synonyms highlights count as a query word's (the engines' expansion, with the rules
   * curators stored, wordFormsFrom); none when absent.
   */
  wordForms?: { current(): Promise<WordForms> };
}): DirectoryService {
  const now = deps.now ?? (() => new Date());
  const shortPrefixes = new ShortPrefixCache<Suggestion[]>();
  const base = deps.publicBaseUrl;
  const linked = (designer: Designer): Designer =>
    base === undefined ? designer : { ...designer, profile_url: profileUrl(base, designer.slug) };

  function pageOf(input: { limit?: number; offset?: number; cursor?: string }, rules: PageRules, signal?: AbortSignal) {
    if (input.cursor !== undefined && input.offset !== undefined) {
      throw new InvalidInputError([
        { parameter: 'offset', message: 'cannot be combined with cursor; the cursor already carries the position' },
      ]);
    }
    const page = resolvePage(input, rules);
    if (page.cursor === undefined && page.offset + page.limit > MAX_RESULT_WINDOW) {
      throw new InvalidInputError([
        {
          parameter: 'offset',
          message: `offset+limit must be at most ${MAX_RESULT_WINDOW}; to read deeper, pass the previous page's next_cursor as cursor`,
        },
      ]);
    }
    if (signal !== undefined) page.signal = signal;
    return page;
  }

  async function findListed(key: DesignerKey): Promise<Designer> {
    const designer = await deps.search.findDesigner(key);
    if (!designer) {
      const what = 'slug' in key ? `slug "${key.slug}"` : `id "${key.id}"`;
      throw new NotFoundError(`No designer with ${what}.`);
    }
    return designer;
  }

  return {
    async searchDesigners(search, rules, client, signal) {
      const { limit, offset, cursor, facets, highlight, ...asked } = search;
      const filters = inEnglish(asked);
      const page = await deps.search.searchDesigners(filters, pageOf({ limit, offset, cursor }, rules, signal), { client, ...(facets?.length ? { facets } : {}) });
      const items: DesignerHit[] = page.items.map(linked);
      if (!highlight) return { ...page, items };
      // Computed from each record and the request's words, the same on every engine.
      const words = highlightWords(filters, deps.wordForms ? await deps.wordForms.current() : NO_WORD_FORMS);
      const unmatched = { reason: 'matches the filters (no words to find)', fields: [] };
      return { ...page, items: items.map((designer) => ({ ...designer, match: designerMatch(designer, words) ?? unmatched })) };
    },

    getDesigner: async (key) => linked(await findListed(key)),

    async searchOpenRoles(search, rules, client, signal) {
      const { limit, offset, cursor, ...filters } = search;
      return deps.search.searchOpenRoles(inEnglish(filters), pageOf({ limit, offset, cursor }, rules, signal), now(), { client });
    },

    async similarDesigners({ slug, limit }) {
      const designer = await findListed({ slug });
      const similar = await deps.search.similarDesigners(designer, limit ?? SIMILAR_LIMIT.default);
      return similar.map(linked);
    },

    async suggest({ q, limit }) {
      const word = lastWord(q);
      if (!word) return [];
      const count = limit ?? SUGGEST_LIMIT.default;
      const ask = () => deps.search.suggest(word, count);
      return [...word].length <= SHORT_PREFIX_LENGTH ? shortPrefixes.get(`${count}\u0000${word}`, ask) : ask();
    },
  };
}

/**
 * The filters with the country names written in another language read as English, in the free text and the
 * location filter (withEnglishCountryNames), and French "à" before a place as "in" (withEnglishPlaceMarkers),
 * before either engine reads them.
 */
function inEnglish<T extends { q?: string | undefined; location?: string | undefined }>(filters: T): T {
  return {
    ...filters,
    ...(filters.q === undefined ? {} : { q: withEnglishPlaceMarkers(withEnglishCountryNames(filters.q)) }),
    ...(filters.location === undefined ? {} : { location: withEnglishCountryNames(filters.location, true) }),
  };
}
