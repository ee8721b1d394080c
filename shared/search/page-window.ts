/**
 * Which records of a sorted result one page reads, on either engine: `limit` of them, from position
 * `offset`, or, in a keyset walk, those that sort after the values `after` (the last record served).
 */
export interface PageWindow {
  limit: number;
  offset?: number;
  after?: readonly unknown[];
}
