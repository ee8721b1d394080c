import type { estypes } from '@elastic/elasticsearch';
import { tokenize } from '../../shared/text/fold.ts';

/**
 * The designer free-text query as it was before query understanding (every word required, fields as one
 * bag of words), kept only so the benchmark can time both against the same index in the same run.
 */
export function baselineDesignerQuery(q: string): estypes.QueryDslQueryContainer {
  const fields = ['name^3', 'titles^2', 'companies^2', 'description'];
  const words = tokenize(q);
  const must = words.map((word, i) => ({
    bool: {
      should: [
        { multi_match: { query: word, fields, type: 'best_fields' as const, fuzziness: 'AUTO:4,8' } },
        ...(i === words.length - 1 ? [{ multi_match: { query: word, fields, type: 'phrase_prefix' as const } }] : []),
      ],
      minimum_should_match: 1,
    },
  }));
  const text = words.join(' ');
  return {
    bool: {
      must,
      should: [
        { multi_match: { query: text, fields, type: 'best_fields', operator: 'and', boost: 2 } },
        { multi_match: { query: text, fields, type: 'phrase', boost: 2 } },
      ],
    },
  };
}
