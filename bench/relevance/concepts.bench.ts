/**
 * Relevance beyond literal words: synonyms and concept equivalents, word forms, multi-constraint agent
 * requests, other languages, and hard nothing-relevant requests (concept-judgements.ts), on the generated
 * directory with its hard distractors, on Elasticsearch and the embedded engine.
 * Usage: ELASTICSEARCH_URL=http://127.0.0.1:9200 npm run bench:concepts [-- --designers 2000 --floors bench/relevance/concept-floors.json --seed 5]
 */
import { Command } from 'commander';
import { writeBenchResult } from '../support/bench-result.ts';
import { conceptDistractors, generateConceptJudgements } from './concept-judgements.ts';
import { generateCorpus } from './corpus.ts';
import { runJudged, writeFloors } from './judged-run.ts';
import { CONCEPT_FAMILIES } from './judgements.ts';
import { familyTable } from './report.ts';

const options = new Command()
  .option('--designers <n>', 'designers in the generated directory (the distractors join them)', (v) => Number(v), 2000)
  .option('--floors <file>', 'write the per-family floors of the CI regression test')
  .option('--verbose', 'print each query with the grades of its first results')
  .option('--seed <n>', 'draw another directory and other queries from the same generators (held-out check)', (v) => Number(v))
  .parse()
  .opts<{ designers: number; floors?: string; verbose?: boolean; seed?: number }>();

const generated = generateCorpus(options.designers, options.seed);
const distractors = conceptDistractors();
const corpus = [...generated, ...distractors];
const queries = generateConceptJudgements(generated, distractors, options.seed);
console.error(`${corpus.length} designers, ${queries.length} judged queries`);

const { scores } = await runJudged({
  corpus,
  queries,
  families: CONCEPT_FAMILIES,
  elasticsearch: { url: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200', prefix: `bench_concepts_${process.pid}_`, withBaseline: false },
  warm: false,
  verbose: options.verbose ?? false,
});

console.log(`\n${corpus.length} designers, ${queries.length} judged queries (${CONCEPT_FAMILIES.length} families)\n`);
console.log(familyTable(scores));
writeBenchResult('concepts', options, { designers: corpus.length, queries: queries.length, scores: Object.fromEntries(scores) });
if (options.floors) await writeFloors(options.floors, options.designers, scores);
