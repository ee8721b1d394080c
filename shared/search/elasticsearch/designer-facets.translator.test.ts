import { describe, expect, it } from 'vitest';
import { buildFacetAggregations, buildFacetCountRequest, FACET_SHARD_SIZE, readFacetAggregations } from './designer-facets.translator.ts';

describe('buildFacetAggregations', () => {
  it('one terms aggregation per facet asked for, on its exact field, top 10 by count then value', () => {
    expect(buildFacetAggregations(['country', 'remote'])).toEqual({
      facet_country: { terms: { field: 'facets.country', size: 10, shard_size: FACET_SHARD_SIZE, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
      facet_remote: { terms: { field: 'facets.remote', size: 10, shard_size: FACET_SHARD_SIZE, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
    });
    expect(Object.values(buildFacetAggregations(['category', 'company'])).map((a) => a.terms?.field)).toEqual(['category', 'facets.companies']);
  });

  it('asks for nothing when no facet is asked for', () => {
    expect(buildFacetAggregations([])).toEqual({});
  });
});

describe('buildFacetCountRequest', () => {
  it('counts the same query with no hits and no total, so the shard request cache may keep the answer', () => {
    const query = { bool: { filter: [{ term: { category: 'brand' } }] } };
    expect(buildFacetCountRequest(query, ['category', 'remote'])).toEqual({
      size: 0,
      track_total_hits: false,
      request_cache: true,
      query,
      aggs: buildFacetAggregations(['category', 'remote']),
    });
    expect(buildFacetCountRequest(undefined, ['country'])).not.toHaveProperty('query');
  });
});

describe('readFacetAggregations', () => {
  it('reads buckets into values and counts, booleans as booleans, only the facets asked for', () => {
    const aggregations = {
      facet_category: { buckets: [{ key: 'product', doc_count: 3 }, { key: 'brand', doc_count: 1 }] },
      facet_remote: { buckets: [{ key: 0, key_as_string: 'false', doc_count: 5 }, { key: 1, key_as_string: 'true', doc_count: 2 }] },
      facet_company: { buckets: [{ key: 'Acme', doc_count: 2 }] },
    };
    expect(readFacetAggregations(['category', 'remote'], aggregations as never)).toEqual({
      category: [{ value: 'product', count: 3 }, { value: 'brand', count: 1 }],
      remote: [{ value: false, count: 5 }, { value: true, count: 2 }],
    });
  });

  it('a facet without buckets (nothing matched) is an empty list', () => {
    expect(readFacetAggregations(['country'], undefined)).toEqual({ country: [] });
  });
});
