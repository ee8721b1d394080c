import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../services/api/app.ts';
import { mcpMounts } from '../../services/api/mcp/mcp.mount.ts';
import { createRuntime, type Runtime } from '../../shared/composition/runtime.factory.ts';
import { loadConfig } from '../../shared/config/config.schema.ts';
import { createLogger } from '../../shared/logging/logger.ts';

interface ErrorBody {
  success: false;
  details: { parameter: string; message: string }[];
}

/**
 * The did-you-mean answers, the capitalised-slug redirect and has_more on a count, through REST and the
 * hosted MCP tools of the embedded default (PGlite, sample directory): the same schemas answer both.
 */
describe('helpful errors on REST and MCP (embedded default)', () => {
  let dir: string;
  let runtime: Runtime;
  let server: Server;
  let base: string;
  let mcp: Client;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-errors-'));
    const config = loadConfig({ DATA_DIR: join(dir, 'data') });
    const logger = createLogger('silent', 'test');
    runtime = await createRuntime(config, logger);
    const app = createApp({ search: runtime.search, config, logger, mounts: (directory) => mcpMounts({ runtime, config, logger, directory }) }).app;
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    mcp = new Client({ name: 'helpful-errors-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`)));
  });

  afterAll(async () => {
    await mcp?.close();
    await new Promise((resolve) => server?.close(resolve));
    await runtime?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function problem(path: string, parameter: string): Promise<string> {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    const found = body.details.find((d) => d.parameter === parameter);
    expect(found, `a problem naming ${parameter}`).toBeDefined();
    return found!.message;
  }

  async function toolError(name: string, args: Record<string, unknown>): Promise<string> {
    const result = (await mcp.callTool({ name, arguments: args })) as { isError?: boolean; content: { type: string; text: string }[] };
    expect(result.isError).toBe(true);
    return result.content.map((c) => c.text).join('\n');
  }

  it.each([
    ['/api/v1/designers?categroy=brand', 'categroy', '"category"'],
    ['/api/v1/designers?category=ux', 'category', '"product"'],
    ['/api/v1/designers?category=Brand', 'category', '"brand"'],
    ['/api/v1/open-roles?employment_type=full-time', 'employment_type', '"full_time"'],
    ['/api/v1/open-roles?employement_type=contract', 'employement_type', '"employment_type"'],
  ])('REST %s: a 400 naming %s that says %s was meant', async (path, parameter, meant) => {
    expect(await problem(path, parameter)).toContain(`did you mean ${meant}?`);
  });

  it.each([
    ['search_designers', { categroy: 'brand' }, '"category"'],
    ['search_designers', { category: 'ux' }, '"product"'],
    ['list_open_roles', { employment_type: 'full-time' }, '"full_time"'],
  ])('MCP %s %j: a tool error that says %s was meant', async (tool, args, meant) => {
    expect(await toolError(tool, args)).toContain(`did you mean ${meant}?`);
  });

  it('a capitalised slug on the API is a permanent redirect to the lowercase one, which answers', async () => {
    const response = await fetch(`${base}/api/v1/designers/Geraldine-Boyer`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/api/v1/designers/geraldine-boyer');
    const followed = await fetch(`${base}/api/v1/designers/Geraldine-Boyer`);
    expect(followed.status).toBe(200);
    expect(((await followed.json()) as { data: { slug: string } }).data.slug).toBe('geraldine-boyer');
    // The query string goes along, to be judged at the lowercase address.
    const withQuery = await fetch(`${base}/api/v1/designers/Geraldine-Boyer?fields=name`, { redirect: 'manual' });
    expect(withQuery.headers.get('location')).toBe('/api/v1/designers/geraldine-boyer?fields=name');
    // No slug even in lowercase: still the 400 naming it.
    expect((await fetch(`${base}/api/v1/designers/Ana_Lopez`)).status).toBe(400);
  });

  it('limit=0 is a count: has_more false and no cursor, on both lists', async () => {
    for (const path of ['/api/v1/designers?limit=0', '/api/v1/open-roles?limit=0']) {
      const body = (await (await fetch(`${base}${path}`)).json()) as { data: unknown[]; meta: { total: number; has_more: boolean; next_cursor: string | null } };
      expect(body.data).toEqual([]);
      expect(body.meta.total).toBeGreaterThan(0);
      expect(body.meta).toMatchObject({ has_more: false, next_cursor: null });
    }
  });
});
