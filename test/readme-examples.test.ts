import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../services/api/app.ts';
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
    server = createApp({ search: runtime.search, config, logger }).app.listen(0, '127.0.0.1');
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
});
