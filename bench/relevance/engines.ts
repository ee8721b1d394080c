import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPostgresEngine } from '../../shared/composition/postgres-engine.factory.ts';
import { createDirectoryService } from '../../shared/directory/directory-service.ts';
import type { estypes } from '@elastic/elasticsearch';
import { profileUrl } from '../../shared/domain/designer.schema.ts';
import { buildDesignerQuery, buildDesignerSearchRequest } from '../../shared/search/elasticsearch/designer-query.translator.ts';
import { fromDesignerSource } from '../../shared/search/elasticsearch/designer.document.ts';
import { createElasticsearchClient } from '../../shared/search/elasticsearch/es-client.factory.ts';
import { ElasticsearchDocumentWriter } from '../../shared/search/elasticsearch/es-document.writer.ts';
import { ElasticsearchIndexManager } from '../../shared/search/elasticsearch/es-index-manager.ts';
import { ElasticsearchSearchRepository } from '../../shared/search/elasticsearch/es-search.repository.ts';
import { indexNames } from '../../shared/search/elasticsearch/index-names.ts';
import type { SearchPort } from '../../shared/search/search.port.ts';
import { createPgliteDb } from '../../shared/store/db.ts';
import { importDesignerRecords } from '../../shared/store/import/designer-import.ts';
import { migrate } from '../../shared/store/migrate.ts';
import { tokenize } from '../../shared/text/fold.ts';
import { baselineDesignerQuery } from './baseline-es.query.ts';
import { type CorpusDesigner, toImportRecord } from './corpus.ts';
import type { JudgedQuery } from './judgements.ts';
import { CUTOFF, type QueryResult } from './metrics.ts';

/** One way of answering a free-text query with a ranked list of designer ids. */
export interface RankingEngine {
  name: string;
  /** Timed only: its ranking is another engine's (the same query sent another way). */
  latencyOnly?: boolean;
  search(q: string): Promise<{ ranked: string[]; total: number }>;
}

const BASE_URL = 'https://directory.example';

/** An engine as requests reach it: through the directory service, which reads a request before the engine does. */
function portEngine(name: string, port: SearchPort): RankingEngine {
  const directory = createDirectoryService({ search: port });
  return {
    name,
    search: async (q) => {
      const page = await directory.searchDesigners({ q, limit: CUTOFF }, { defaultLimit: CUTOFF, maxLimit: CUTOFF });
      return { ranked: page.items.map((d) => d.id), total: page.total };
    },
  };
}

export interface LoadedEngines {
  engines: RankingEngine[];
  close(): Promise<void>;
}

/**
 * Elasticsearch with today's query, and (when `withBaseline`) the query as it was before query
 * understanding, against the same index, for the latency ratio.
 */
export async function loadElasticsearch(
  url: string,
  prefix: string,
  corpus: readonly CorpusDesigner[],
  withBaseline: boolean,
): Promise<LoadedEngines> {
  const client = createElasticsearchClient({ url, requestTimeoutMs: 60_000 });
  const names = indexNames(prefix);
  const manager = new ElasticsearchIndexManager(client, names);
  const close = async () => {
    await manager.dropAll();
    await client.close();
  };
  try {
    await manager.dropAll();
    await manager.ensureIndices();
    const writer = new ElasticsearchDocumentWriter(client, names);
    for (let i = 0; i < corpus.length; i += 1000) {
      const batch = corpus.slice(i, i + 1000).map((d) => {
        const { opted_in: _o, status: _s, listed_at: _l, ...designer } = toImportRecord(d);
        return { designer: { ...designer, id: d.id, profile_url: profileUrl(BASE_URL, d.slug) }, listed_at: d.listed_at, version: 1 };
      });
      const result = await writer.indexDesigners(batch);
      if (result.failed.length > 0) throw new Error(`indexing failed: ${result.failed[0]!.reason}`);
    }
    await manager.refresh();
    const engines: RankingEngine[] = [portEngine('elasticsearch', new ElasticsearchSearchRepository(client, names))];
    if (withBaseline) {
      // Query against query: the same request (sort, size, total, _source) straight to _search, with
      // today's query and with the query as it was. (The API path also opens a snapshot when a
      // q search has more pages, which the earlier all-words-required queries often did not.)
      const raw = (name: string, query: (q: string) => estypes.QueryDslQueryContainer, latencyOnly: boolean): RankingEngine => ({
        name,
        latencyOnly,
        search: async (q) => {
          const request = { ...buildDesignerSearchRequest({ q }, { limit: CUTOFF, offset: 0 }), query: query(q) };
          const response = await client.search({ index: names.designers, ...request });
          const total = response.hits.total;
          const ids = response.hits.hits.map((h) => fromDesignerSource(h._source).id);
          return { ranked: ids, total: typeof total === 'number' ? total : (total?.value ?? 0) };
        },
      });
      engines.push(raw('elasticsearch query (now)', (q) => buildDesignerQuery({ q }), true));
      engines.push(raw('elasticsearch (before)', baselineDesignerQuery, false));
    }
    return { engines, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The embedded engine (PGlite and the Postgres search engine) and the naive ILIKE floor on the same rows. */
export async function loadEmbedded(corpus: readonly CorpusDesigner[]): Promise<LoadedEngines> {
  const dir = await mkdtemp(join(tmpdir(), 'dd-relevance-'));
  const db = await createPgliteDb(dir);
  const close = async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    const records = corpus.map((d, i) => ({ line: i + 1, value: toImportRecord(d) as unknown }));
    for (let i = 0; i < records.length; i += 1000) {
      const result = await importDesignerRecords(db, records.slice(i, i + 1000));
      if (result.skipped.length > 0) throw new Error(`import skipped ${result.skipped.length} records`);
    }
    const embedded = createPostgresEngine(db, { PUBLIC_BASE_URL: BASE_URL, SEARCH_TIMEOUT_MS: 60_000 });
    await embedded.prepare();
    const ilike: RankingEngine = {
      name: "ILIKE '%word%' floor",
      search: async (q) => {
        const words = tokenize(q);
        const where = words.map((_, i) => `r.text ILIKE $${i + 1}`).join(' AND ') || 'true';
        const { rows } = await db.query<{ id: string; total: string }>(
          `SELECT r.id, count(*) OVER ()::text AS total FROM (
             SELECT d.id, d.listed_at, d.name || ' ' || d.description || ' ' || coalesce(string_agg(x.title || ' ' || x.company, ' '), '') AS text
               FROM designers d LEFT JOIN designer_roles x ON x.designer_id = d.id
              WHERE d.status = 'published' AND d.opted_in
              GROUP BY d.id) r
            WHERE ${where} ORDER BY r.listed_at DESC, r.id LIMIT ${CUTOFF}`,
          words.map((w) => `%${w}%`),
        );
        return { ranked: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
      },
    };
    return { engines: [portEngine('embedded (PGlite)', embedded.search), ilike], close };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface EngineRun {
  results: QueryResult[];
  /** Every timed search in ms (rounds × queries). */
  timings: number[];
}

/**
 * Runs every judged query on every engine, the engines taking turns query by query so that load from
 * elsewhere on the machine falls on all of them alike; by default one untimed warm-up pass first, and
 * `rounds` timed searches per query (the engines are deterministic: every round answers the same).
 */
export async function runQueries(
  engines: readonly RankingEngine[],
  queries: readonly JudgedQuery[],
  options: { warm: boolean; rounds?: number } = { warm: true },
): Promise<Map<string, EngineRun>> {
  if (options.warm) for (const query of queries) for (const engine of engines) await engine.search(query.q);
  const runs = new Map(engines.map((e) => [e.name, { results: [], timings: [] } as EngineRun]));
  for (const query of queries) {
    for (const engine of engines) {
      const run = runs.get(engine.name)!;
      for (let round = 0; round < (options.rounds ?? 1); round++) {
        const start = performance.now();
        const { ranked, total } = await engine.search(query.q);
        const ms = performance.now() - start;
        run.timings.push(ms);
        if (round === 0) run.results.push({ query, ranked, total, ms });
      }
    }
  }
  return runs;
}
