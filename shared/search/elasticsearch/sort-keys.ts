import type { estypes } from '@elastic/elasticsearch';
import type { SortValueKind } from '../cursor.codec.ts';
import type { SortField, SortRule } from '../search-rules.ts';

/** One key of a documented order, with the kind of value Elasticsearch returns for it in `sort`. */
export interface EsSortKey {
  field: string;
  order: 'asc' | 'desc';
  value: SortValueKind;
}

/** The document field behind each key of the engine-neutral orders (search-rules.ts). */
const SORT_FIELDS: Readonly<Record<SortField, { field: string; value: SortValueKind }>> = {
  score: { field: '_score', value: 'score' },
  listed_at: { field: 'listed_at', value: 'epoch_ms' },
  posted_at: { field: 'posted_at', value: 'epoch_ms' },
  placement_rank: { field: 'placement_rank', value: 'int32' },
  id: { field: 'id', value: 'keyword' },
};

export function toEsSortKeys(order: readonly SortRule[]): EsSortKey[] {
  return order.map((rule) => {
    const { field, value } = SORT_FIELDS[rule.field];
    return { field, order: rule.descending ? 'desc' : 'asc', value };
  });
}

export function toEsSort(keys: readonly EsSortKey[]): estypes.SortCombinations[] {
  return keys.map((k) => ({ [k.field]: { order: k.order } }));
}
