import { describe, expect, it } from 'vitest';
import { buildSimilarDesignersRequest } from './similar-designers.translator.ts';
import { buildSuggestRequest, readSuggestResponse } from './suggest-query.translator.ts';

describe('buildSimilarDesignersRequest', () => {
  it('is more_like_this over titles, companies and description of the designer by id, itself excluded, category as a bonus', () => {
    const request = buildSimilarDesignersRequest({ id: 'd01', category: 'product' }, 6);
    expect(request.size).toBe(6);
    const bool = request.query!.bool!;
    expect(bool.must).toEqual([
      expect.objectContaining({
        more_like_this: expect.objectContaining({ fields: ['titles', 'companies', 'description'], like: [{ _id: 'd01' }], include: false, min_doc_freq: 1 }),
      }),
    ]);
    expect(bool.must_not).toEqual([{ term: { id: 'd01' } }]);
    expect(bool.should).toEqual([{ constant_score: { filter: { term: { category: 'product' } }, boost: 0.1 } }]);
    expect(request.sort).toEqual([{ _score: { order: 'desc' } }, { listed_at: { order: 'desc' } }, { id: { order: 'asc' } }]);
  });
});

describe('buildSuggestRequest', () => {
  it('finds the word as a prefix of any kind and counts each kind’s words that start with it', () => {
    const request = buildSuggestRequest('des', 8);
    expect(request.size).toBe(0);
    expect(request.query).toEqual({
      bool: {
        filter: [
          {
            bool: {
              should: [{ prefix: { 'suggest.name': 'des' } }, { prefix: { 'suggest.title': 'des' } }, { prefix: { 'suggest.company': 'des' } }, { prefix: { 'suggest.place': 'des' } }],
              minimum_should_match: 1,
            },
          },
        ],
      },
    });
    expect(request.aggs!.title).toEqual({
      terms: { field: 'suggest.title', include: 'des.*', size: 8, shard_size: 100, order: [{ _count: 'desc' }, { _key: 'asc' }] },
    });
    expect(Object.keys(request.aggs!)).toEqual(['name', 'title', 'company', 'place']);
  });

  it('escapes anything but letters and digits in the include pattern', () => {
    expect((buildSuggestRequest('a.b', 3).aggs!.name as { terms: { include: string } }).terms.include).toBe('a\\.b.*');
  });

  it('reads the buckets back into one ranked list: count, then word, then kind', () => {
    const response = {
      aggregations: {
        name: { buckets: [{ key: 'desmond', doc_count: 2 }] },
        title: { buckets: [{ key: 'designer', doc_count: 9 }, { key: 'design', doc_count: 2 }] },
        company: { buckets: [{ key: 'design', doc_count: 2 }] },
        place: { buckets: [] },
      },
    };
    expect(readSuggestResponse(response as never, 3)).toEqual([
      { text: 'designer', kind: 'title', count: 9 },
      { text: 'design', kind: 'title', count: 2 },
      { text: 'design', kind: 'company', count: 2 },
    ]);
  });
});
