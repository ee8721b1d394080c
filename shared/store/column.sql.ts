import type { Column, Columns, RowOf, ValuesOf } from '../domain/field-set.ts';
import type { ListedRule } from '../domain/listed.rule.ts';

/** The columns as an alias-qualified select list, in declaration order. */
export function selectList(columns: Columns, alias: string): string {
  return Object.keys(columns)
    .map((name) => `${alias}.${name}`)
    .join(', ');
}

/** A row's columns as public values: instants become ISO 8601 strings. Keys keep declaration order. */
export function fromRow<C extends Columns>(columns: C, row: RowOf<C>): ValuesOf<C> {
  const values: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(columns)) {
    const value = (row as Record<string, unknown>)[name];
    values[name] = column.type === 'timestamptz' ? (value as Date).toISOString() : value;
  }
  return values as ValuesOf<C>;
}

/**
 * Instants leave the store at millisecond precision (fromRow's Date, JSON, Elasticsearch dates), so the
 * writers stamp them at that precision and compare them at it: an instant read out, exported and imported
 * back is the same instant, not a change (migration millisecond-stamps).
 */
export const STAMP_NOW = "date_trunc('milliseconds', now())";
export const toMillisecond = (sql: string) => `date_trunc('milliseconds', ${sql})`;

/** The Postgres array type that carries a column's values in a multi-row write (unnest). */
export function arrayType(column: Column): string {
  return `${column.type}[]`;
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The rule as a predicate over `alias`. `instant` is the SQL of the reading instant (a bind parameter),
 * needed only by a rule with liveUntil. The text of a state-only rule is exactly the predicate of the
 * partial indices that serve the listed set (migrations), so the planner matches them.
 */
export function listedSql<S extends object, I extends string>(rule: ListedRule<S, I>, alias: string, instant?: string): string {
  const parts = Object.entries(rule.state).map(([field, value]) => {
    if (value === true) return `${alias}.${field}`;
    if (value === false) return `NOT ${alias}.${field}`;
    return `${alias}.${field} = ${literal(String(value))}`;
  });
  if (rule.liveUntil !== undefined) {
    if (instant === undefined) throw new Error(`being listed depends on the clock (${rule.liveUntil}): pass the instant`);
    parts.push(`${alias}.${rule.liveUntil} > ${instant}`);
  }
  return `(${parts.join(' AND ')})`;
}
