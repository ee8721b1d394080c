import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DirectoryService } from '../directory/directory-service.ts';
import { buildDesigner } from '../domain/designer.builder.ts';
import { ServiceUnavailableError, NotFoundError } from '../domain/errors.ts';
import type { Page, PageRules } from '../domain/pagination.ts';
import { createLogger } from '../logging/logger.ts';
import { createDirectoryMcpServer, MAX_CONCURRENT_TOOL_CALLS } from './directory-mcp-server.ts';
import { SearchDesignersInputSchema } from './tool-input.schema.ts';

const ana = buildDesigner({
  id: 'd-1',
  slug: 'ana-lopez',
  name: 'Ana López',
  description: 'Brand designer.',
  website: 'https://ana.example',
  portfolio_preview: 'https://img.example/ana.jpg',
  category: 'brand',
  location: 'Madrid, ES',
  profile_url: 'https://directory.example/designer/ana-lopez',
});

function emptyPage<T>(rules: PageRules, limit?: number): Page<T> {
  return { items: [], total: 0, limit: limit ?? rules.defaultLimit, offset: 0, hasMore: false, nextCursor: null };
}

/** An in-memory DirectoryService whose calls are recorded; each test sets what it answers. */
function fakeDirectory(overrides: Partial<DirectoryService> = {}) {
  const calls: { method: string; args: unknown[] }[] = [];
  const directory: DirectoryService = {
    async searchDesigners(search, rules) {
      calls.push({ method: 'searchDesigners', args: [search, rules] });
      return overrides.searchDesigners ? overrides.searchDesigners(search, rules) : emptyPage(rules, search.limit);
    },
    async getDesigner(key) {
      calls.push({ method: 'getDesigner', args: [key] });
      return overrides.getDesigner ? overrides.getDesigner(key) : ana;
    },
    async searchOpenRoles(search, rules) {
      calls.push({ method: 'searchOpenRoles', args: [search, rules] });
      return overrides.searchOpenRoles ? overrides.searchOpenRoles(search, rules) : emptyPage(rules, search.limit);
    },
    async similarDesigners(request) {
      calls.push({ method: 'similarDesigners', args: [request] });
      return overrides.similarDesigners ? overrides.similarDesigners(request) : [ana];
    },
    async suggest(request) {
      calls.push({ method: 'suggest', args: [request] });
      return overrides.suggest ? overrides.suggest(request) : [];
    },
  };
  return { directory, calls };
}

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function connect(server: McpServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'unit', version: '1.0.0' });
  await client.connect(clientSide);
  clients.push(client);
  return client;
}

function text(result: Record<string, unknown>): string {
  return ((result.content ?? []) as { text?: string }[]).map((c) => c.text ?? '').join('\n');
}

const logger = createLogger('silent', 'test');

describe('SDK 1.32 input validation (why the tools validate in their handler)', () => {
  it('answers a schema violation with a generic isError text that lists no allowed parameters', async () => {
    const server = new McpServer({ name: 'probe', version: '1.0.0' });
    let handled = false;
    server.registerTool('probe', { inputSchema: SearchDesignersInputSchema }, async () => {
      handled = true;
      return { content: [{ type: 'text', text: 'ok' }] };
    });
    const client = await connect(server);
    const result = await client.callTool({ name: 'probe', arguments: { slug: 'ana-lopez' } });
    expect(handled).toBe(false);
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Input validation error');
    expect(text(result)).not.toContain('allowed: q, category');
  });
});

describe('directory MCP server', () => {
  it('validates in the handler with the REST schema: field, allowed values and allowed names', async () => {
    const { directory, calls } = fakeDirectory();
    const client = await connect(createDirectoryMcpServer({ directory, logger }));
    const result = await client.callTool({ name: 'search_designers', arguments: { category: 'painter', slug: 'x', limit: -1 } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      [
        'Invalid arguments for search_designers:',
        '- category: must be one of product, brand, graphic, motion, 3d, director, engineer, directors, engineers',
        '- limit: must be a non-negative integer',
        '- slug: is not a known parameter; allowed: q, category, location, company, facets, highlight, limit, offset, cursor (for one known designer call get_designer with slug)',
        'Correct the arguments above and call search_designers again.',
      ].join('\n'),
    );
    expect(calls).toEqual([]);
  });

  it('hands the directory typed, normalised input and the tool page rules', async () => {
    const { directory, calls } = fakeDirectory();
    const client = await connect(createDirectoryMcpServer({ directory, logger }));
    const result = await client.callTool({ name: 'search_designers', arguments: { category: 'directors', q: '  ana ' } });
    expect(result.isError).toBeFalsy();
    expect(calls[0]).toEqual({ method: 'searchDesigners', args: [{ category: 'director', q: 'ana' }, { defaultLimit: 10, maxLimit: 50 }] });
    expect(result.structuredContent).toEqual({
      total: 0,
      limit: 10,
      offset: 0,
      has_more: false,
      next_cursor: null,
      next_arguments: null,
      results: [],
    });
    expect(text(result).split('\n')[0]).toBe(
      'No designers match for q="ana", category="director". Try fewer filters or a shorter q.',
    );
  });

  it('an empty result names the words that match nothing and suggests structured retries, without rewriting the search', async () => {
    const { directory, calls } = fakeDirectory({
      // "blender" matches someone on its own; "zzgen" matches nobody; nothing matches all together.
      searchDesigners: async (search, rules) => ({ ...emptyPage(rules, search.limit), total: search.q === 'blender' && search.limit === 0 ? 3 : 0 }),
    });
    const client = await connect(createDirectoryMcpServer({ directory, logger }));
    const result = await client.callTool({ name: 'search_designers', arguments: { q: 'zzgen blender' } });
    expect(result.structuredContent).toMatchObject({ total: 0, results: [] });
    const lines = text(result).split('\n');
    expect(lines[1]).toBe('No designer matches the word "zzgen".');
    expect(lines[2]).toMatch(/company="…".*location="…".*category= one of product, brand/);
    // The search ran as asked; the other calls only count (limit 0).
    expect(calls[0]!.args[0]).toEqual({ q: 'zzgen blender' });
    expect(calls.slice(1).every((c) => (c.args[0] as { limit?: number }).limit === 0)).toBe(true);
  });

  it('suggests structured arguments when q names a known category and place', async () => {
    const { directory } = fakeDirectory({
      searchDesigners: async (search, rules) => {
        // Counts: 40 in Berlin; each word of q alone finds someone.
        if (search.limit === 0) return { ...emptyPage(rules, 0), total: search.location === 'berlin' || ['generalist', 'blender', '3d'].includes(search.q ?? '') ? 40 : 0 };
        return { ...emptyPage(rules, search.limit), items: [ana], total: 1 };
      },
    });
    const client = await connect(createDirectoryMcpServer({ directory, logger }));
    const result = await client.callTool({ name: 'search_designers', arguments: { q: 'find me a 3d generalist in berlin who knows blender' } });
    expect(text(result).split('\n').at(-1)).toBe(
      'q names a category, a place that structured arguments match exactly: consider calling search_designers with ' +
        '{"category":"3d","location":"berlin","q":"generalist blender"} (40 designers).',
    );
  });

  it(`runs at most ${MAX_CONCURRENT_TOOL_CALLS} tool calls at once, each answered as its own`, async () => {
    let running = 0;
    let peak = 0;
    const { directory } = fakeDirectory({
      getDesigner: async (key) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return { ...ana, slug: (key as { slug: string }).slug };
      },
    });
    const client = await connect(createDirectoryMcpServer({ directory, logger }));
    const slugs = Array.from({ length: 12 }, (_, i) => `designer-${i}`);
    const results = await Promise.all(slugs.map((slug) => client.callTool({ name: 'get_designer', arguments: { slug } })));
    expect(results.map((r) => (r.structuredContent as { designer: { slug: string } }).designer.slug)).toEqual(slugs);
    expect(peak).toBe(MAX_CONCURRENT_TOOL_CALLS);
  });

  it('turns an unknown designer into a hint to search, by slug and by id', async () => {
    const { directory } = fakeDirectory({
      getDesigner: async (key) => {
        throw new NotFoundError('slug' in key ? `No designer with slug "${key.slug}".` : `No designer with id "${key.id}".`);
      },
    });
    const client = await connect(createDirectoryMcpServer({ directory, logger }));
    const bySlug = await client.callTool({ name: 'get_designer', arguments: { slug: 'ana-lopes' } });
    expect(bySlug.isError).toBe(true);
    expect(text(bySlug)).toBe(
      'No designer with slug "ana-lopes". Slugs must match exactly: call search_designers with q="ana lopes" to find the designer and the right slug.',
    );
    const byId = await client.callTool({ name: 'get_designer', arguments: { id: 'nope' } });
    expect(text(byId)).toContain('No designer with id "nope". Call search_designers');
    const both = await client.callTool({ name: 'get_designer', arguments: { id: 'd-1', slug: 'ana-lopez' } });
    expect(text(both)).toContain('- id: cannot be combined with slug: give exactly one of slug or id');
  });

  it('reads the slug out of a profile address or a capitalised slug, and points at it', async () => {
    const client = await connect(createDirectoryMcpServer({ directory: fakeDirectory().directory, logger }));
    for (const slug of ['https://directory.example/designers/geraldine-boyer', '/designer/geraldine-boyer', 'Geraldine-Boyer']) {
      const result = await client.callTool({ name: 'get_designer', arguments: { slug } });
      expect(result.isError).toBe(true);
      expect(text(result)).toContain('call get_designer with slug="geraldine-boyer"');
    }
    // A name is no slug: the search, as before.
    const byName = await client.callTool({ name: 'get_designer', arguments: { slug: 'Geraldine Boyer' } });
    expect(text(byName)).toContain('call search_designers with q="Geraldine Boyer"');
    // An address whose last part is a name, or a search address: its words.
    const byAddress = await client.callTool({ name: 'get_designer', arguments: { slug: 'http://localhost:3000/designer/Geraldine%20Boyer' } });
    expect(text(byAddress)).toContain('call search_designers with q="geraldine boyer"');
  });

  it('turns an unavailable engine into a retry hint and an unexpected failure into an isError, never a JSON-RPC error', async () => {
    const { directory } = fakeDirectory({
      searchDesigners: async () => {
        throw new ServiceUnavailableError('The search backend is unavailable; try again shortly.', { retryAfterSeconds: 7 });
      },
      searchOpenRoles: async () => {
        throw new TypeError('boom');
      },
    });
    const client = await connect(createDirectoryMcpServer({ directory, logger }));
    const down = await client.callTool({ name: 'search_designers', arguments: {} });
    expect(down.isError).toBe(true);
    expect(text(down)).toBe(
      'The directory is temporarily unavailable: The search backend is unavailable; try again shortly. ' +
        'Retry the same search_designers call in about 7 seconds; the arguments were valid.',
    );
    const broken = await client.callTool({ name: 'list_open_roles', arguments: {} });
    expect(broken.isError).toBe(true);
    expect(text(broken)).toContain('list_open_roles failed because of an internal error in the directory');
    expect(text(broken)).not.toContain('boom');
  });

  it('advertises the JSON Schema of the real input schema while the SDK lets any object through', async () => {
    const { directory } = fakeDirectory();
    const client = await connect(createDirectoryMcpServer({ directory, logger }));
    const { tools } = await client.listTools();
    const listed = tools.find((t) => t.name === 'search_designers')!.inputSchema;
    const { $schema: _dialect, ...expected } = z.toJSONSchema(SearchDesignersInputSchema, { target: 'draft-7', io: 'input' });
    expect({ ...listed, $schema: undefined }).toEqual({ ...expected, $schema: undefined });
    expect(listed.additionalProperties).toBe(false);
  });
});
