import type { estypes } from '@elastic/elasticsearch';
import type { Designer } from '../../domain/designer.schema.ts';
import { SIMILAR_CATEGORY_BOOST, SIMILAR_MAX_WORDS, SIMILAR_STOP_WORDS, SIMILAR_TEXT_FIELDS } from '../similar-designers.rules.ts';
import { toEsSort, toEsSortKeys } from './sort-keys.ts';
import { ascending, descending } from '../search-rules.ts';

/**
 * Pure: the designers most like this one, as Elasticsearch's more_like_this over the words of role titles,
 * companies and description (like: the designer's own document), with a small bonus for the same category.
 * The designer itself is left out (include: false, and by id), and the index holds listed designers only.
 * min_doc_freq 1 and min_term_freq 1: a small directory's rare words are exactly the telling ones.
 */
export function buildSimilarDesignersRequest(designer: Pick<Designer, 'id' | 'category'>, limit: number): Omit<estypes.SearchRequest, 'index'> {
  return {
    query: {
      bool: {
        must: [
          {
            more_like_this: {
              fields: [...SIMILAR_TEXT_FIELDS],
              like: [{ _id: designer.id }],
              include: false,
              min_term_freq: 1,
              min_doc_freq: 1,
              min_word_length: 2,
              max_query_terms: SIMILAR_MAX_WORDS,
              minimum_should_match: '1',
              stop_words: [...SIMILAR_STOP_WORDS],
            },
          },
        ],
        should: [{ constant_score: { filter: { term: { category: designer.category } }, boost: SIMILAR_CATEGORY_BOOST } }],
        must_not: [{ term: { id: designer.id } }],
      },
    },
    sort: toEsSort(toEsSortKeys([descending('score'), descending('listed_at'), ascending('id')])),
    size: limit,
    track_total_hits: false,
    _source: ['designer'],
  };
}
