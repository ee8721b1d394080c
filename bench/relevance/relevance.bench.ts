/**
 * Relevance benchmark: a generated directory, judged queries in families, and nDCG@10, MRR, top-1,
 * top-3 and zero-result rates per family on Elasticsearch, the embedded engine and a naive ILIKE floor,
 * plus p95 latency against the query as it was before (Elasticsearch, same index, same run).
 * Usage: ELASTICSEARCH_URL=http://127.0.0.1:9200 npm run bench:relevance [-- --designers 5000 --json out.json --seed 5]
 */
import { writeFile } from 'node:fs/promises';
import { Command } from 'commander';
import { writeBenchResult } from '../support/bench-result.ts';
import { generateCorpus } from './corpus.ts';
import { runJudged, writeFloors } from './judged-run.ts';
import { FAMILIES, generateJudgements } from './judgements.ts';
import { percentile } from './metrics.ts';
import { familyTable } from './report.ts';

const options = new Command()
  .option('--designers <n>', 'designers in the generated directory', (v) => Number(v), 5000)
  .option('--json <file>', 'also write the scores as JSON')
  .option('--no-elasticsearch', 'skip Elasticsearch')
  .option('--floors <file>', 'write the per-family floors of the CI regression test (use with --designers 2000)')
  .option('--rounds <n>', 'timed searches per query and engine', (v) => Number(v), 3)
  .option('--verbose', 'print each query with its first results')
  .option('--seed <n>', 'draw another directory and other queries from the same generators (held-out check)', (v) => Number(v))
  .parse()
  .opts<{ designers: number; json?: string; elasticsearch: boolean; floors?: string; rounds: number; verbose?: boolean; seed?: number }>();

const corpus = generateCorpus(options.designers, options.seed);
const queries = generateJudgements(corpus, options.seed);
console.error(`${corpus.length} designers, ${queries.length} judged queries`);

const { scores, timings } = await runJudged({
  corpus,
  queries,
  elasticsearch: options.elasticsearch
    ? { url: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200', prefix: `bench_relevance_${process.pid}_`, withBaseline: true }
    : null,
  warm: true,
  rounds: options.rounds,
  verbose: options.verbose ?? false,
});

const latencyMs = Object.fromEntries(
  [...timings].map(([name, ms]) => [name, { searches: ms.length, p50_ms: percentile(ms, 50), p95_ms: percentile(ms, 95) }]),
);
console.log(`\n${corpus.length} designers, ${queries.length} judged queries (${FAMILIES.length} families)\n`);
console.log(familyTable(scores));
console.log('\n| engine | timed searches | p50 ms | p95 ms |\n|---|---|---|---|');
for (const [name, l] of Object.entries(latencyMs)) console.log(`| ${name} | ${l.searches} | ${l.p50_ms.toFixed(1)} | ${l.p95_ms.toFixed(1)} |`);
const before = latencyMs['elasticsearch (before)'];
const now = latencyMs['elasticsearch query (now)'];
if (before && now) {
  console.log(`\nElasticsearch query p95, now / before (same request shape, same index, same run): ${(now.p95_ms / before.p95_ms).toFixed(2)}`);
}
writeBenchResult('relevance', options, { designers: corpus.length, queries: queries.length, scores: Object.fromEntries(scores), latency: latencyMs });
if (options.json) await writeFile(options.json, `${JSON.stringify(Object.fromEntries(scores), null, 2)}\n`);
if (options.floors) await writeFloors(options.floors, corpus.length, scores);
