import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { SimilarDesignersSchema } from '../../shared/domain/similar-designers.schema.ts';
import { CATEGORIES } from '../../shared/domain/category.schema.ts';
import type { Designer } from '../../shared/domain/designer.schema.ts';
import { EMPLOYMENT_TYPES, type OpenRole } from '../../shared/domain/open-role.schema.ts';
import { GetDesignerInputSchema, ListOpenRolesInputSchema, SearchDesignersInputSchema } from '../../shared/mcp/tool-input.schema.ts';
import { DESIGNER_COUNT, type McpFixture } from './mcp-fixture.ts';

/**
 * What both tool servers must do, run once against the hosted server (Streamable HTTP) and once against
 * the local one (stdio): the same tools, the same results as REST, the same self-correcting errors.
 */

export interface ToolCall {
  isError: boolean;
  structured: Record<string, unknown> | undefined;
  text: string;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolCall> {
  // Any JSON-RPC error rejects here and fails the test: every outcome must be a tool result.
  const result = await client.callTool({ name, arguments: args });
  const content = (result.content ?? []) as { type: string; text?: string }[];
  return {
    isError: result.isError === true,
    structured: result.structuredContent as Record<string, unknown> | undefined,
    text: content
      .filter((c) => c.type === 'text')
      .map((c) => c.text)
      .join('\n'),
  };
}

interface RestList<T> {
  success: true;
  data: T[];
  meta: { total: number; limit: number; offset: number; has_more: boolean; next_cursor: string | null };
}

export interface ContractContext {
  client: () => Client;
  fixture: () => McpFixture;
}

function compileOutputSchemas(tools: Tool[]): Map<string, ValidateFunction> {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return new Map(tools.map((t) => [t.name, ajv.compile(t.outputSchema ?? {})]));
}

function expectValid(validate: ValidateFunction | undefined, value: unknown) {
  expect(validate).toBeDefined();
  const valid = validate!(value);
  expect(validate!.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
}

function sameMeta(structured: Record<string, unknown> | undefined, meta: RestList<unknown>['meta']) {
  expect(structured).toMatchObject({ total: meta.total, limit: meta.limit, offset: meta.offset, has_more: meta.has_more });
}

export function defineToolContract(ctx: ContractContext): void {
  let validators: Map<string, ValidateFunction>;
  const client = () => ctx.client();
  const fixture = () => ctx.fixture();

  beforeAll(async () => {
    validators = compileOutputSchemas((await client().listTools()).tools);
  });

  it('lists the four tools with titles, read-only annotations and input and output schemas', async () => {
    const { tools } = await client().listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['find_similar_designers', 'get_designer', 'list_open_roles', 'search_designers']);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.annotations).toMatchObject({
        title: tool.title,
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description).toBeTruthy();
    }
    const search = tools.find((t) => t.name === 'search_designers')!;
    expect(Object.keys(search.inputSchema.properties ?? {}).sort()).toEqual(
      ['category', 'company', 'cursor', 'facets', 'highlight', 'limit', 'location', 'offset', 'q'].sort(),
    );
    expect((search.inputSchema.properties!.category as { enum: string[] }).enum).toEqual(
      expect.arrayContaining([...CATEGORIES]),
    );
    expect(search.inputSchema.additionalProperties).toBe(false);
    // The spec's intent mapping and the category glosses, in the words a model reads.
    for (const phrase of ['company', 'category="director"', 'location', 'q', 'get_designer', 'UI/UX and digital products', 'identity and visual systems', 'print, typography and illustration', 'animation and video', 'spatial, CGI and modeling', 'design leadership', 'design-focused engineers']) {
      expect(search.description).toContain(phrase);
    }
    const roles = tools.find((t) => t.name === 'list_open_roles')!;
    expect(Object.keys(roles.inputSchema.properties ?? {}).sort()).toEqual(
      ['category', 'company', 'cursor', 'employment_type', 'limit', 'location', 'offset', 'q', 'remote'].sort(),
    );
    expect((roles.inputSchema.properties!.employment_type as { enum: string[] }).enum).toEqual([...EMPLOYMENT_TYPES]);
    const get = tools.find((t) => t.name === 'get_designer')!;
    expect(Object.keys(get.inputSchema.properties ?? {}).sort()).toEqual(['id', 'slug']);
  });

  it('advertises exactly the JSON Schema of the REST-derived input schemas', async () => {
    const { tools } = await client().listTools();
    const expected = {
      search_designers: SearchDesignersInputSchema,
      get_designer: GetDesignerInputSchema,
      list_open_roles: ListOpenRolesInputSchema,
      find_similar_designers: SimilarDesignersSchema,
    };
    for (const [name, schema] of Object.entries(expected)) {
      const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' });
      const { $schema: _listed, ...listed } = tools.find((t) => t.name === name)!.inputSchema as Record<string, unknown>;
      expect(listed).toEqual(json);
    }
  });

  it('find_similar_designers returns what REST returns, valid against its outputSchema; a bad slug or limit is a tool error', async () => {
    const slug = (await fixture().rest<RestList<Designer>>('/designers?limit=1')).data[0]!.slug;
    const result = await callTool(client(), 'find_similar_designers', { slug, limit: 3 });
    expect(result.isError).toBe(false);
    expectValid(validators.get('find_similar_designers'), result.structured);
    const rest = await fixture().rest<{ data: Designer[] }>(`/designers/${slug}/similar?limit=3`);
    expect(result.structured!.results).toEqual(rest.data);
    expect(rest.data.map((d) => d.slug)).not.toContain(slug);
    const missing = await callTool(client(), 'find_similar_designers', { slug: 'no-such-designer-here' });
    expect(missing.isError).toBe(true);
    const bad = await callTool(client(), 'find_similar_designers', { slug, limit: 21 });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/limit/);
  });

  it('search_designers returns what REST returns for the same query, valid against its outputSchema', async () => {
    const result = await callTool(client(), 'search_designers', { category: 'brand', limit: 5 });
    expect(result.isError).toBe(false);
    expectValid(validators.get('search_designers'), result.structured);
    const rest = await fixture().rest<RestList<Designer>>('/designers?category=brand&limit=5');
    expect(result.structured!.results).toEqual(rest.data);
    sameMeta(result.structured, rest.meta);
    expect(result.structured!.next_cursor).toBe(rest.meta.next_cursor);
    const results = result.structured!.results as Designer[];
    expect(results.length).toBeGreaterThan(0);
    for (const d of results) {
      expect(d.category).toBe('brand');
      expect(d.id).toBeTruthy();
      expect(d.profile_url).toBe(`http://directory.test/designer/${d.slug}`);
    }
    // Compact text: a header with the total, one line per result, the exact next call.
    const lines = result.text.split('\n');
    expect(lines[0]).toContain(`${rest.meta.total} designers match for category="brand"`);
    for (const d of results) {
      const line = lines.find((l) => l.includes(`slug: ${d.slug}`));
      expect(line).toBeDefined();
      expect(line).toContain(d.name);
      expect(line).toContain(d.profile_url);
      if (d.current_role) expect(line).toContain(`${d.current_role.title} @ ${d.current_role.company}`);
    }
    expect(rest.meta.has_more).toBe(true);
    expect(result.structured!.next_arguments).toEqual({ category: 'brand', limit: 5, offset: 5 });
    expect(result.text).toContain('More results: call search_designers with {"category":"brand","limit":5,"offset":5}');
  });

  it('search_designers matches REST for text, company and location queries, with tool page sizes', async () => {
    const someone = fixture().sample.designers.find((d) => d.designer.current_role)!.designer;
    const lastName = someone.name.split(' ').at(-1)!;
    const company = someone.current_role!.company;
    const cases: [Record<string, unknown>, string][] = [
      [{ q: lastName }, `/designers?q=${encodeURIComponent(lastName)}&limit=10`],
      [{ company }, `/designers?company=${encodeURIComponent(company)}&limit=10`],
      [{ location: 'US', category: 'directors', limit: 3 }, '/designers?location=US&category=director&limit=3'],
      [{ limit: 80 }, '/designers?limit=50'],
    ];
    for (const [args, path] of cases) {
      const result = await callTool(client(), 'search_designers', args);
      expect(result.isError).toBe(false);
      expectValid(validators.get('search_designers'), result.structured);
      const rest = await fixture().rest<RestList<Designer>>(path);
      expect(result.structured!.results).toEqual(rest.data);
      sameMeta(result.structured, rest.meta);
    }
    const byName = await callTool(client(), 'search_designers', { q: someone.name });
    expect((byName.structured!.results as Designer[]).map((d) => d.slug)).toContain(someone.slug);
    const defaults = await callTool(client(), 'search_designers', {});
    expect(defaults.structured).toMatchObject({ total: DESIGNER_COUNT, limit: 10, offset: 0, has_more: true });
    expect(defaults.structured!.results).toHaveLength(10);
  });

  it('get_designer returns the same profile as REST, by slug', async () => {
    const { designer } = fixture().sample.designers[7]!;
    const result = await callTool(client(), 'get_designer', { slug: designer.slug });
    expect(result.isError).toBe(false);
    expectValid(validators.get('get_designer'), result.structured);
    const rest = await fixture().rest<{ data: Designer }>(`/designers/${designer.slug}`);
    expect(result.structured).toEqual({ designer: rest.data });
    expect(rest.data).toEqual(designer);
    expect(result.text).toContain(designer.name);
    expect(result.text).toContain(`Profile: ${designer.profile_url}`);
    expect(result.text).toContain(`id: ${designer.id}`);
  });

  it('get_designer returns the profile by id', async () => {
    const { designer } = fixture().sample.designers[11]!;
    const result = await callTool(client(), 'get_designer', { id: designer.id });
    expect(result.isError).toBe(false);
    expectValid(validators.get('get_designer'), result.structured);
    expect(result.structured).toEqual({ designer });
  });

  it('get_designer with an unknown id is an error result that suggests search_designers', async () => {
    const result = await callTool(client(), 'get_designer', { id: 'no-such-designer-id' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('search_designers');
  });

  it('list_open_roles returns what REST returns for the same query, valid against its outputSchema', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, '/open-roles?limit=10'],
      [{ remote: true, limit: 5 }, '/open-roles?remote=true&limit=5'],
      [{ employment_type: 'full_time', category: 'product' }, '/open-roles?employment_type=full_time&category=product&limit=10'],
    ];
    for (const [args, path] of cases) {
      const result = await callTool(client(), 'list_open_roles', args);
      expect(result.isError).toBe(false);
      expectValid(validators.get('list_open_roles'), result.structured);
      const rest = await fixture().rest<RestList<OpenRole>>(path);
      expect(result.structured!.results).toEqual(rest.data);
      sameMeta(result.structured, rest.meta);
      for (const role of rest.data) {
        const line = result.text.split('\n').find((l) => l.includes(`id: ${role.id}`));
        expect(line).toContain(`${role.title} @ ${role.company}`);
        expect(line).toContain(`apply: ${role.apply_url}`);
      }
    }
    const remote = await callTool(client(), 'list_open_roles', { remote: true, limit: 50 });
    expect((remote.structured!.results as OpenRole[]).every((r) => r.remote)).toBe(true);
  });

  it('an invalid argument comes back as isError naming the field and the allowed values', async () => {
    const category = await callTool(client(), 'search_designers', { category: 'painter' });
    expect(category.isError).toBe(true);
    expect(category.structured).toBeUndefined();
    expect(category.text).toContain('Invalid argument for search_designers');
    expect(category.text).toContain('- category: must be one of product, brand, graphic, motion, 3d, director, engineer');

    const limit = await callTool(client(), 'search_designers', { limit: 'ten' });
    expect(limit.isError).toBe(true);
    expect(limit.text).toContain('- limit: must be a non-negative integer');

    const slug = await callTool(client(), 'search_designers', { slug: 'ana-lopez' });
    expect(slug.isError).toBe(true);
    expect(slug.text).toContain('- slug: is not a known parameter; allowed: q, category, location, company, facets, highlight, limit, offset, cursor');
    expect(slug.text).toContain('call get_designer');

    const employment = await callTool(client(), 'list_open_roles', { employment_type: 'gig', remote: 'yes' });
    expect(employment.isError).toBe(true);
    expect(employment.text).toContain('Invalid arguments for list_open_roles');
    expect(employment.text).toContain('- employment_type: must be one of full_time, part_time, contract, freelance, internship');
    expect(employment.text).toContain('- remote: must be true or false');

    const neither = await callTool(client(), 'get_designer', {});
    expect(neither.isError).toBe(true);
    expect(neither.text).toContain('- slug: is required: give exactly one of slug or id');

    const badSlug = await callTool(client(), 'get_designer', { slug: 'Ana Lopez' });
    expect(badSlug.isError).toBe(true);
    expect(badSlug.text).toContain('- slug: must be lowercase letters, digits and single hyphens');
    // A name given as the slug points at the search by that name.
    expect(badSlug.text).toContain('(to find a designer by name, call search_designers with q="Ana Lopez")');

    const both = await callTool(client(), 'search_designers', { offset: 5, cursor: 'abc' });
    expect(both.isError).toBe(true);
    expect(both.text).toContain('- offset: cannot be combined with cursor');

    const cursor = await callTool(client(), 'list_open_roles', { cursor: 'not-a-cursor' });
    expect(cursor.isError).toBe(true);
    expect(cursor.text).toContain('- cursor: is not a valid cursor');

    const window = await callTool(client(), 'search_designers', { offset: 9995, limit: 10 });
    expect(window.isError).toBe(true);
    expect(window.text).toContain('- offset: offset+limit must be at most 10000');
  });

  it('an unknown slug comes back as isError suggesting search_designers', async () => {
    const result = await callTool(client(), 'get_designer', { slug: 'nobody-at-all' });
    expect(result.isError).toBe(true);
    expect(result.structured).toBeUndefined();
    expect(result.text).toContain('No designer with slug "nobody-at-all".');
    expect(result.text).toContain('call search_designers with q="nobody at all"');
  });

  it('pages through every designer once by following next_arguments (offset)', async () => {
    const seen: string[] = [];
    let args: Record<string, unknown> | null = { limit: 7 };
    let calls = 0;
    while (args) {
      const result = await callTool(client(), 'search_designers', args);
      expect(result.isError).toBe(false);
      expect(result.structured!.total).toBe(DESIGNER_COUNT);
      seen.push(...(result.structured!.results as Designer[]).map((d) => d.id));
      args = result.structured!.next_arguments as Record<string, unknown> | null;
      if (args) expect(result.text).toContain(`More results: call search_designers with ${JSON.stringify(args)}`);
      else expect(result.text).toContain('End of results.');
      calls += 1;
    }
    expect(calls).toBe(Math.ceil(DESIGNER_COUNT / 7));
    expect(seen).toHaveLength(DESIGNER_COUNT);
    expect(new Set(seen)).toEqual(new Set(fixture().sample.designers.map((d) => d.designer.id)));
  });

  it('pages through every designer once by cursor, with a text query snapshot', async () => {
    // Every sample designer's description names a title, so "designer" matches most of them.
    const first = await callTool(client(), 'search_designers', { q: 'designer', limit: 6 });
    const total = first.structured!.total as number;
    expect(total).toBeGreaterThan(12);
    const seen = (first.structured!.results as Designer[]).map((d) => d.id);
    let args: Record<string, unknown> | null = { q: 'designer', limit: 6, cursor: first.structured!.next_cursor };
    while (args) {
      const result = await callTool(client(), 'search_designers', args);
      expect(result.isError).toBe(false);
      seen.push(...(result.structured!.results as Designer[]).map((d) => d.id));
      args = result.structured!.next_arguments as Record<string, unknown> | null;
      if (args) expect(args).toEqual({ q: 'designer', limit: 6, cursor: result.structured!.next_cursor });
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('pages through every open role once', async () => {
    const rest = await fixture().rest<RestList<OpenRole>>('/open-roles?limit=100');
    const seen: string[] = [];
    let args: Record<string, unknown> | null = { limit: 4 };
    while (args) {
      const result = await callTool(client(), 'list_open_roles', args);
      expect(result.isError).toBe(false);
      seen.push(...(result.structured!.results as OpenRole[]).map((r) => r.id));
      args = result.structured!.next_arguments as Record<string, unknown> | null;
    }
    expect(seen).toEqual(rest.data.map((r) => r.id));
    expect(seen).toHaveLength(rest.meta.total);
  });
}
