import { describe, expect, it } from 'vitest';
import { type Floors, regressions, toFloors } from './floors.ts';
import type { FamilyScore } from './metrics.ts';

const row = (family: FamilyScore['family'], ndcg: number, zeroRate = 0): FamilyScore => ({
  family,
  queries: 10,
  ndcg,
  mrr: ndcg,
  top1: ndcg,
  top3: ndcg,
  zeroRate,
});

describe('relevance floors', () => {
  it('records nDCG per family, and the empty-answer rate for the nothing family', () => {
    const floors = toFloors(100, new Map([['es', [row('names', 0.98765), row('nothing', 1, 0.9)]]]));
    expect(floors).toEqual({ designers: 100, tolerance: 0.02, engines: { es: { names: 0.988, nothing: 0.9 } } });
  });

  it('records and holds the top-1 rate of title+company as well', () => {
    const floors = toFloors(100, new Map([['es', [{ ...row('title+company', 0.9), top1: 0.85 }]]]));
    expect(floors.engines.es).toEqual({ 'title+company': 0.9, 'title+company top-1': 0.85 });
    expect(regressions(floors, 'es', [{ ...row('title+company', 0.9), top1: 0.8 }])).toEqual([
      'es title+company top-1: 0.800 is below the floor 0.850 (tolerance 0.02)',
    ]);
  });

  it('reports a family more than the tolerance below its floor, and only that', () => {
    const floors: Floors = { designers: 100, tolerance: 0.02, engines: { es: { names: 0.95, agent: 0.8, nothing: 1 } } };
    expect(regressions(floors, 'es', [row('names', 0.935), row('agent', 0.7), row('nothing', 1, 0.96)])).toEqual([
      'es agent: 0.700 is below the floor 0.800 (tolerance 0.02)',
      'es nothing: 0.960 is below the floor 1.000 (tolerance 0.02)',
    ]);
  });
});
