import { readFileSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../services/api/app.ts';
import { mcpMounts } from '../services/api/mcp/mcp.mount.ts';
import { createRuntime, type Runtime } from '../shared/composition/runtime.factory.ts';
import { loadConfig } from '../shared/config/config.schema.ts';
import { createLogger } from '../shared/logging/logger.ts';

/**
 * The curl examples of the README and of the API reference, each followed by a line `# → STATUS[, total N]
 * [, first "NAME"][, name "NAME"][, parameter "P"]`, run against the embedded default (PGlite, sample directory).
 */
const DOCUMENTS = ['README.md', 'docs/api.md'] as const;
interface Example {
  document: string;
  path: string;
  status: number;
  total?: number;
  first?: string;
  name?: string;
  parameter?: string;
}

function documentedExamples(document: string): Example[] {
  const lines = readFileSync(document, 'utf8').split('\n');
  const examples: Example[] = [];
  lines.forEach((line, i) => {
    const url = /^curl '(http:\/\/localhost:3000(\/api\/v1\/[^']+))'$/.exec(line.trim());
    const claim = /^# → (\d{3})(.*)$/.exec(lines[i + 1]?.trim() ?? '');
    if (!url || !claim) return;
    const rest = claim[2]!;
    const example: Example = { document, path: url[2]!, status: Number(claim[1]) };
    const total = /total (\d+)/.exec(rest);
    if (total) example.total = Number(total[1]);
    const first = /first "([^"]+)"/.exec(rest);
    if (first) example.first = first[1]!;
    const name = /name "([^"]+)"/.exec(rest);
    if (name) example.name = name[1]!;
    const parameter = /parameter "([^"]+)"/.exec(rest);
    if (parameter) example.parameter = parameter[1]!;
    examples.push(example);
  });
  return examples;
}

const examples = DOCUMENTS.flatMap(documentedExamples);

/** The desktop client configuration of docs/mcp.md: the JSON block with `mcpServers`, as a reader copies it. */
function desktopConfig(): { command: string; args: string[]; env: Record<string, string> } {
  const blocks = [...readFileSync('docs/mcp.md', 'utf8').matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const block = blocks.find((b) => b.includes('"mcpServers"'));
  if (!block) throw new Error('docs/mcp.md has no mcpServers configuration');
  const servers = (JSON.parse(block) as { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> }).mcpServers;
  return Object.values(servers)[0]!;
}

/** The tool's suggestion that docs/mcp.md shows for a sentence in q: `("SENTENCE") … e.g. `{CALL} (N designer[s])``. */
function documentedSuggestion(): { q: string; call: string; count: string } {
  const text = readFileSync('docs/mcp.md', 'utf8').replace(/\s*\n\s*/g, ' ');
  const m = /\("([^"]+)"\),? it suggests the structured call, e\.g\. `(\{[^`]+\}) \((\d+ designers?)\)`/.exec(text);
  if (!m) throw new Error('docs/mcp.md no longer shows a suggested call in the form this test reads');
  return { q: m[1]!, call: m[2]!, count: m[3]! };
}

/** docs/pages.md's 404 example: `/designer/SLUG` links to `/?q=WORDS`, which finds NAME. */
function documentedProfileSearch(): { path: string; search: string; name: string } {
  const text = readFileSync('docs/pages.md', 'utf8').replace(/\s*\n\s*/g, ' ');
  const m = /`(\/designer\/[^`]+)` links to `(\/\?q=[^`]+)`, which finds ([^).]+)\)/.exec(text);
  if (!m) throw new Error('docs/pages.md no longer shows the 404 search example in the form this test reads');
  return { path: m[1]!, search: m[2]!, name: m[3]! };
}

/**
 * The environment a desktop client starts a server in: the machine's PATH without any checkout's
 * node_modules/.bin (which `npm test` puts first), so `node` and `npm` are the system's own.
 */
function desktopEnvironment(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('npm_')) env[key] = value;
  env.PATH = (process.env.PATH ?? '').split(delimiter).filter((dir) => !dir.includes('node_modules')).join(delimiter);
  return { ...env, ...extra };
}

describe('README and API reference examples on the embedded default', () => {
  let dir: string;
  let runtime: Runtime;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dd-readme-'));
    const config = loadConfig({ DATA_DIR: join(dir, 'data') });
    const logger = createLogger('silent', 'test');
    runtime = await createRuntime(config, logger);
    const { app } = createApp({ search: runtime.search, config, logger, mounts: (directory) => mcpMounts({ runtime, config, logger, directory }) });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await runtime?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the documents have examples for every status they document', () => {
    expect(examples.filter((e) => e.document === 'README.md').length).toBeGreaterThanOrEqual(1);
    expect(examples.length).toBeGreaterThanOrEqual(8);
    expect(new Set(examples.map((e) => e.status))).toEqual(new Set([200, 400, 404]));
  });

  it.each(examples.map((e) => [e.document, e.path, e] as const))('%s: %s answers what it says', async (_document, _path, example) => {
    const response = await fetch(`${base}${example.path}`);
    expect(response.status).toBe(example.status);
    const body = (await response.json()) as {
      success: boolean;
      meta: { total: number };
      data: { name?: string; title?: string }[] & { name?: string };
      details: { parameter: string }[];
    };
    expect(body.success).toBe(example.status === 200);
    if (example.total !== undefined) expect(body.meta.total).toBe(example.total);
    if (example.first !== undefined) expect(body.data[0]?.name ?? body.data[0]?.title).toBe(example.first);
    if (example.name !== undefined) expect(body.data.name).toBe(example.name);
    if (example.parameter !== undefined) {
      expect(body.details.map((d) => d.parameter)).toContain(example.parameter);
    }
  });

  it('docs/mcp.md: the desktop client configuration, run as written with the system PATH, initializes and lists the tools', async () => {
    const config = desktopConfig();
    const client = new Client({ name: 'readme-desktop-config', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: config.command,
      args: config.args.map((a) => a.replace('/path/to/designer-directory', resolve('.'))),
      env: desktopEnvironment({ ...config.env, DIRECTORY_API_URL: base }),
      cwd: tmpdir(),
      stderr: 'pipe',
    });
    try {
      await client.connect(transport);
      const tools = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(tools).toEqual(['find_similar_designers', 'get_designer', 'list_open_roles', 'search_designers']);
      const found = (await client.callTool({ name: 'get_designer', arguments: { slug: 'geraldine-boyer' } })) as { isError?: boolean };
      expect(found.isError ?? false).toBe(false);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('the stdio server started by the system `node` directly (older than the engines field) runs under the checkout\'s own Node', async () => {
    const client = new Client({ name: 'readme-system-node', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: 'node',
      args: [resolve('bin/designer-directory-mcp.mjs')],
      env: desktopEnvironment({ DIRECTORY_API_URL: base }),
      cwd: tmpdir(),
      stderr: 'pipe',
    });
    try {
      await client.connect(transport);
      expect((await client.listTools()).tools).toHaveLength(4);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('docs/mcp.md: the suggested call shown for a sentence is the one search_designers gives, with its count', async () => {
    const { q, call, count } = documentedSuggestion();
    const client = new Client({ name: 'readme-suggestion', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`)));
    try {
      const result = (await client.callTool({ name: 'search_designers', arguments: { q } })) as { content: { text: string }[] };
      const text = result.content.map((c) => c.text).join('\n');
      expect(text).toContain(`${call} (${count}`);
    } finally {
      await client.close();
    }
  });

  it('docs/pages.md: the unknown profile address links to the search it documents, which finds the name it says', async () => {
    const { path, search, name } = documentedProfileSearch();
    const missing = await fetch(`${base}${path}`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(`href="${search.replace(/&/g, '&amp;')}"`);
    const q = new URL(search, base).searchParams.get('q')!;
    const found = (await (await fetch(`${base}/api/v1/designers?q=${encodeURIComponent(q)}&limit=1`)).json()) as { data: { name: string }[] };
    expect(found.data[0]?.name).toBe(name);
  });
});
