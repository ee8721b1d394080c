import { describe, expect, it } from 'vitest';
import type { JudgedQuery } from './judgements.ts';
import { hitAt, intended, ndcgAt, percentile, reciprocalRank, scoreByFamily } from './metrics.ts';

const grades = new Map([
  ['a', 3],
  ['b', 1],
  ['c', 3],
]);

describe('relevance metrics', () => {
  it('nDCG is 1 for the ideal order and lower when the best record sinks', () => {
    expect(ndcgAt(10, ['a', 'c', 'b'], grades)).toBeCloseTo(1);
    const sunk = ndcgAt(10, ['b', 'x', 'a', 'c'], grades);
    // gains 7,7,1 ideal: 7 + 7/log2(3) + 1/2; got: 1 + 0 + 7/2 + 7/log2(5)
    const ideal = 7 + 7 / Math.log2(3) + 1 / 2;
    expect(sunk).toBeCloseTo((1 + 7 / 2 + 7 / Math.log2(5)) / ideal);
  });

  it('nDCG counts only the first k results', () => {
    expect(ndcgAt(1, ['x', 'a'], grades)).toBe(0);
  });

  it('nDCG of a query nothing answers is 1 only for an empty result', () => {
    expect(ndcgAt(10, [], new Map())).toBe(1);
    expect(ndcgAt(10, ['a'], new Map())).toBe(0);
  });

  it('the intended answers are the records with the top grade', () => {
    expect([...intended(grades)].sort()).toEqual(['a', 'c']);
    expect(intended(new Map()).size).toBe(0);
  });

  it('reciprocal rank and hits look at the first intended answer', () => {
    const answers = new Set(['c']);
    expect(reciprocalRank(['a', 'b', 'c'], answers)).toBeCloseTo(1 / 3);
    expect(reciprocalRank(['a'], answers)).toBe(0);
    expect(hitAt(1, ['c', 'a'], answers)).toBe(1);
    expect(hitAt(3, ['a', 'b', 'x', 'c'], answers)).toBe(0);
  });

  it('scores each family and an overall row without the nothing family', () => {
    const q = (family: JudgedQuery['family'], g: Map<string, number>): JudgedQuery => ({ family, q: 'x', grades: g });
    const rows = scoreByFamily([
      { query: q('names', new Map([['a', 3]])), ranked: ['a'], total: 1, ms: 1 },
      { query: q('names', new Map([['a', 3]])), ranked: [], total: 0, ms: 1 },
      { query: q('nothing', new Map()), ranked: [], total: 0, ms: 1 },
    ]);
    const names = rows.find((r) => r.family === 'names')!;
    expect(names).toMatchObject({ queries: 2, ndcg: 0.5, mrr: 0.5, top1: 0.5, top3: 0.5, zeroRate: 0.5 });
    expect(rows.find((r) => r.family === 'nothing')).toMatchObject({ zeroRate: 1 });
    expect(rows.at(-1)).toMatchObject({ family: 'overall', queries: 2, ndcg: 0.5 });
  });

  it('percentile uses the nearest rank', () => {
    expect(percentile([5, 1, 4, 2, 3], 95)).toBe(5);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([], 95)).toBe(0);
  });
});
