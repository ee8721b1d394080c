import { execFile } from 'node:child_process';
import { delimiter, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designer } from '../../shared/domain/designer.schema.ts';
import { requireServices } from '../support/services.ts';
import { type McpFixture, startMcpFixture } from './mcp-fixture.ts';

/**
 * A second, independent client: the MCP Inspector CLI (`mcp-inspector --cli <target> --method ...`), run
 * with the project's Node 24 first on PATH, since the inspector starts its CLI with a bare `node`.
 */

const services = requireServices('elasticsearch');
const run = promisify(execFile);
const BIN_DIR = resolve('node_modules/.bin');
const NODE = resolve(BIN_DIR, 'node');
const INSPECTOR = resolve('node_modules/@modelcontextprotocol/inspector/cli/build/cli.js');

async function inspector(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(NODE, [INSPECTOR, '--cli', ...args], {
    env: { ...process.env, PATH: `${BIN_DIR}${delimiter}${process.env.PATH ?? ''}` },
    timeout: 60_000,
    maxBuffer: 10 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe.skipIf(!services)('MCP Inspector CLI as an independent client', () => {
  let fixture: McpFixture;

  beforeAll(async () => {
    fixture = await startMcpFixture(services!.elasticsearch);
  });

  afterAll(async () => {
    await fixture?.close();
  });

  it('lists the tools of the hosted server over Streamable HTTP', async () => {
    const result = await inspector(fixture.mcpUrl.href, '--transport', 'http', '--method', 'tools/list');
    const tools = result.tools as { name: string; annotations: Record<string, unknown> }[];
    expect(tools.map((t) => t.name).sort()).toEqual(['find_similar_designers', 'get_designer', 'list_open_roles', 'search_designers']);
    for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  });

  it('calls search_designers, get_designer and list_open_roles on the hosted server', async () => {
    const search = await inspector(
      fixture.mcpUrl.href, '--transport', 'http', '--method', 'tools/call',
      '--tool-name', 'search_designers', '--tool-arg', 'category=brand', '--tool-arg', 'limit=3',
    );
    expect(search.isError).not.toBe(true);
    const page = search.structuredContent as { total: number; limit: number; results: Designer[] };
    expect(page.limit).toBe(3);
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((d) => d.category === 'brand')).toBe(true);

    const slug = page.results[0]!.slug;
    const get = await inspector(
      fixture.mcpUrl.href, '--transport', 'http', '--method', 'tools/call',
      '--tool-name', 'get_designer', '--tool-arg', `slug=${slug}`,
    );
    expect((get.structuredContent as { designer: Designer }).designer.slug).toBe(slug);

    const roles = await inspector(
      fixture.mcpUrl.href, '--transport', 'http', '--method', 'tools/call',
      '--tool-name', 'list_open_roles', '--tool-arg', 'remote=true', '--tool-arg', 'limit=2',
    );
    const rolePage = roles.structuredContent as { limit: number; results: { remote: boolean }[] };
    expect(rolePage.limit).toBe(2);
    expect(rolePage.results.every((r) => r.remote)).toBe(true);
  });

  it('gets an isError result, not a protocol error, for an invalid argument', async () => {
    const result = await inspector(
      fixture.mcpUrl.href, '--transport', 'http', '--method', 'tools/call',
      '--tool-name', 'search_designers', '--tool-arg', 'category=painter',
    );
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('category: must be one of product, brand');
  });

  it('lists and calls the tools of the local stdio server', async () => {
    const target = [NODE, resolve('bin/designer-directory-mcp.mjs'), '--base-url', fixture.baseUrl];
    const list = await inspector(...target, '--method', 'tools/list');
    expect((list.tools as { name: string }[]).map((t) => t.name).sort()).toEqual([
      'find_similar_designers',
      'get_designer',
      'list_open_roles',
      'search_designers',
    ]);
    const call = await inspector(...target, '--method', 'tools/call', '--tool-name', 'search_designers', '--tool-arg', 'category=brand');
    const page = call.structuredContent as { limit: number; results: Designer[] };
    expect(page.limit).toBe(10);
    expect(page.results.every((d) => d.category === 'brand')).toBe(true);
  });
});
