import type { PageWindow } from '../page-window.ts';
/** Collects bind parameters while a statement is assembled; values never enter the SQL text. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

/** One key of a keyset order. */
export interface SortKey {
  /** Column of the ordered relation, without its alias. */
  column: string;
  desc: boolean;
  /** The SQL type the cursor value is bound as. */
  cast: string;
}

/**
 * The rows strictly after `values` in the order `keys` (mixed directions allowed):
 * k1 after v1, or k1 = v1 and (k2 after v2, or ...).
 */
export function keysetAfter(keys: readonly SortKey[], values: readonly unknown[], params: Params, alias: string): string {
  const [key, ...rest] = keys;
  if (!key) return 'false';
  const column = `${alias}.${key.column}`;
  const value = params.add(values[0], key.cast);
  const after = `${column} ${key.desc ? '<' : '>'} ${value}`;
  if (rest.length === 0) return `(${after})`;
  return `(${after} OR (${column} = ${value} AND ${keysetAfter(rest, values.slice(1), params, alias)}))`;
}

export function orderBy(keys: readonly SortKey[], alias: string): string {
  return keys.map((k) => `${alias}.${k.column} ${k.desc ? 'DESC' : 'ASC'}`).join(', ');
}

export interface Statement {
  sql: string;
  params: unknown[];
}


export interface SearchSpec {
  /** Selects id and the sort key columns of every matching row; with `top`, only the rows of the top (see `top`). */
  matched: (params: Params, options?: { top?: boolean }) => string;
  /**
   * For a relevance order: the rows that can score above `bound` are selected with `matched(params, { top:
   * true })`, and every other match scores at most `bound`. A page read from them alone is the page of all
   * matches when it is full and its last row scores above the bound (see topOfRanking).
   */
  top?: { bound: number };
  keys: readonly SortKey[];
  /** The entity table with its alias, joined on id to read the page's full rows. */
  table: string;
  alias: string;
  /** The select list of one full row (uses alias). */
  select: string;
}

/** Exact total of matches. */
export function countStatement(spec: SearchSpec): Statement {
  const params = new Params();
  return { sql: `SELECT count(*)::text AS total FROM (${spec.matched(params)}) m`, params: params.values };
}

/**
 * One page of full rows in sort order, each with its sort values (sort_values) for the next cursor.
 * withTotal adds the number of matches to every row (total_matches): for an order no index serves
 * (relevance), the page reads every match anyway, so the total comes with it instead of a second scan.
 * Not for cursor pages, where it would count only the matches after the cursor.
 * top reads the rows of spec.top only (see topOfRanking).
 */
export function pageStatement(spec: SearchSpec, window: PageWindow, options: { withTotal?: boolean; top?: boolean } = {}): Statement {
  const params = new Params();
  const matched = spec.matched(params, { top: options.top });
  const after = window.after ? `WHERE ${keysetAfter(spec.keys, window.after, params, 'm')}` : '';
  const total = options.withTotal && !window.after ? ', count(*) OVER () AS total_matches' : '';
  const limit = params.add(window.limit, 'int');
  const offset = params.add(window.offset ?? 0, 'int');
  // bigint sort values travel as strings: JSON numbers would lose precision past 2^53.
  const values = spec.keys.map((k) => (k.cast === 'bigint' ? `p.${k.column}::text` : `p.${k.column}`)).join(', ');
  return {
    sql: `
      SELECT ${spec.select}, json_build_array(${values}) AS sort_values${total ? ', p.total_matches' : ''}
        FROM (SELECT m.*${total} FROM (${matched}) m ${after} ORDER BY ${orderBy(spec.keys, 'm')} LIMIT ${limit} OFFSET ${offset}) p
        JOIN ${spec.table} ON ${spec.alias}.id = p.id
       ORDER BY ${orderBy(spec.keys, 'p')}`,
    params: params.values,
  };
}

/**
 * Whether a page read from spec.top's rows alone (`scores`: its rows' scores in order, the probe row of a
 * cursor page included) is the page of all matches: every other match scores at most the bound, so when the
 * top's rows fill the window and the last of them scores above the bound, no other match ranks before any of
 * them. Otherwise the page is read from all matches.
 */
export function topOfRanking(scores: readonly number[], window: Pick<PageWindow, 'limit'>, bound: number): boolean {
  return window.limit > 0 && scores.length === window.limit && scores[window.limit - 1]! > bound;
}
