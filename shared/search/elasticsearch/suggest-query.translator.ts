import type { estypes } from '@elastic/elasticsearch';
import { SUGGESTION_KINDS, type Suggestion } from '../../domain/suggest.schema.ts';
import { rankSuggestions } from '../suggest.rules.ts';

/** A word's own characters in a Lucene regular expression: words hold letters and digits, the escape is a guard. */
function literal(word: string): string {
  return word.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`);
}

/**
 * Pure: completions of one folded word as an Elasticsearch request. The designers holding a word of any kind
 * that starts with it (a prefix query on the keyword fields), and for each kind a terms aggregation over
 * those words alone (include), the most designers first: every count is exact, since a document counts once
 * per word and shard_size reads past what one shard could tie.
 */
export function buildSuggestRequest(word: string, limit: number): Omit<estypes.SearchRequest, 'index'> {
  const field = (kind: string) => `suggest.${kind}`;
  return {
    size: 0,
    track_total_hits: false,
    query: { bool: { filter: [{ bool: { should: SUGGESTION_KINDS.map((kind) => ({ prefix: { [field(kind)]: word } })), minimum_should_match: 1 } }] } },
    aggs: Object.fromEntries(
      SUGGESTION_KINDS.map((kind) => [
        kind,
        {
          terms: {
            field: field(kind),
            include: `${literal(word)}.*`,
            size: limit,
            shard_size: Math.max(100, limit * 10),
            order: [{ _count: 'desc' }, { _key: 'asc' }],
          },
        },
      ]),
    ),
  };
}

/** The aggregations of that request back to completions, in the served order. */
export function readSuggestResponse(response: Pick<estypes.SearchResponse, 'aggregations'>, limit: number): Suggestion[] {
  const found: Suggestion[] = [];
  for (const kind of SUGGESTION_KINDS) {
    const agg = response.aggregations?.[kind] as estypes.AggregationsStringTermsAggregate | undefined;
    const buckets = (agg?.buckets ?? []) as estypes.AggregationsStringTermsBucket[];
    for (const bucket of buckets) found.push({ text: String(bucket.key), kind, count: bucket.doc_count });
  }
  return rankSuggestions(found, limit);
}
