import { afterAll, beforeAll, expect } from 'vitest';
import type { CorpusDesigner } from '../../../bench/relevance/corpus.ts';
import { loadElasticsearch, loadEmbedded, type LoadedEngines, type RankingEngine } from '../../../bench/relevance/engines.ts';
import { uniqueName } from '../../support/services.ts';

/**
 * Loads `corpus` into an index of its own on `elasticsearch` and into a fresh embedded store before the
 * suite's tests, and removes both after; call inside the suite's describe. Returns the two engines, in that
 * order, once loaded.
 */
export function rankingEngines(elasticsearch: string, name: string, corpus: readonly CorpusDesigner[]): () => RankingEngine[] {
  const loaded: LoadedEngines[] = [];
  let engines: RankingEngine[] = [];
  beforeAll(async () => {
    loaded.push(await loadElasticsearch(elasticsearch, uniqueName(name), corpus, false));
    loaded.push(await loadEmbedded(corpus));
    engines = loaded.map((l) => l.engines[0]!);
    expect(engines.map((e) => e.name)).toEqual(['elasticsearch', 'embedded (PGlite)']);
  }, 120_000);
  afterAll(async () => {
    for (const l of loaded) await l.close();
  });
  return () => engines;
}
