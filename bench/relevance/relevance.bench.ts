/**
 * Relevance benchmark: a generated directory, judged queries in families, and nDCG@10, MRR, top-1,
 * top-3 and zero-result rates per family on Elasticsearch, the embedded engine and a naive ILIKE floor,
 * plus p95 latency against the query as it was before (Elasticsearch, same index, same run).
 * Usage: ELASTICSEARCH_URL=http://127.0.0.1:9200 npm run bench:relevance [-- --designers 5000 --json out.json]
 */
import { writeFile } from 'node:fs/promises';
import { Command } from 'commander';
import { generateCorpus } from './corpus.ts';
import { loadElasticsearch, loadEmbedded, type RankingEngine, runQueries } from './engines.ts';
import { FAMILIES, generateJudgements } from './judgements.ts';
import { type FamilyScore, percentile, scoreByFamily } from './metrics.ts';
import { toFloors } from './floors.ts';
import { writeBenchResult } from '../support/bench-result.ts';
import { familyTable } from './report.ts';

const options = new Command()
  .option('--designers <n>', 'designers in the generated directory', (v) => Number(v), 5000)
  .option('--json <file>', 'also write the scores as JSON')
  .option('--no-elasticsearch', 'skip Elasticsearch')
  .option('--floors <file>', 'write the per-family floors of the CI regression test (use with --designers 2000)')
  .option('--rounds <n>', 'timed searches per query and engine', (v) => Number(v), 3)
  .option('--verbose', 'print each query with its first results')
  .parse()
  .opts<{ designers: number; json?: string; elasticsearch: boolean; floors?: string; rounds: number; verbose?: boolean }>();

const corpus = generateCorpus(options.designers);
const queries = generateJudgements(corpus);
console.error(`${corpus.length} designers, ${queries.length} judged queries`);

const scores = new Map<string, FamilyScore[]>();
const latency: string[] = [];
const latencyMs: Record<string, { searches: number; p50_ms: number; p95_ms: number }> = {};
const p95 = new Map<string, number>();
async function measure(engines: RankingEngine[]) {
  for (const [name, { results, timings: ms }] of await runQueries(engines, queries, { warm: true, rounds: options.rounds })) {
    if (!engines.find((e) => e.name === name)?.latencyOnly) scores.set(name, scoreByFamily(results));
    p95.set(name, percentile(ms, 95));
    latencyMs[name] = { searches: ms.length, p50_ms: percentile(ms, 50), p95_ms: percentile(ms, 95) };
    latency.push(`| ${name} | ${ms.length} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 95).toFixed(1)} |`);
    if (options.verbose) {
      for (const r of results) {
        const marks = r.ranked.slice(0, 5).map((id) => r.query.grades.get(id) ?? 0).join('');
        console.error(`${name} [${r.query.family}] "${r.query.q}" total=${r.total} grades=${marks} relevant=${r.query.grades.size}`);
      }
    }
  }
}

if (options.elasticsearch) {
  const es = await loadElasticsearch(process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200', 'bench_relevance_', corpus, true);
  try {
    await measure(es.engines);
  } finally {
    await es.close();
  }
}
const embedded = await loadEmbedded(corpus);
try {
  await measure(embedded.engines);
} finally {
  await embedded.close();
}

console.log(`\n${corpus.length} designers, ${queries.length} judged queries (${FAMILIES.length} families)\n`);
console.log(familyTable(scores));
console.log('\n| engine | timed searches | p50 ms | p95 ms |\n|---|---|---|---|');
for (const line of latency) console.log(line);
if (p95.has('elasticsearch (before)')) {
  const ratio = (p95.get('elasticsearch query (now)')! / p95.get('elasticsearch (before)')!).toFixed(2);
  console.log(`\nElasticsearch query p95, now / before (same request shape, same index, same run): ${ratio}`);
}
writeBenchResult('relevance', options, { designers: corpus.length, queries: queries.length, scores: Object.fromEntries(scores), latency: latencyMs });
if (options.json) await writeFile(options.json, `${JSON.stringify(Object.fromEntries(scores), null, 2)}\n`);
if (options.floors) {
  const engines = new Map([...scores].filter(([name]) => name === 'elasticsearch' || name === 'embedded (PGlite)'));
  await writeFile(options.floors, `${JSON.stringify(toFloors(corpus.length, engines), null, 2)}\n`);
}
