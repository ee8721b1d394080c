import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElasticsearchEngine } from '../../shared/composition/elasticsearch-engine.factory.ts';
import { createPostgresEngine } from '../../shared/composition/postgres-engine.factory.ts';
import type { SearchEngine } from '../../shared/composition/search-engine.ts';
import { buildDesignerRecord, buildIndexedDesigner } from '../../shared/domain/designer.builder.ts';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../../shared/search/elasticsearch/es-index-manager.ts';
import { indexNames } from '../../shared/search/elasticsearch/index-names.ts';
import { StoredSynonyms } from '../../shared/search/postgres/stored-synonyms.repository.ts';
import { createDirectoryService } from '../../shared/directory/directory-service.ts';
import { wordFormsFrom } from '../../shared/search/query-synonyms.ts';
import { createPgDb, type Db } from '../../shared/store/db.ts';
import { importDesignerRecords } from '../../shared/store/import/designer-import.ts';
import { runCli } from '../support/cli.ts';
import { requireServices, uniqueName } from '../support/services.ts';
import { createTempDatabase, type TempDatabase } from '../support/temp-database.ts';

const services = requireServices('postgres', 'elasticsearch');
/** Each test starts the CLI several times, a process of its own each (seconds apiece on a busy machine). */
const CLI_RUNS_TIMEOUT_MS = 240_000;

/** Two designers: one whose title only a curator's rule connects to "zine maker", one that no rule reaches. */
const PRINTER = { id: 'syn-1', slug: 'rita-print', name: 'Rita Print', description: 'Runs a small press.', current_role: { title: 'Risograph Printer', company: 'Inkworks', company_url: null } };
const OTHER = { id: 'syn-2', slug: 'otto-other', name: 'Otto Other', description: 'Makes websites.', current_role: { title: 'Web Designer', company: 'Webco', company_url: null } };

describe.skipIf(!services)('designer-directory synonyms add|list|remove, applied without a reindex', () => {
  let temp: TempDatabase;
  let db: Db;
  let env: Record<string, string>;
  let engines: { name: string; engine: SearchEngine }[];
  let dropIndices: () => Promise<void>;
  let synonyms: StoredSynonyms;

  beforeAll(async () => {
    temp = await createTempDatabase(services!.postgres, 'synonyms-cli');
    env = { DATABASE_URL: temp.url };
    expect((await runCli(['migrate'], env)).code).toBe(0);
    db = createPgDb(temp.url, { max: 2 });
    const records = [PRINTER, OTHER].map((d, i) => ({ line: i + 1, value: buildDesignerRecord(d) }));
    await importDesignerRecords(db, records);
    // Each engine reads the store's rules on every search (no cache), as replicas do once their short cache lapses.
    synonyms = new StoredSynonyms(db, { refreshMs: 0 });
    const config = { PUBLIC_BASE_URL: 'https://directory.example', SEARCH_TIMEOUT_MS: 10_000 };
    const postgres = createPostgresEngine(db, config, { synonyms });
    await postgres.prepare();
    const prefix = uniqueName('synonyms');
    const elasticsearch = createElasticsearchEngine({ ELASTICSEARCH_URL: [services!.elasticsearch], ES_INDEX_PREFIX: prefix, SEARCH_TIMEOUT_MS: 10_000 }, { synonyms });
    await elasticsearch.prepare();
    const client = createElasticsearchClient({ url: services!.elasticsearch, requestTimeoutMs: 30_000 });
    const names = indexNames(prefix);
    const manager = new ElasticsearchIndexManager(client, names);
    await new ElasticsearchDocumentWriter(client, names).indexDesigners([PRINTER, OTHER].map((d) => buildIndexedDesigner(buildDesignerRecord(d))));
    await manager.refresh();
    dropIndices = async () => {
      await elasticsearch.close();
      await manager.dropAll();
      await client.close();
    };
    engines = [
      { name: 'postgres', engine: postgres },
      { name: 'elasticsearch', engine: elasticsearch },
    ];
  });

  afterAll(async () => {
    await dropIndices?.();
    await db?.close();
    await temp?.drop();
  });

  const slugs = async (q: string) =>
    Object.fromEntries(
      await Promise.all(engines.map(async ({ name, engine }) => [name, (await engine.search.searchDesigners({ q }, { limit: 10, offset: 0 })).items.map((d) => d.slug)] as const)),
    );

  /** Why each designer matched q, as the API says it (the directory service with the engines' synonyms). */
  const reasons = async (q: string) =>
    Object.fromEntries(
      await Promise.all(
        engines.map(async ({ name, engine }) => {
          const directory = createDirectoryService({ search: engine.search, wordForms: wordFormsFrom(synonyms) });
          const page = await directory.searchDesigners({ q, highlight: true, limit: 10 }, { defaultLimit: 10, maxLimit: 10 });
          return [name, page.items.map((d) => `${d.match?.reason} | ${d.match?.fields.map((f) => f.html).join(' ')}`)] as const;
        }),
      ),
    );
  const title = 'current role: Risograph Printer at Inkworks | <mark>Risograph</mark> <mark>Printer</mark>';

  it('a stored rule is in force on both engines at once, and its removal too', async () => {
    expect(await slugs('zine maker')).toEqual({ postgres: [], elasticsearch: [] });

    const added = await runCli(['synonyms', 'add', 'Zine Maker, risograph printer'], env);
    expect(added).toMatchObject({ code: 0 });
    expect(added.stdout).toMatch(/^Added synonym rule (\d+): zine maker, risograph printer\n/);
    expect(await slugs('zine maker')).toEqual({ postgres: ['rita-print'], elasticsearch: ['rita-print'] });
    // Highlights explain it by the rule too: the title the rule found, marked whole.
    expect(await reasons('zine maker')).toEqual({ postgres: [title], elasticsearch: [title] });
    // Two-way: the title's own words still find it first, and the rule finds nothing else.
    expect(await slugs('risograph printer')).toEqual({ postgres: ['rita-print'], elasticsearch: ['rita-print'] });

    const again = await runCli(['synonyms', 'add', 'zine maker,Risograph Printer'], env);
    expect(again.stdout).toMatch(/^Already stored as rule \d+: zine maker, risograph printer\n/);

    const listed = await runCli(['synonyms', 'list', '--json'], env);
    const rules = JSON.parse(listed.stdout) as { id: number; rule: string }[];
    expect(rules.map((r) => r.rule)).toEqual(['zine maker, risograph printer']);

    const removed = await runCli(['synonyms', 'remove', String(rules[0]!.id)], env);
    expect(removed).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Removed synonym rule: zine maker, risograph printer\n/) });
    expect(await slugs('zine maker')).toEqual({ postgres: [], elasticsearch: [] });
    expect((await runCli(['synonyms', 'list'], env)).stdout).toBe('No stored synonym rules.\n');
  }, CLI_RUNS_TIMEOUT_MS);

  it('a one-way rule finds the right side from the left only', async () => {
    expect((await runCli(['synonyms', 'add', 'press operator => risograph printer'], env)).code).toBe(0);
    expect(await slugs('press operator')).toEqual({ postgres: ['rita-print'], elasticsearch: ['rita-print'] });
    expect((await runCli(['synonyms', 'remove', 'press operator => risograph printer'], env)).code).toBe(0);
    expect(await slugs('press operator')).toEqual({ postgres: [], elasticsearch: [] });
  }, CLI_RUNS_TIMEOUT_MS);

  it('a rule that is not one, or a rule not stored, exits 1 with the reason and changes nothing', async () => {
    const bad = await runCli(['synonyms', 'add', 'figma'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/a synonym rule lists at least two phrases/);
    const missing = await runCli(['synonyms', 'remove', '999'], env);
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringMatching(/No stored synonym rule 999/) });
    expect((await runCli(['synonyms', 'list', '--json'], env)).stdout).toBe('[]\n');
  }, CLI_RUNS_TIMEOUT_MS);
});
