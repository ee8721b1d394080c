import { type Designer, profileUrl } from '../domain/designer.schema.ts';
import type { DesignerSearch } from '../domain/designer-search.schema.ts';
import { InvalidInputError, NotFoundError } from '../domain/errors.ts';
import type { OpenRole } from '../domain/open-role.schema.ts';
import type { OpenRoleSearch } from '../domain/open-role-search.schema.ts';
import { MAX_RESULT_WINDOW, type Page, type PageRules, resolvePage } from '../domain/pagination.ts';
import type { DesignerKey, SearchPort } from '../search/search.port.ts';

/** The read-side use cases, shared by the REST routes and the MCP tools. */
export interface DirectoryService {
  /**
   * `reader` names the client (its address) where the transport knows it; see PageRequest.reader. `signal`
   * aborts when the client stops waiting; see PageRequest.signal.
   */
  searchDesigners(search: DesignerSearch, rules: PageRules, reader?: string, signal?: AbortSignal): Promise<Page<Designer>>;
  getDesigner(key: DesignerKey): Promise<Designer>;
  searchOpenRoles(search: OpenRoleSearch, rules: PageRules, reader?: string, signal?: AbortSignal): Promise<Page<OpenRole>>;
}

export function createDirectoryService(deps: {
  search: SearchPort;
  now?: () => Date;
  /**
   * The serving process's public address. When given, every designer's profile_url is derived from it,
   * so links open on this deployment whatever base URL the indexing worker wrote into Elasticsearch.
   */
  publicBaseUrl?: string;
}): DirectoryService {
  const now = deps.now ?? (() => new Date());
  const base = deps.publicBaseUrl;
  const linked = (designer: Designer): Designer =>
    base === undefined ? designer : { ...designer, profile_url: profileUrl(base, designer.slug) };

  function pageOf(input: { limit?: number; offset?: number; cursor?: string }, rules: PageRules, reader: string | undefined, signal?: AbortSignal) {
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
    if (reader !== undefined) page.reader = reader;
    if (signal !== undefined) page.signal = signal;
    return page;
  }

  return {
    async searchDesigners(search, rules, reader, signal) {
      const { limit, offset, cursor, ...filters } = search;
      const page = await deps.search.searchDesigners(filters, pageOf({ limit, offset, cursor }, rules, reader, signal));
      return { ...page, items: page.items.map(linked) };
    },

    async getDesigner(key) {
      const designer = await deps.search.findDesigner(key);
      if (!designer) {
        const what = 'slug' in key ? `slug "${key.slug}"` : `id "${key.id}"`;
        throw new NotFoundError(`No designer with ${what}.`);
      }
      return linked(designer);
    },

    async searchOpenRoles(search, rules, reader, signal) {
      const { limit, offset, cursor, ...filters } = search;
      return deps.search.searchOpenRoles(filters, pageOf({ limit, offset, cursor }, rules, reader, signal), now());
    },
  };
}
