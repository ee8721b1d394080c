import type { estypes } from '@elastic/elasticsearch';
import type { Category } from '../../domain/category.schema.ts';
import { type DesignerFacets, FACET_SIZE, type FacetName } from '../../domain/designer-facets.schema.ts';
import { type FacetCounts, toDesignerFacets } from '../designer-facets.rules.ts';
import type { DesignerDocument } from './designer.document.ts';

/**
 * Facets as aggregations of the search request itself, so counts and hits read the same matches. Each
 * counts the documents matching the query and every filter (aggregations ignore post_filter, which only
 * leaves already-served records out of a cursor page's hits).
 */

type FacetField = keyof Pick<DesignerDocument, 'category'> | `facets.${keyof DesignerDocument['facets']}`;

const FACET_FIELDS: Readonly<Record<FacetName, FacetField>> = {
  category: 'category',
  country: 'facets.country',
  company: 'facets.companies',
  remote: 'facets.remote',
};

/**
 * Buckets each shard returns. A terms aggregation is exact when every shard returns every value it holds
 * or (one shard, the default) always: categories, countries and the two remote values are bounded well below
 * this; companies are not, so on several shards a company's count is exact while the shards' top lists
 * overlap, which doc_count_error_upper_bound reports (it is 0 on one shard).
 */
export const FACET_SHARD_SIZE = 1000;

const aggName = (name: FacetName) => `facet_${name}`;

/** Pure: the facets asked for as terms aggregations, ordered as the answer is (count, then value). */
export function buildFacetAggregations(names: readonly FacetName[]): Record<string, estypes.AggregationsAggregationContainer> {
  return Object.fromEntries(
    names.map((name) => [
      aggName(name),
      {
        terms: {
          field: FACET_FIELDS[name],
          size: FACET_SIZE,
          shard_size: FACET_SHARD_SIZE,
          order: [{ _count: 'desc' }, { _key: 'asc' }],
        },
      },
    ]),
  );
}

/**
 * Pure: the facets of a search without free text as a request of their own, read beside the page's: no
 * hits, so the shard request cache keeps its answer until the index next changes. Browsing by filters
 * repeats across visitors (the unfiltered directory, a category, a country), and counting all 100,000
 * designers for each of them doubled the cost of the page (BENCHMARKS.md). A free-text search keeps its
 * aggregations in its own request: its query rarely repeats, and a second request would run it twice.
 */
export function buildFacetCountRequest(
  query: estypes.QueryDslQueryContainer | undefined,
  names: readonly FacetName[],
): Pick<estypes.SearchRequest, 'size' | 'track_total_hits' | 'request_cache' | 'query' | 'aggs'> {
  return { size: 0, track_total_hits: false, request_cache: true, ...(query ? { query } : {}), aggs: buildFacetAggregations(names) };
}

type Bucket = { key: string | number; key_as_string?: string; doc_count: number };

function buckets(aggregations: Record<string, estypes.AggregationsAggregate> | undefined, name: FacetName): Bucket[] {
  const agg = aggregations?.[aggName(name)] as { buckets?: Bucket[] } | undefined;
  return Array.isArray(agg?.buckets) ? agg.buckets : [];
}

/** Pure: the facets of a search response, in the engine-neutral shape. */
export function readFacetAggregations(names: readonly FacetName[], aggregations: Record<string, estypes.AggregationsAggregate> | undefined): DesignerFacets {
  const pairs = <V>(name: FacetName, value: (b: Bucket) => V) => buckets(aggregations, name).map((b) => [value(b), b.doc_count] as const);
  const counts: FacetCounts = {
    category: pairs('category', (b) => String(b.key) as Category),
    country: pairs('country', (b) => String(b.key)),
    company: pairs('company', (b) => String(b.key)),
    // Booleans aggregate as 1 and 0, with "true" and "false" as their strings.
    remote: pairs('remote', (b) => (b.key_as_string ?? String(b.key)) === 'true' || b.key === 1),
  };
  return toDesignerFacets(names, counts);
}
