import { writeFile } from 'node:fs/promises';
import type { CorpusDesigner } from './corpus.ts';
import { type LoadedEngines, loadElasticsearch, loadEmbedded, runQueries } from './engines.ts';
import { toFloors } from './floors.ts';
import type { Family, JudgedQuery } from './judgements.ts';
import { type FamilyScore, type QueryResult, scoreByFamily } from './metrics.ts';

export interface JudgedRunOptions {
  corpus: readonly CorpusDesigner[];
  queries: readonly JudgedQuery[];
  /** The families scored (and their overall); the default is the main relevance families. */
  families?: readonly Family[];
  /** Elasticsearch to load the corpus into, under its own prefix; null runs the embedded engine only. */
  elasticsearch: { url: string; prefix: string; withBaseline: boolean } | null;
  /** One untimed pass first (for latency), and timed searches per query. */
  warm: boolean;
  rounds?: number;
  /** Print each query with the grades of its first five results. */
  verbose?: boolean;
}

export interface JudgedRun {
  /** Per engine that ranks (not the latency-only ones), per family. */
  scores: Map<string, FamilyScore[]>;
  /** Per engine, every timed search in ms. */
  timings: Map<string, number[]>;
}

/**
 * The judged queries on Elasticsearch (when given) and then the embedded engine, each loaded with the
 * corpus, queried, scored and closed in turn: what every relevance bench runs.
 */
export async function runJudged(options: JudgedRunOptions): Promise<JudgedRun> {
  const run: JudgedRun = { scores: new Map(), timings: new Map() };
  const measure = async (loaded: LoadedEngines) => {
    try {
      for (const [name, { results, timings }] of await runQueries(loaded.engines, options.queries, { warm: options.warm, rounds: options.rounds ?? 1 })) {
        run.timings.set(name, timings);
        if (loaded.engines.find((e) => e.name === name)?.latencyOnly) continue;
        run.scores.set(name, scoreByFamily(results, options.families));
        if (options.verbose) printGrades(name, results);
      }
    } finally {
      await loaded.close();
    }
  };
  const es = options.elasticsearch;
  if (es) await measure(await loadElasticsearch(es.url, es.prefix, options.corpus, es.withBaseline));
  await measure(await loadEmbedded(options.corpus));
  return run;
}

function printGrades(engine: string, results: readonly QueryResult[]): void {
  for (const r of results) {
    const marks = r.ranked.slice(0, 5).map((id) => r.query.grades.get(id) ?? 0).join('');
    console.error(`${engine} [${r.query.family}] "${r.query.q}" total=${r.total} grades=${marks} relevant=${r.query.grades.size}`);
  }
}

/** The CI regression test's floors, from the two engines the product ships. */
export async function writeFloors(file: string, designers: number, scores: ReadonlyMap<string, FamilyScore[]>): Promise<void> {
  const engines = new Map([...scores].filter(([name]) => name === 'elasticsearch' || name === 'embedded (PGlite)'));
  await writeFile(file, `${JSON.stringify(toFloors(designers, engines), null, 2)}\n`);
}
