import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/relevance/corpus.ts';
import { loadElasticsearch, loadEmbedded, type LoadedEngines, runQueries } from '../../bench/relevance/engines.ts';
import { CI_DESIGNERS, type Floors, regressions } from '../../bench/relevance/floors.ts';
import { generateJudgements } from '../../bench/relevance/judgements.ts';
import { scoreByFamily } from '../../bench/relevance/metrics.ts';
import { requireServices, uniqueName } from '../support/services.ts';

/**
 * Relevance never regresses silently: the benchmark's generated directory (CI_DESIGNERS designers, the
 * judged queries of every family) on real Elasticsearch and on the embedded engine, each family held to
 * the floor recorded in bench/relevance/floors.json (`npm run bench:relevance -- --designers 2000
 * --floors bench/relevance/floors.json` records it).
 */
const services = requireServices('elasticsearch');
const corpus = generateCorpus(CI_DESIGNERS);
const queries = generateJudgements(corpus);

describe.skipIf(!services)(`relevance floors (${CI_DESIGNERS} designers, ${queries.length} judged queries)`, () => {
  let floors: Floors;
  const loaded: LoadedEngines[] = [];

  beforeAll(async () => {
    floors = JSON.parse(await readFile(new URL('../../bench/relevance/floors.json', import.meta.url), 'utf8')) as Floors;
    loaded.push(await loadElasticsearch(services!.elasticsearch, uniqueName('relevance'), corpus, false));
    loaded.push(await loadEmbedded(corpus));
  }, 300_000);
  afterAll(async () => {
    for (const engines of loaded) await engines.close();
  });

  it('the floors were recorded on the corpus size this test uses', () => {
    expect(floors.designers).toBe(CI_DESIGNERS);
    expect(Object.keys(floors.engines).sort()).toEqual(['elasticsearch', 'embedded (PGlite)']);
  });

  it('no family of either engine drops more than the tolerance below its floor', async () => {
    const engines = loaded.flatMap((l) => l.engines).filter((e) => e.name in floors.engines);
    expect(engines.map((e) => e.name).sort()).toEqual(['elasticsearch', 'embedded (PGlite)']);
    const problems: string[] = [];
    for (const [name, { results }] of await runQueries(engines, queries, { warm: false })) {
      problems.push(...regressions(floors, name, scoreByFamily(results)));
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
