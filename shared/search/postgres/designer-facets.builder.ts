import type { Category } from '../../domain/category.schema.ts';
import { type DesignerFacets, FACET_SIZE, type FacetName } from '../../domain/designer-facets.schema.ts';
import type { Db } from '../../store/db.ts';
import { type FacetCounts, locationFacets, toDesignerFacets } from '../designer-facets.rules.ts';
import { Params, type SearchSpec, type Statement } from './sql-builder.ts';

/**
 * Facets as counts over the search's matching set (spec.matched, the set its total counts), read in the
 * search's own transaction and snapshot. Category and company are counted and cut to the top values in
 * SQL; country and remote are read from the location, as the location filter reads it, in the
 * application (designer-facets.rules.ts): the designers are counted per location as written, which far
 * fewer rows hold.
 */

export type FacetStatementName = 'category' | 'company' | 'location';

/** The statements the facets asked for need: country and remote share the one per location. */
export function facetStatementNames(names: readonly FacetName[]): FacetStatementName[] {
  const wanted = new Set<FacetStatementName>();
  for (const name of names) wanted.add(name === 'country' || name === 'remote' ? 'location' : name);
  return [...wanted];
}

/**
 * Pure: one facet's counts over the matches as SQL. Top values by count, then by value in byte order
 * (COLLATE "C", the order of Elasticsearch's keys); a company counts each designer once, however many of
 * its roles name it.
 */
export function facetStatement(spec: SearchSpec, name: FacetStatementName): Statement {
  const params = new Params();
  const matched = spec.matched(params);
  if (name === 'location') {
    return {
      sql: `SELECT d.location AS value, count(*)::int AS count FROM (${matched}) m JOIN designers d ON d.id = m.id GROUP BY d.location`,
      params: params.values,
    };
  }
  const size = params.add(FACET_SIZE, 'int');
  // An output name cannot take COLLATE in ORDER BY: the expressions are ordered by themselves.
  const [value, count, from] =
    name === 'category'
      ? ['d.category', 'count(*)', 'designers d ON d.id = m.id']
      : ['r.company', 'count(DISTINCT r.designer_id)', 'designer_roles r ON r.designer_id = m.id'];
  return {
    sql: `SELECT ${value} AS value, ${count}::int AS count FROM (${matched}) m JOIN ${from} GROUP BY ${value} ORDER BY ${count} DESC, ${value} COLLATE "C" ASC LIMIT ${size}`,
    params: params.values,
  };
}

/** Reads the facets asked for in `tx` (the search's transaction, so the same snapshot as its page). */
export async function readDesignerFacets(tx: Db, spec: SearchSpec, names: readonly FacetName[]): Promise<DesignerFacets> {
  const rows: Partial<Record<FacetStatementName, { value: string; count: number }[]>> = {};
  for (const statement of facetStatementNames(names)) {
    const { sql, params } = facetStatement(spec, statement);
    rows[statement] = (await tx.query<{ value: string; count: number }>(sql, params)).rows;
  }
  const pairs = (list: { value: string; count: number }[] | undefined) => (list ?? []).map((r) => [r.value, Number(r.count)] as const);
  const byLocation = rows.location ? locationFacets(rows.location.map((r) => ({ location: r.value, count: Number(r.count) }))) : undefined;
  const counts: FacetCounts = {
    category: pairs(rows.category) as (readonly [Category, number])[],
    company: pairs(rows.company),
    country: byLocation?.country ?? [],
    remote: byLocation?.remote ?? [],
  };
  return toDesignerFacets(names, counts);
}
