import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conceptDistractors, generateConceptJudgements } from '../../bench/relevance/concept-judgements.ts';
import { generateCorpus } from '../../bench/relevance/corpus.ts';
import { loadElasticsearch, loadEmbedded, type LoadedEngines, runQueries } from '../../bench/relevance/engines.ts';
import { CI_DESIGNERS, type Floors, regressions } from '../../bench/relevance/floors.ts';
import { CONCEPT_FAMILIES } from '../../bench/relevance/judgements.ts';
import { scoreByFamily } from '../../bench/relevance/metrics.ts';
import { requireServices, uniqueName } from '../support/services.ts';

/**
 * Relevance beyond literal words never regresses silently: the concept families (synonyms, word forms,
 * multi-constraint requests, other languages, hard nothing-relevant requests) on the generated directory
 * with its distractors, on real Elasticsearch and the embedded engine, each family held to the floor in
 * bench/relevance/concept-floors.json (`npm run bench:concepts -- --designers 2000 --floors
 * bench/relevance/concept-floors.json` records it).
 */
const services = requireServices('elasticsearch');
const generated = generateCorpus(CI_DESIGNERS);
const distractors = conceptDistractors();
const corpus = [...generated, ...distractors];
const queries = generateConceptJudgements(generated, distractors);

describe.skipIf(!services)(`concept relevance floors (${corpus.length} designers, ${queries.length} judged queries)`, () => {
  let floors: Floors;
  const loaded: LoadedEngines[] = [];

  beforeAll(async () => {
    floors = JSON.parse(await readFile(new URL('../../bench/relevance/concept-floors.json', import.meta.url), 'utf8')) as Floors;
    loaded.push(await loadElasticsearch(services!.elasticsearch, uniqueName('concepts'), corpus, false));
    loaded.push(await loadEmbedded(corpus));
  }, 300_000);
  afterAll(async () => {
    for (const engines of loaded) await engines.close();
  });

  it('the floors were recorded on the corpus size this test uses, for every concept family', () => {
    expect(floors.designers).toBe(CI_DESIGNERS);
    expect(Object.keys(floors.engines).sort()).toEqual(['elasticsearch', 'embedded (PGlite)']);
    for (const engine of Object.values(floors.engines)) expect(Object.keys(engine).sort()).toEqual([...CONCEPT_FAMILIES, 'overall'].sort());
  });

  it('no family of either engine drops more than the tolerance below its floor', async () => {
    const engines = loaded.flatMap((l) => l.engines).filter((e) => e.name in floors.engines);
    const problems: string[] = [];
    for (const [name, { results }] of await runQueries(engines, queries, { warm: false })) {
      problems.push(...regressions(floors, name, scoreByFamily(results, CONCEPT_FAMILIES)));
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
