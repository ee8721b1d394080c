import type { estypes } from '@elastic/elasticsearch';
import type { SortValueKind } from '../cursor.codec.ts';

/** One key of a documented order, with the kind of value Elasticsearch returns for it in `sort`. */
export interface EsSortKey {
  field: string;
  order: 'asc' | 'desc';
  value: SortValueKind;
}

export const SCORE_DESC: EsSortKey = { field: '_score', order: 'desc', value: 'score' };
export const LISTED_AT_DESC: EsSortKey = { field: 'listed_at', order: 'desc', value: 'epoch_ms' };
export const POSTED_AT_DESC: EsSortKey = { field: 'posted_at', order: 'desc', value: 'epoch_ms' };
export const PLACEMENT_RANK_ASC: EsSortKey = { field: 'placement_rank', order: 'asc', value: 'int32' };
export const ID_ASC: EsSortKey = { field: 'id', order: 'asc', value: 'keyword' };

export function toEsSort(keys: readonly EsSortKey[]): estypes.SortCombinations[] {
  return keys.map((k) => ({ [k.field]: { order: k.order } }));
}
