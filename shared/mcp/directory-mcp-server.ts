import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import pLimit from 'p-limit';
import pkg from '../../package.json' with { type: 'json' };
import type { DirectoryService } from '../directory/directory-service.ts';
import type { DesignerFilters } from '../domain/designer-search.schema.ts';
import { renderFacets } from './facet-text.renderer.ts';
import type { OpenRoleFilters } from '../domain/open-role-search.schema.ts';
import { parseOrThrow } from '../domain/errors.ts';
import { TOOL_PAGE_RULES } from '../domain/pagination.ts';
import type { Logger } from '../logging/logger.ts';
import { advertisedInput } from './advertised-input.schema.ts';
import { nextPageArguments } from './next-page-arguments.ts';
import { openRoleHints } from './open-role-hints.ts';
import { searchHints } from './search-hints.ts';
import { namedIn, slugIn } from './slug-guess.ts';
import { GET_DESIGNER, LIST_OPEN_ROLES, SEARCH_DESIGNERS, SERVER_INSTRUCTIONS } from './tool-descriptions.ts';
import { type ToolErrorHints, toolErrorResult } from './tool-error.renderer.ts';
import { GetDesignerInputSchema, ListOpenRolesInputSchema, SearchDesignersInputSchema } from './tool-input.schema.ts';
import {
  DesignerOutputSchema,
  type DesignerOutput,
  DesignerPageOutputSchema,
  type DesignerPageOutput,
  OpenRolePageOutputSchema,
  type OpenRolePageOutput,
} from './tool-output.schema.ts';
import { renderDesigner, renderDesignerPage, renderOpenRolePage } from './tool-text.renderer.ts';
import { FIND_SIMILAR_DESIGNERS, findSimilarDesigners, SimilarDesignersOutputSchema } from './similar-designers-tool.ts';
import { SimilarDesignersSchema } from '../domain/similar-designers.schema.ts';

export const TOOL_NAMES = ['search_designers', 'get_designer', 'list_open_roles', 'find_similar_designers'] as const;

export interface DirectoryMcpServerDeps {
  /** In-process for the hosted server, over the public REST API for the local one. */
  directory: DirectoryService;
  logger: Logger;
  /** The client's address, for the hosted server (see SearchCaller). */
  client?: string | undefined;
  /** Tool calls this server runs at once (default MAX_CONCURRENT_TOOL_CALLS). */
  maxConcurrentCalls?: number;
  /**
   * Aborted when the caller is gone (the hosted server's client hung up): the calls still waiting their
   * turn are not run, since their answers have nowhere to go and their searches would go on uncounted.
   */
  signal?: AbortSignal;
}

/**
 * Tool calls one server runs at once. The hosted server is made for each HTTP request, so this bounds what
 * one request asks of the search engine: a JSON-RPC batch of a hundred heavy searches runs four at a time
 * instead of all at once, and other clients' searches are not queued behind all of it.
 */
export const MAX_CONCURRENT_TOOL_CALLS = 4;

function annotations(title: string): ToolAnnotations {
  return { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
}

function pageMeta(page: { total: number; limit: number; offset: number; hasMore: boolean; nextCursor: string | null }) {
  return { total: page.total, limit: page.limit, offset: page.offset, has_more: page.hasMore, next_cursor: page.nextCursor };
}

/** One MCP server with the directory's three tools; both the hosted and the stdio server are built here. */
export function createDirectoryMcpServer({ directory, logger, client, maxConcurrentCalls = MAX_CONCURRENT_TOOL_CALLS, signal }: DirectoryMcpServerDeps): McpServer {
  const server = new McpServer(
    { name: 'designer-directory', title: 'Designer Directory', version: pkg.version },
    { instructions: SERVER_INSTRUCTIONS },
  );

  const countDesigners = async (filters: DesignerFilters) => (await directory.searchDesigners({ ...filters, limit: 0 }, TOOL_PAGE_RULES)).total;
  const countOpenRoles = async (filters: OpenRoleFilters) => (await directory.searchOpenRoles({ ...filters, limit: 0 }, TOOL_PAGE_RULES)).total;

  const turn = pLimit(maxConcurrentCalls);
  function run(tool: string, hints: ToolErrorHints, body: () => Promise<CallToolResult>): Promise<CallToolResult> {
    return turn(async () => {
      if (signal?.aborted) return { isError: true, content: [{ type: 'text', text: 'Not run: the client hung up.' }] };
      try {
        return await body();
      } catch (error) {
        return toolErrorResult(tool, error, logger, hints);
      }
    });
  }

  server.registerTool(
    'search_designers',
    {
      ...SEARCH_DESIGNERS,
      inputSchema: advertisedInput(SearchDesignersInputSchema),
      outputSchema: DesignerPageOutputSchema,
      annotations: annotations(SEARCH_DESIGNERS.title),
    },
    (args, { signal }) =>
      run(
        'search_designers',
        { parameters: { slug: 'for one known designer call get_designer with slug' } },
        async () => {
          const input = parseOrThrow(SearchDesignersInputSchema, args);
          const page = await directory.searchDesigners(input, TOOL_PAGE_RULES, client, signal);
          const next = nextPageArguments(input, page, TOOL_PAGE_RULES);
          const structured: DesignerPageOutput = { ...pageMeta(page), next_arguments: next, results: page.items, ...(page.facets ? { facets: page.facets } : {}) };
          const { limit: _l, offset: _o, cursor, facets: _f, highlight: _h, ...filters } = input;
          // Advice belongs to the first page of a search; a failed count must not fail the search itself.
          const hints = cursor || page.offset > 0 ? [] : await searchHints(filters, page.total, countDesigners).catch((error: unknown) => {
            logger.warn({ err: error }, 'search_designers hints failed');
            return [];
          });
          return {
            structuredContent: structured,
            content: [{ type: 'text', text: [renderDesignerPage({ ...filters, limit: input.limit, offset: input.offset, cursor }, page, next), renderFacets(page.facets), ...hints].filter(Boolean).join('\n') }],
          };
        },
      ),
  );

  server.registerTool(
    'get_designer',
    {
      ...GET_DESIGNER,
      inputSchema: advertisedInput(GetDesignerInputSchema),
      outputSchema: DesignerOutputSchema,
      annotations: annotations(GET_DESIGNER.title),
    },
    (args) => {
      const raw = typeof args.slug === 'string' ? args.slug : '';
      const slug = slugIn(raw);
      const guess = slug ? slug.replace(/-+/g, ' ') : (namedIn(raw) ?? '');
      // A model often passes the profile's address or a capitalised slug: the slug in it, if it holds one;
      // else the person's name ("Geraldine Boyer"): the search.
      const byName: Record<string, string> =
        slug && slug !== raw
          ? { slug: `slugs are lower case, without the address around them: call get_designer with slug=${JSON.stringify(slug)}` }
          : guess && guess.length <= 200
            ? { slug: `to find a designer by name, call search_designers with q=${JSON.stringify(guess)}` }
            : {};
      return run(
        'get_designer',
        {
          parameters: { ...byName, q: 'to search by name call search_designers with q', name: 'to search by name call search_designers with q' },
          notFound: guess
            ? `Slugs must match exactly: call search_designers with q="${guess}" to find the designer and the right slug.`
            : "Call search_designers (q with the person's name) to find the designer and the right slug or id.",
        },
        async () => {
          const input = parseOrThrow(GetDesignerInputSchema, args);
          const designer = await directory.getDesigner(input.slug !== undefined ? { slug: input.slug } : { id: input.id! });
          const structured: DesignerOutput = { designer };
          return { structuredContent: structured, content: [{ type: 'text', text: renderDesigner(designer) }] };
        },
      );
    },
  );

  server.registerTool(
    'list_open_roles',
    {
      ...LIST_OPEN_ROLES,
      inputSchema: advertisedInput(ListOpenRolesInputSchema),
      outputSchema: OpenRolePageOutputSchema,
      annotations: annotations(LIST_OPEN_ROLES.title),
    },
    (args, { signal }) =>
      run('list_open_roles', {}, async () => {
        const input = parseOrThrow(ListOpenRolesInputSchema, args);
        const page = await directory.searchOpenRoles(input, TOOL_PAGE_RULES, client, signal);
        const next = nextPageArguments(input, page, TOOL_PAGE_RULES);
        const structured: OpenRolePageOutput = { ...pageMeta(page), next_arguments: next, results: page.items };
        const { limit: _l, offset: _o, cursor, ...filters } = input;
        const hints = cursor || page.offset > 0 ? [] : await openRoleHints(filters, page.total, countOpenRoles).catch((error: unknown) => {
          logger.warn({ err: error }, 'list_open_roles hints failed');
          return [];
        });
        return {
          structuredContent: structured,
          content: [{ type: 'text', text: [renderOpenRolePage(input, page, next), ...hints].join('\n') }],
        };
      }),
  );

  server.registerTool(
    'find_similar_designers',
    {
      ...FIND_SIMILAR_DESIGNERS,
      inputSchema: advertisedInput(SimilarDesignersSchema),
      outputSchema: SimilarDesignersOutputSchema,
      annotations: annotations(FIND_SIMILAR_DESIGNERS.title),
    },
    (args) =>
      run(
        'find_similar_designers',
        { notFound: 'Slugs must match exactly: call search_designers (q with the person\'s name) to find the right slug.' },
        () => findSimilarDesigners(directory, args),
      ),
  );

  return server;
}

