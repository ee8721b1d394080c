import type { Designer } from '../domain/designer.schema.ts';
import type { DesignerFacets, FacetName } from '../domain/designer-facets.schema.ts';
import type { DesignerFilters } from '../domain/designer-search.schema.ts';
import type { OpenRole } from '../domain/open-role.schema.ts';
import type { OpenRoleFilters } from '../domain/open-role-search.schema.ts';
import type { Page, PageRequest } from '../domain/pagination.ts';
import type { Suggestion } from '../domain/suggest.schema.ts';

export type DesignerKey = { slug: string } | { id: string };

/**
 * Who asks for a page, where the transport knows: an engine that holds something per walk (Elasticsearch's
 * snapshots) shares it out per client, so one client cannot take it all. An engine may ignore it.
 */
export interface SearchCaller {
  /** The client's address (IPv6 by /56), as the rate limit counts it. */
  client?: string | undefined;
}

/** Who asks, and what a designer search answers besides its page: the facets asked for, counted over every match. */
export interface DesignerSearchOptions extends SearchCaller {
  facets?: readonly FacetName[];
}

/** A page of designers, with meta.facets when facets were asked for. */
export type DesignerPage = Page<Designer> & { facets?: DesignerFacets };

/**
 * What the read path needs from a search engine. Implementations return plain domain objects and raise
 * the domain errors (InvalidInputError for a bad cursor, ServiceUnavailableError when the engine is
 * down or slow); nothing of the engine leaks through.
 */
export interface SearchPort {
  searchDesigners(filters: DesignerFilters, page: PageRequest, options?: DesignerSearchOptions): Promise<DesignerPage>;
  findDesigner(key: DesignerKey): Promise<Designer | null>;
  searchOpenRoles(filters: OpenRoleFilters, page: PageRequest, now: Date, caller?: SearchCaller): Promise<Page<OpenRole>>;
  /** Up to `limit` listed designers most like this listed one (similar-designers.rules.ts), never itself. */
  similarDesigners(designer: Designer, limit: number): Promise<Designer[]>;
  /** Up to `limit` completions of one folded word over listed designers (suggest.rules.ts), exact counts. */
  suggest(word: string, limit: number): Promise<Suggestion[]>;
  /** True when the engine answers and the indices exist. */
  isReady(): Promise<boolean>;
}
